/**
 * The embedded database's first run (`npm start` runs it before the server, ADR 0038). When
 * there is no embedded database yet, it is made beside its place: migrated, seeded with the
 * demo data, its flux issued as if each had been created in the app (R-DOC-01) and the demo's
 * past fiscal years closed (R-LEDG-09); then moved into place. An interrupted first run leaves
 * no half-made database: the next start makes it again. The demo's sample bank files (the
 * statement and return report of the bank's last days, not imported yet) are written into
 * <DATA_DIR>/exemples-bancaires (README).
 * Env: SEED_DEMO_DATA (auto | never), SEED_FLUX, SEED_SCALE, DATA_DIR, SEPA_CREDITOR_ICS.
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { parisToday } from '@gdf/domain';
import {
  closeDemoFiscalYears,
  creditorIdentifier,
  issueDemoReminders,
  dataDir,
  defaultPgliteDir,
  issueMissingDocuments,
  openDatabase,
  readEnvironment,
} from '@gdf/server/seed-api';
import { writeDemoBankFiles } from './demo-bank-files';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoUserId } from './demo-accounts';
import { seedDemoData } from './seed';

/** The embedded database exists once PostgreSQL's data directory holds its version file. */
const embeddedDatabaseExists = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

const env = (() => {
  try {
    return readEnvironment();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
})();
const target = defaultPgliteDir();

if (!env.DATABASE_URL && env.SEED_DEMO_DATA === 'auto' && !embeddedDatabaseExists(target)) {
  const started = performance.now();
  const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
  const partial = `${target}.premiere-execution`;
  await rm(partial, { recursive: true, force: true });
  console.log(`Première exécution : génération des données de démonstration (${env.SEED_FLUX} flux)...`);
  const database = await openDatabase({ dataDir: partial });
  let bankFiles: string[] = [];
  try {
    const seeded = await seedDemoData(database, {
      flux: env.SEED_FLUX,
      scale: env.SEED_SCALE,
      onProgress: (message) => console.log(`  ${message}`),
    });
    const issuing = performance.now();
    const issued = await issueMissingDocuments(
      database,
      { creditorIdentifier: creditorIdentifier(env.SEPA_CREDITOR_ICS) },
      { onProgress: ({ scannedUpTo, maxId }) => console.log(`  émission des documents : ${scannedUpTo} / ${maxId}`) },
    );
    console.log(`  ${issued} flux émis en ${seconds(issuing)} s`);
    const closing = performance.now();
    const closed = await closeDemoFiscalYears(database, parisToday());
    console.log(`  ${closed} exercices comptables clôturés en ${seconds(closing)} s`);
    const letters = await issueDemoReminders(database, demoUserId('siege@demo.fr'), new Date());
    console.log(`  ${letters} lettres de relance émises par le siège`);
    bankFiles = await writeDemoBankFiles(database, seeded.bank, path.join(dataDir(), 'exemples-bancaires'));
  } finally {
    await database.close();
  }
  await rm(target, { recursive: true, force: true }); // an empty directory left by a failed open, if any
  await rename(partial, target);
  console.log(`Données de démonstration prêtes en ${seconds(started)} s.`);
  console.log(`Comptes de démonstration (mot de passe : ${DEMO_PASSWORD}) :`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(28)} ${account.description}`);
  console.log('Fichiers bancaires de démonstration (Exports > SEPA, onglets « Relevés bancaires » et « Retours ») :');
  for (const file of bankFiles) console.log(`  ${file}`);
}
