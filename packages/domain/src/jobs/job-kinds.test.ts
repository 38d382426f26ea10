import { describe, expect, it } from 'vitest';
import {
  BANK_IMPORT_BACKGROUND_BYTES,
  BANK_IMPORT_BACKGROUND_ENTRIES,
  bankImportRunsInBackground,
  DOCUMENT_PACK_BACKGROUND_ABOVE,
  JOB_LABELS,
  MAX_STATEMENTS_PER_BATCH,
  REMINDERS_BACKGROUND_ABOVE,
  runsInBackground,
  statementBatchRequestSchema,
} from './job-kinds';

describe('job kinds (R-JOB-05 to R-JOB-09)', () => {
  it('R-JOB-05, R-JOB-09: above its threshold, or when the user asks, a work runs as a job', () => {
    expect(runsInBackground(DOCUMENT_PACK_BACKGROUND_ABOVE, DOCUMENT_PACK_BACKGROUND_ABOVE)).toBe(false);
    expect(runsInBackground(DOCUMENT_PACK_BACKGROUND_ABOVE + 1, DOCUMENT_PACK_BACKGROUND_ABOVE)).toBe(true);
    expect(runsInBackground(3, DOCUMENT_PACK_BACKGROUND_ABOVE, true)).toBe(true);
    expect(runsInBackground(REMINDERS_BACKGROUND_ABOVE + 1, REMINDERS_BACKGROUND_ABOVE)).toBe(true);
  });

  it('R-JOB-07: a bank statement file goes to the background by its entries or its bytes', () => {
    const small = { entries: BANK_IMPORT_BACKGROUND_ENTRIES, bytes: BANK_IMPORT_BACKGROUND_BYTES };
    expect(bankImportRunsInBackground(small)).toBe(false);
    expect(bankImportRunsInBackground({ ...small, entries: small.entries + 1 })).toBe(true);
    expect(bankImportRunsInBackground({ ...small, bytes: small.bytes + 1 })).toBe(true);
    expect(bankImportRunsInBackground({ entries: 3, bytes: 10 }, { entries: 2, bytes: 1000 })).toBe(true);
  });

  it('names each job in French for Mes traitements', () => {
    expect(JOB_LABELS.documentPack(1234, ['facture', 'releve'])).toBe(
      'Lot de 1\u202f234 documents (factures et relevés d’opération)',
    );
    expect(JOB_LABELS.documentPack(1, ['facture'])).toBe('Lot de 1 document (factures)');
    expect(JOB_LABELS.statements(12, '2025-09-01', '2026-08-31')).toBe(
      'Relevés de compte de 12 structures du 01/09/2025 au 31/08/2026',
    );
    expect(JOB_LABELS.bankImport('releve.xml', 2500)).toBe(
      'Import du relevé bancaire releve.xml (2\u202f500 écritures)',
    );
    expect(JOB_LABELS.reminders(1)).toBe('Lettres de relance à 1 structure');
  });

  it('R-JOB-06: a batch of relevés names its structures once each, within the cap, and both dates or none', () => {
    expect(statementBatchRequestSchema.safeParse({ structureIds: [1, 2] }).success).toBe(true);
    expect(
      statementBatchRequestSchema.safeParse({ structureIds: [1], du: '2025-09-01', au: '2026-08-31' }).success,
    ).toBe(true);
    const refusals = [
      { structureIds: [] },
      { structureIds: [1, 1] },
      { structureIds: Array.from({ length: MAX_STATEMENTS_PER_BATCH + 1 }, (_, i) => i + 1) },
      { structureIds: [1], du: '2025-09-01' },
      { structureIds: [1], du: '01/09/2025', au: '2026-08-31' },
      { structureIds: [1], autre: true },
    ];
    for (const body of refusals)
      expect(statementBatchRequestSchema.safeParse(body).success, JSON.stringify(body).slice(0, 60)).toBe(false);
  });
});
