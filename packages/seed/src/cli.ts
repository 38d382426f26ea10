/**
 * `npm run seed -- --flux N [--reset] [--scale full|small] [--today YYYY-MM-DD] [--seed N]`
 * Seeds DATABASE_URL when set, else the embedded PGlite database in <root>/data/pglite.
 */
import { parseArgs } from 'node:util';
import { centsToDecimal } from '@gdf/domain';
import { defaultPgliteDir, openDatabase } from '@gdf/server/seed-api';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { SeedRefusedError, seedDemoData } from './seed';

const USAGE = 'Usage : npm run seed -- --flux N [--reset] [--scale full|small] [--today AAAA-MM-JJ] [--seed N]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        flux: { type: 'string' },
        reset: { type: 'boolean', default: false },
        scale: { type: 'string', default: 'full' },
        today: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const flux = Number(values.flux ?? 50_000);
if (!Number.isInteger(flux) || flux < 0) fail(`--flux attend un entier positif.\n${USAGE}`);
if (values.scale !== 'full' && values.scale !== 'small') fail(`--scale attend full ou small.\n${USAGE}`);
const today = values.today ? new Date(`${values.today}T12:00:00Z`) : undefined;
if (today && Number.isNaN(today.getTime())) fail(`--today attend une date AAAA-MM-JJ.\n${USAGE}`);
const seed = values.seed === undefined ? undefined : Number(values.seed);

/** Shows where we write without printing a password from DATABASE_URL. */
function describeTarget(url: string | undefined): string {
  if (!url) return `PGlite (${defaultPgliteDir()})`;
  try {
    const parsed = new URL(url);
    return `PostgreSQL (${parsed.hostname}:${parsed.port || 5432}${parsed.pathname})`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

const url = process.env.DATABASE_URL || undefined;
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`;
console.log(`Génération des données de démonstration : ${flux.toLocaleString('fr-FR')} flux, échelle ${values.scale}`);
console.log(`Base : ${describeTarget(url)}`);

// Seeding millions of rows and rebuilding their indexes may take minutes: no statement timeout.
const database = await openDatabase(url ? { url, statementTimeoutMs: 0 } : { dataDir: defaultPgliteDir() });
try {
  const summary = await seedDemoData(database, {
    flux,
    scale: values.scale,
    reset: values.reset,
    ...(today ? { today } : {}),
    ...(seed !== undefined ? { seed } : {}),
    onProgress: (message) => console.log(`[${elapsed()}] ${message}`),
  });
  console.log('\nLignes par table :');
  for (const [table, count] of Object.entries(summary.counts)) {
    if (count > 0) console.log(`  ${table.padEnd(26)} ${count.toLocaleString('fr-FR').padStart(12)}`);
  }
  console.log(`\nSaison courante : ${summary.currentSeason - 1}-${summary.currentSeason}`);
  console.log(`Total TTC des flux : ${centsToDecimal(Number(summary.fluxTtcCents))} EUR`);
  console.log(`Empreinte (SHA-256) : ${summary.contentHash}`);
  console.log(`\nComptes de démonstration (mot de passe : ${DEMO_PASSWORD}) :`);
  for (const account of DEMO_ACCOUNTS) {
    const structure = summary.demoStructures[account.structure];
    console.log(`  ${account.email.padEnd(26)} ${structure.name} (${structure.id})`);
  }
  console.log(`\nTerminé en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  if (!(error instanceof SeedRefusedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
