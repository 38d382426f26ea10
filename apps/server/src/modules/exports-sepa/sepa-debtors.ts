import {
  compactBic,
  debtorProblem,
  SEPA_EXCLUSION_LABELS,
  sepaExclusion,
  toCents,
  type SepaDebtorFields,
  type SepaExcludedStructure,
  type SepaExclusion,
  type SepaPreviewStructure,
} from '@gdf/domain';
import type { DebtorDueRow } from './sepa.repository';

export interface ClassifiedDebtors {
  eligible: Array<SepaPreviewStructure & { row: DebtorDueRow }>;
  excluded: SepaExcludedStructure[];
}

/** What the file writes for this debtor: the RIB's holder (else the structure's name), account, mandate, address. */
export function debtorFields(row: DebtorDueRow): SepaDebtorFields {
  return {
    debtorName: row.Titulaire ?? row.NomStructure,
    debtorIban: row.IBAN ?? '',
    debtorBic: compactBic(row.BIC) || null,
    mandateReference: row.MandatRUM ?? '',
    mandateSignedOn: row.MandatDateSignature ?? '',
    debtorAddress: { street: row.Adresse1, postCode: row.CodePostal, town: row.Ville ?? '', country: row.Pays ?? '' },
  };
}

export const summaryOf = (row: DebtorDueRow): SepaPreviewStructure => ({
  ID_Structure: row.ID_Structure,
  NomStructure: row.NomStructure,
  ID_CodeFederal: row.ID_CodeFederal ?? null,
  nbFlux: row.nbFlux,
  totalCents: toCents(row.total),
});

/** Missing data first (no RIB, expired mandate...), then the EPC rules on what the file would carry. */
function exclusionOf(row: DebtorDueRow, collectionDate: string): SepaExclusion | null {
  const missing = sepaExclusion({
    iban: row.IBAN,
    mandateValid: row.EST_Valide,
    mandateReference: row.MandatRUM,
    mandateSignedOn: row.MandatDateSignature,
    town: row.Ville,
    country: row.Pays,
  });
  if (missing) return { code: missing, motif: SEPA_EXCLUSION_LABELS[missing] };
  return debtorProblem(debtorFields(row), collectionDate);
}

/**
 * Splits the structures that owe money into those a bank can debit on `collectionDate` and
 * those it cannot (with why): the preview and the generation run the same rules.
 */
export function classifyDebtors(rows: readonly DebtorDueRow[], collectionDate: string): ClassifiedDebtors {
  const result: ClassifiedDebtors = { eligible: [], excluded: [] };
  for (const row of rows) {
    const summary = summaryOf(row);
    const exclusion = exclusionOf(row, collectionDate);
    if (exclusion === null) result.eligible.push({ ...summary, row });
    else result.excluded.push({ ...summary, ...exclusion });
  }
  return result;
}
