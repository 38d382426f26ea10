/**
 * R-SEPA-11 on the bench database (the demo data, dated up to yesterday): SEPA files of the
 * current season generated through the service the route calls, on the first collection date
 * allowed today (pain.008.001.02), five TARGET days later and once the 14 days of notice of
 * yesterday's invoices have passed (pain.008.001.08); then, in SQL over every file ever
 * generated in this database, the transactions collected before the day their invoice
 * announced: the bar is 0. The step's batches are cancelled afterwards, so the database's flux
 * stay unclaimed for the next run (the batches stay in the history as cancelled, and their
 * transactions in the SQL check).
 */
import {
  addCalendarDays,
  addTargetDays,
  earliestCollectionDate,
  nextTargetDay,
  parisToday,
  type Pain008Version,
  type SepaGenerated,
} from '@gdf/domain';
import type { Database } from '../../../apps/server/src/db/database';
import { HttpError } from '../../../apps/server/src/lib/http-errors';
import { cancelSepaBatch } from '../../../apps/server/src/modules/exports-sepa/sepa-batches.service';
import { checkSepaSettings, DEMO_SEPA_ICS } from '../../../apps/server/src/modules/exports-sepa/sepa-settings';
import { generateSepa, type SepaDependencies } from '../../../apps/server/src/modules/exports-sepa/sepa.service';
import { auditSepaNotice } from '../../../apps/server/test/integration/support/sepa-notice-audit';
import type { BenchResult } from '../bench-result';
import { headOfficeScope } from '../head-office-scope';

export async function benchSepaNotice(database: Database, log: (line: string) => void): Promise<BenchResult[]> {
  const scope = await headOfficeScope(database);
  const deps: SepaDependencies = {
    database,
    settings: checkSepaSettings({ ics: DEMO_SEPA_ICS, sequenceType: 'RCUR', minLeadDays: 1 }),
  };
  const [season] = await database.query<{ id: number }>(`SELECT id FROM "FEDE_Saison" WHERE "EST_SaisonCourante"`);
  const today = parisToday(new Date());
  const first = earliestCollectionDate(today, deps.settings.minLeadDays);
  const runs: Array<{ date: string; version: Pain008Version }> = [
    { date: first, version: 'pain.008.001.02' },
    { date: addTargetDays(first, 5), version: 'pain.008.001.08' },
    { date: nextTargetDay(addCalendarDays(today, 15)), version: 'pain.008.001.08' },
  ];
  const results: BenchResult[] = [];
  const batches: number[] = [];
  let collected = 0;
  try {
    for (const { date, version } of runs) {
      const started = performance.now();
      const file = await generated(deps, scope, { dateEcheance: date, saison: season?.id, version });
      const seconds = (performance.now() - started) / 1000;
      const waiting = (file?.exclues ?? []).filter((s) => s.code === 'preavis').reduce((n, s) => n + s.nbFlux, 0);
      if (file) batches.push(file.batchId);
      collected += file?.nbFlux ?? 0;
      log(
        `  ${version} au ${date} : ${file?.nbFlux ?? 0} flux prélevés, ${waiting} laissés pour leur préavis (${seconds.toFixed(1)} s)`,
      );
      results.push({
        name: `Fichier ${version} prélevé le ${date} : ${file?.nbFlux ?? 0} flux, ${waiting} en attente de leur préavis (durée)`,
        value: seconds,
        unit: 's',
        bar: 60,
        pass: seconds <= 60,
      });
    }
    const audit = await auditSepaNotice(database);
    log(
      `  Contrôle SQL : ${audit.violations} transaction(s) prélevée(s) avant la date annoncée sur ${audit.transactions}`,
    );
    results.push({
      name: `Transactions prélevées avant la date annoncée sur leur facture (SQL, ${audit.transactions.toLocaleString('fr-FR')} transactions de tous les fichiers générés, dont ${collected.toLocaleString('fr-FR')} de cette mesure)`,
      value: audit.violations,
      unit: '',
      bar: 0,
      pass: audit.violations === 0 && collected > 0,
    });
  } finally {
    for (const batchId of batches) await cancelSepaBatch(deps, scope, batchId);
  }
  return results;
}

/** A generated file, or null when nothing is left to collect on that date (409). */
async function generated(
  deps: SepaDependencies,
  scope: Awaited<ReturnType<typeof headOfficeScope>>,
  request: Parameters<typeof generateSepa>[2],
): Promise<SepaGenerated | null> {
  try {
    return await generateSepa(deps, scope, request);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return null;
    throw error;
  }
}
