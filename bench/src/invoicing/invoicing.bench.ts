/**
 * Bulk invoicing (R-INV-09) on the PostgreSQL bench database: 1,000 structures billed by one
 * durable job, the way 'Émettre' runs it (steps of 100 structures, each issued with its flux,
 * lines and frozen documents), timed from the job's start to its end; then every structure
 * checked issued once, and everything the run wrote removed so the bench database keeps its
 * flux count.
 */
import { HEAD_OFFICE_STRUCTURE_ID, JOB_KIND, parisToday } from '@gdf/domain';
import type { Database } from '../../../apps/server/src/db/database';
import { bulkInvoicingJob } from '../../../apps/server/src/modules/invoicing/bulk-invoicing';
import { createJobRuntime } from '../../../apps/server/src/modules/jobs/job-runtime';
import { findJob } from '../../../apps/server/src/modules/jobs/jobs.repository';
import type { BenchResult } from '../bench-result';

const STRUCTURES = 1_000;
const BAR_SECONDS = 60;
const ICS = 'FR19ZZZ654321';

export async function benchBulkInvoicing(database: Database, log: (line: string) => void): Promise<BenchResult[]> {
  const [owner] = await database.query<{ id: number }>(
    `SELECT "ID_Utilisateur" AS id FROM "UTI_Login" WHERE "Email" = 'siege@demo.fr'`,
  );
  if (!owner) throw new Error('Pas de compte siege@demo.fr dans la base de bench');
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
  const content = {
    label: 'Cotisation annuelle (bench)',
    category: 4,
    dueDate: due,
    note: '',
    lines: [{ label: 'Cotisation annuelle', tarifId: null, unitPriceCents: 12_000, quantity: 1 }],
  };
  const [lot] = await database.query<{ id: number }>(
    `INSERT INTO "FAC_Lot" ("Cle", "ID_StructureEmettrice", "ID_Utilisateur", "Libelle", "Contenu", "Selection")
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb) RETURNING id`,
    [
      `bench-${Date.now()}`,
      HEAD_OFFICE_STRUCTURE_ID,
      owner.id,
      content.label,
      JSON.stringify(content),
      JSON.stringify({ structureIds: structures }),
    ],
  );
  const runtime = createJobRuntime(database, [bulkInvoicingJob({ creditorIdentifier: ICS }) as never], {
    pollingSeconds: 0.5,
    concurrency: 1,
  });
  try {
    const started = performance.now();
    const job = await runtime.enqueue(
      JOB_KIND.bulkInvoicing,
      { userId: owner.id, structureId: HEAD_OFFICE_STRUCTURE_ID },
      { lotId: lot!.id, structureIds: structures },
      { label: 'Facturation en lot (bench)', key: `facturation-en-lot:${lot!.id}` },
    );
    let row = await findJob(database, job.id);
    while (row && (row.status === 'en_attente' || row.status === 'en_cours')) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await findJob(database, job.id);
    }
    const seconds = (performance.now() - started) / 1000;
    if (row?.status !== 'termine') throw new Error(`Traitement ${job.id} : ${row?.status} ${row?.error ?? ''}`);
    const [check] = await database.query<{ issued: number; once: boolean; frozen: number }>(
      `SELECT count(*)::int AS issued, count(*) = count(DISTINCT ls."ID_Structure") AS once,
              count(e."ID_FluxFinancier")::int AS frozen
         FROM "FAC_LotStructure" ls LEFT JOIN "MKP_FluxEmission" e ON e."ID_FluxFinancier" = ls."ID_FluxFinancier"
        WHERE ls."ID_Lot" = $1 AND ls."ID_FluxFinancier" IS NOT NULL`,
      [lot!.id],
    );
    log(
      `  ${check!.issued.toLocaleString('fr-FR')} factures émises en ${seconds.toFixed(1)} s ` +
        `(${check!.frozen} émissions figées, chacune une fois : ${check!.once ? 'oui' : 'non'})`,
    );
    return [
      {
        name: `Facturation en lot : ${check!.issued.toLocaleString('fr-FR')} structures, traitement de bout en bout`,
        value: seconds,
        unit: 's',
        bar: BAR_SECONDS,
        pass:
          seconds <= BAR_SECONDS &&
          check!.issued === structures.length &&
          check!.once &&
          check!.frozen === check!.issued,
      },
    ];
  } finally {
    await runtime.stop();
    await removeLot(database, lot!.id);
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
