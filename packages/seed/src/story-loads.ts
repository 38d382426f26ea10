import { createHash } from 'node:crypto';
import { isoDay, timestamp } from './catalog';
import { csvRow } from './csv';
import type { SeededBatch } from './sepa-calendar';
import type { TableLoad } from './write-reference';

/** What the story recorded of the SEPA batches and the bank's returns (story.ts). */
export interface BatchRecords {
  batches: readonly SeededBatch[];
  /** Per batch id: its flux count and total, in cents. */
  batchFlux: Int32Array;
  batchCents: Float64Array;
  /** Batch id -> the id of the return report that returned some of its debits. */
  returnsByBatch: ReadonlyMap<number, number>;
  /** MKP_RetourPrelevement rows, as CSV. */
  returnRows: string[];
}

/**
 * The batches (MKP_Traitement) and the audit row of each, as the app records a generated
 * batch: its requested collection date, flux count and total (sepa.service.ts); then the
 * bank's return reports and their returns.
 */
export function batchLoads(headOfficeId: number, records: BatchRecords): TableLoad[] {
  const { batches } = records;
  const file = (b: SeededBatch) => `SEPA_${isoDay(b.generatedDay)}.xml`;
  const imports = [...records.returnsByBatch].map(([batchId, importId]) => {
    const batch = batches[batchId - 1] as SeededBatch;
    const name = `retours_GDF-SEPA-${batchId}.xml`;
    return csvRow([
      importId,
      createHash('sha256').update(`demo:${name}`).digest('hex'),
      name,
      'pain.002.001.03',
      headOfficeId,
      timestamp(batch.collectionDay + 1, 9 * 3600),
    ]);
  });
  return [
    {
      table: 'MKP_Traitement',
      columns: ['id', 'TypeTraitement', 'ID_Structure', 'NomFichier', 'Z_DateCreation'],
      rows: batches.map((b) =>
        csvRow([b.id, 'prelevement_sepa', headOfficeId, file(b), timestamp(b.generatedDay, 6 * 3600)]),
      ),
    },
    {
      table: 'APP_AuditLog',
      columns: ['id', 'Z_DateCreation', 'ID_Structure', 'Action', 'TableCible', 'ID_Cible', 'Details'],
      rows: batches.map((b) =>
        csvRow([
          b.id,
          timestamp(b.generatedDay, 6 * 3600),
          headOfficeId,
          'export_sepa',
          'MKP_Traitement',
          b.id,
          JSON.stringify({
            nbFlux: records.batchFlux[b.id],
            totalCents: records.batchCents[b.id],
            version: 'pain.008.001.08',
            dateEcheance: isoDay(b.collectionDay),
            exclues: [],
          }),
        ]),
      ),
    },
    {
      table: 'MKP_ImportRetour',
      columns: ['id', 'Sha256', 'NomFichier', 'Format', 'ID_Structure', 'Z_DateCreation'],
      rows: imports,
    },
    {
      table: 'MKP_RetourPrelevement',
      columns: [
        'id',
        'ID_FluxFinancier',
        'ID_ImportRetour',
        'TypeRetour',
        'CodeRaison',
        'DateRetour',
        'MontantRetour',
        'EndToEndId',
        'Z_DateCreation',
      ],
      rows: records.returnRows,
    },
  ];
}
