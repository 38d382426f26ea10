/**
 * The payouts' bar on the bench database (R-PAY): the ligues' and comités' shares of a whole season
 * computed (R-PAY-01 to R-PAY-04) and one payout file of every ligue and comité generated
 * (R-PAY-05 to R-PAY-07) in at most 10 s, through the services the routes call. The rules are
 * the head office's: 10 % to the ligue and 5 % to the comité of every licence (category 1) from
 * the current season on, so every licence sale of the season is marked, then brought up to date
 * by the sync. The file is cancelled afterwards and the shares removed, so that the next run
 * measures the same work on the same data.
 */
import { addCalendarDays, FluxCategory, nextTargetDay, parisToday, RATE_BASE } from '@gdf/domain';
import type { Database } from '../../../apps/server/src/db/database';
import { checkSepaSettings, DEMO_SEPA_ICS } from '../../../apps/server/src/modules/exports-sepa/sepa-settings';
import { createPayoutsService } from '../../../apps/server/src/modules/payouts/payouts.service';
import { createSharesService } from '../../../apps/server/src/modules/payouts/shares.service';
import { syncShares } from '../../../apps/server/src/modules/payouts/shares-sync';
import type { BenchResult } from '../bench-result';
import { headOfficeScope } from '../head-office-scope';

const BAR_SECONDS = 10;
const LIGUE_RATE = RATE_BASE / 10;
const COMITE_RATE = RATE_BASE / 20;

/**
 * The shares recorded by an earlier run, removed with their rules: the tables are append-only
 * for the product (triggers), so the bench's superuser session sets them aside for this cleanup.
 */
async function removeShares(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.query(`SET LOCAL session_replication_role = replica`);
    for (const table of ['REV_MouvementQuotePart', 'REV_QuotePart', 'REV_QuotePartAVerifier', 'REV_RegleQuotePart'])
      await tx.query(`DELETE FROM "${table}"`);
  });
}

const seconds = (from: number) => (performance.now() - from) / 1000;

export async function benchPayouts(database: Database, log: (line: string) => void): Promise<BenchResult[]> {
  const scope = await headOfficeScope(database);
  const [season] = await database.query<{ id: number }>(`SELECT id FROM "FEDE_Saison" WHERE "EST_SaisonCourante"`);
  const seasonId = season?.id ?? 2027;
  const shares = createSharesService(database);
  const payouts = createPayoutsService(
    database,
    checkSepaSettings({ ics: DEMO_SEPA_ICS, sequenceType: 'RCUR', minLeadDays: 1 }),
  );
  await removeShares(database);
  let batchId: number | null = null;
  try {
    const started = performance.now();
    for (const [niveau, valeur] of [
      ['ligue', LIGUE_RATE],
      ['comite', COMITE_RATE],
    ] as const)
      await shares.saveRule(scope, {
        categorie: FluxCategory.Licence,
        niveau,
        mode: 'taux',
        valeur,
        saisonDebut: seasonId,
      });
    const ruled = seconds(started);
    const syncStarted = performance.now();
    const moved = await syncShares(database);
    const synced = seconds(syncStarted);
    const fileStarted = performance.now();
    const file = await payouts.generate(scope, {
      dateExecution: nextTargetDay(addCalendarDays(parisToday(), 1)),
      remboursements: false,
    });
    batchId = file.id;
    const generated = seconds(fileStarted);
    const total = seconds(started);
    // The rule's save brings the sales its first rule marked up to date (R-PAY-04), the sync the rest.
    const [counted] = await database.query<{ sales: number }>(`SELECT count(*)::int AS sales FROM "REV_QuotePart"`);
    const sales = counted?.sales ?? 0;
    log(
      `  règles ${ruled.toFixed(1)} s, quotes-parts de ${sales} ventes (${moved} à la fin) ${synced.toFixed(1)} s, fichier de ${file.nbVirements} virements ${generated.toFixed(1)} s (${file.exclues.length} structures écartées)`,
    );
    return [
      {
        name: `Quotes-parts de la saison ${seasonId} (${sales.toLocaleString('fr-FR')} ventes de licences) et fichier pain.001 de ${file.nbVirements} ligues et comités (règles ${ruled.toFixed(1)} s, calcul ${synced.toFixed(1)} s, fichier ${generated.toFixed(1)} s)`,
        value: total,
        unit: 's',
        bar: BAR_SECONDS,
        pass: total <= BAR_SECONDS && sales > 0 && file.nbVirements > 0,
      },
    ];
  } finally {
    if (batchId !== null) await payouts.cancel(scope, batchId);
    await removeShares(database);
  }
}
