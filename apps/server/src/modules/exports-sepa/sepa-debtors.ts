import {
  SEPA_EXCLUSION_LABELS,
  sepaExclusion,
  toCents,
  type SepaExcludedStructure,
  type SepaPreviewStructure,
} from '@gdf/domain';
import type { DebtorDueRow } from './sepa.repository';

export interface ClassifiedDebtors {
  eligible: Array<SepaPreviewStructure & { row: DebtorDueRow }>;
  excluded: SepaExcludedStructure[];
}

/** Splits the structures that owe money into those a bank can debit and those it cannot (with why). */
export function classifyDebtors(rows: readonly DebtorDueRow[]): ClassifiedDebtors {
  const result: ClassifiedDebtors = { eligible: [], excluded: [] };
  for (const row of rows) {
    const summary = {
      ID_Structure: row.ID_Structure,
      NomStructure: row.NomStructure,
      nbFlux: row.nbFlux,
      totalCents: toCents(row.total),
    };
    const code = sepaExclusion({
      iban: row.IBAN,
      mandateValid: row.EST_Valide,
      mandateReference: row.MandatRUM,
      mandateSignedOn: row.MandatDateSignature,
      town: row.Ville,
      country: row.Pays,
    });
    if (code === null) result.eligible.push({ ...summary, row });
    else result.excluded.push({ ...summary, code, motif: SEPA_EXCLUSION_LABELS[code] });
  }
  return result;
}
