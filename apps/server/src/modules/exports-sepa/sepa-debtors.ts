import {
  compactBic,
  debtorProblem,
  earliestDebitDay,
  noticeExclusion,
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
    debtorAddress: {
      street: row.Adresse1,
      postCode: row.CodePostal,
      town: row.Ville ?? '',
      country: row.Pays ?? '',
      complement: row.Adresse2 ?? null,
    },
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

/** The flux a file on the date may not collect yet (R-SEPA-11): how many, how much, and the first day one may be. */
function pendingOf(row: DebtorDueRow, leadDays: number) {
  const groups = row.pending ?? [];
  const days = groups.map((group) => earliestDebitDay(group, leadDays)).sort();
  return {
    nbFlux: groups.reduce((sum, group) => sum + group.nbFlux, 0),
    totalCents: groups.reduce((sum, group) => sum + toCents(group.total), 0),
    firstDay: days[0] ?? null,
  };
}

/**
 * Splits the structures that owe money into those a bank can debit on `collectionDate` and
 * those it cannot (with why): the preview and the generation run the same rules. A structure
 * missing data is left out with all its flux; otherwise the flux whose invoice announced a
 * later day are left out with that day (R-SEPA-11), and the others are collected.
 */
export function classifyDebtors(
  rows: readonly DebtorDueRow[],
  collectionDate: string,
  leadDays: number,
): ClassifiedDebtors {
  const result: ClassifiedDebtors = { eligible: [], excluded: [] };
  for (const row of rows) {
    const summary = summaryOf(row);
    const pending = pendingOf(row, leadDays);
    const exclusion = exclusionOf(row, collectionDate);
    if (exclusion !== null) {
      const all = { nbFlux: summary.nbFlux + pending.nbFlux, totalCents: summary.totalCents + pending.totalCents };
      result.excluded.push({ ...summary, ...all, ...exclusion });
      continue;
    }
    if (summary.nbFlux > 0) result.eligible.push({ ...summary, row });
    if (pending.firstDay !== null) {
      result.excluded.push({
        ...summary,
        nbFlux: pending.nbFlux,
        totalCents: pending.totalCents,
        ...noticeExclusion(pending.firstDay),
      });
    }
  }
  return result;
}
