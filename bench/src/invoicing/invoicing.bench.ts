/**
 * Bulk invoicing (R-INV-09) against one production server process on the PostgreSQL bench
 * database: the head office's 'Émettre' for 1,000 structures (POST of the lot, one durable job in
 * steps of 100 structures, each issued with its flux, lines and frozen documents), timed from the
 * request to the job's end, with `/api/health` every 50 ms meanwhile. Then every structure is
 * checked issued once, and everything the run wrote is removed so the bench database keeps its
 * flux count. Bars: <= 60 s, health p99 <= 200 ms.
 */
import { randomUUID } from 'node:crypto';
import {
  BULK_URL,
  HEAD_OFFICE_STRUCTURE_ID,
  jobUrl,
  parisToday,
  type BulkIssueAccepted,
  type JobView,
} from '@gdf/domain';
import type { Database } from '../../../apps/server/src/db/database';
import type { BenchResult } from '../bench-result';
import { percentile, startHealthProbe } from '../load/health-probe';
import { startServerProcess } from '../load/server-process';
import { signInToken } from '../load/sign-in-token';

const STRUCTURES = 1_000;
export const INVOICING_BARS = { seconds: 60, healthP99Ms: 200 };

export interface InvoicingBenchContext {
  root: string;
  pgUrl: string;
  database: Database;
  log: (line: string) => void;
  /** false: the server built by an earlier start (built beforehand under the build lock). */
  build: boolean;
}

export async function benchBulkInvoicing({
  root,
  pgUrl,
  database,
  log,
  build,
}: InvoicingBenchContext): Promise<BenchResult[]> {
  const structures = (
    await database.query<{ id: number }>(
      `SELECT s.id FROM "STR_Structure" s JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
        WHERE s."ID_Federation" = $1 AND s.id <> $1 AND NOT s."EST_Bloquee"
          AND coalesce(btrim(a."Adresse1"), '') <> '' AND coalesce(btrim(a."Ville"), '') <> ''
        ORDER BY s.id LIMIT $2`,
      [HEAD_OFFICE_STRUCTURE_ID, STRUCTURES],
    )
  ).map((row) => row.id);
  log(`  ${structures.length.toLocaleString('fr-FR')} structures à facturer (une ligne, catégorie 4)`);
  const today = parisToday();
  const due = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  const server = await startServerProcess(root, pgUrl, { build });
  let lotId: number | null = null;
  try {
    const token = await signInToken(server.address, 'siege@demo.fr');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const probe = startHealthProbe(server.address);
    const started = performance.now();
    const response = await fetch(`${server.address}${BULK_URL}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        cle: randomUUID(),
        selection: { structureIds: structures },
        libelle: 'Cotisation annuelle (bench)',
        categorie: 4,
        echeance: due,
        note: '',
        lignes: [{ libelle: 'Cotisation annuelle', tarifId: null, prixUnitaireCentimes: 12_000, quantite: 1 }],
      }),
    });
    if (response.status !== 202) throw new Error(`Lot refusé : ${response.status} ${await response.text()}`);
    const accepted = (await response.json()) as BulkIssueAccepted;
    lotId = accepted.lotId;
    let job: JobView = accepted.traitement;
    while (job.statut === 'en_attente' || job.statut === 'en_cours') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await (await fetch(`${server.address}${jobUrl(job.id)}`, { headers })).json()) as JobView;
    }
    const seconds = (performance.now() - started) / 1000;
    const { samples: health, errors: healthErrors } = await probe.stop();
    if (job.statut !== 'termine') throw new Error(`Traitement ${job.id} : ${job.statut}`);
    const [check] = await database.query<{ issued: number; once: boolean; frozen: number }>(
      `SELECT count(*)::int AS issued, count(*) = count(DISTINCT ls."ID_Structure") AS once,
              count(e."ID_FluxFinancier")::int AS frozen
         FROM "FAC_LotStructure" ls LEFT JOIN "MKP_FluxEmission" e ON e."ID_FluxFinancier" = ls."ID_FluxFinancier"
        WHERE ls."ID_Lot" = $1 AND ls."ID_FluxFinancier" IS NOT NULL`,
      [lotId],
    );
    const healthP99 = percentile(health, 99);
    log(
      `  ${check!.issued.toLocaleString('fr-FR')} factures émises en ${seconds.toFixed(1)} s ` +
        `(${check!.frozen} émissions figées, chacune une fois : ${check!.once ? 'oui' : 'non'}) ; ` +
        `santé p99 ${healthP99.toFixed(1)} ms sur ${health.length} (${healthErrors} erreurs)`,
    );
    return [
      {
        name: `Facturation en lot : ${check!.issued.toLocaleString('fr-FR')} structures, de la demande à la fin du traitement`,
        value: Number(seconds.toFixed(1)),
        unit: 's',
        bar: INVOICING_BARS.seconds,
        pass:
          seconds <= INVOICING_BARS.seconds &&
          check!.issued === structures.length &&
          check!.once &&
          check!.frozen === check!.issued,
      },
      {
        name: `PostgreSQL : /api/health pendant la facturation en lot (p99, p50 ${percentile(health, 50).toFixed(1)} ms, ${health.length} appels, ${healthErrors} erreurs)`,
        value: Number(healthP99.toFixed(1)),
        unit: 'ms',
        bar: INVOICING_BARS.healthP99Ms,
        pass: healthErrors === 0 && healthP99 <= INVOICING_BARS.healthP99Ms,
      },
    ];
  } finally {
    await server.stop();
    if (lotId !== null) await removeLot(database, lotId);
  }
}

/**
 * What the run wrote, removed: issued flux are frozen by triggers (and so are a lot's report and
 * the audit log's rows), so the removal runs with the triggers off, in one transaction.
 */
async function removeLot(database: Database, lotId: number): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.query(`SET LOCAL session_replication_role = replica`);
    const flux = `(SELECT "ID_FluxFinancier" FROM "FAC_LotStructure" WHERE "ID_Lot" = ${Number(lotId)} AND "ID_FluxFinancier" IS NOT NULL)`;
    await tx.query(`DELETE FROM "APP_AuditLog" WHERE "TableCible" = 'MKP_FluxFinancier' AND "ID_Cible" IN ${flux}`);
    await tx.query(`DELETE FROM "MKP_FluxEmission" WHERE "ID_FluxFinancier" IN ${flux}`);
    await tx.query(`DELETE FROM "MKP_FluxFinancierDetail" WHERE "ID_FluxFinancier" IN ${flux}`);
    await tx.query(`CREATE TEMP TABLE bench_lot_flux ON COMMIT DROP AS ${flux.slice(1, -1)}`);
    await tx.query(`DELETE FROM "FAC_LotStructure" WHERE "ID_Lot" = $1`, [lotId]);
    await tx.query(`DELETE FROM "MKP_FluxFinancier" WHERE id IN (SELECT "ID_FluxFinancier" FROM bench_lot_flux)`);
    await tx.query(`UPDATE "FAC_Lot" SET "ID_Traitement" = NULL WHERE id = $1`, [lotId]);
    await tx.query(`DELETE FROM "FAC_Lot" WHERE id = $1`, [lotId]);
  });
}
