import { fluxWriteProblems, toCents, type FluxLineToWrite, type FluxToWrite } from '@gdf/domain';
import { badRequest, forbidden } from '../../lib/http-errors';
import type { RequestScope } from '../scope/scope';
import type { DetailValues, FluxValues } from './flux-input';
import type { StoredFlux, StoredLine } from './flux.repository';

/**
 * What a structure owes is never set by that structure (R-PERM-07): amounts, dates,
 * category, direction, season, structure and the paid flag of its own flux. The label
 * stays editable by a writer, as an accountant corrects a typo.
 */
const OWED_COLUMNS: ReadonlySet<string> = new Set([
  'MontantHT',
  'MontantTVA',
  'MontantTTC',
  'EST_Debit',
  'EST_Reglement',
  'Z_DateCreation',
  'DateEcheance',
  'ID_CategoryFlux',
  'ID_Saison',
  'ID_Structure',
  'ID_FluxFinancierDebit',
]);

const OWN_DEBT_REFUSAL =
  'Une structure ne peut pas fixer les montants, dates, catégorie ou règlement des flux de sa propre structure.';

/** Refuses a write of owed columns on a flux of the caller's own current structure (super_administrateur excepted). */
export function refuseOwnDebtWrite(scope: RequestScope, structureIds: readonly unknown[], values: FluxValues): void {
  if (scope.actor.isSuperAdmin) return;
  const touchesOwed = Object.keys(values).some((column) => OWED_COLUMNS.has(column));
  if (touchesOwed && structureIds.includes(scope.currentStructureId)) throw forbidden(OWN_DEBT_REFUSAL);
}

/** The row an insert would store (column defaults applied), in the domain's terms. */
export function fluxToWrite(values: FluxValues, now: Date): FluxToWrite {
  return {
    NomFluxFinancier: String(values.NomFluxFinancier),
    MontantHT: toCents(String(values.MontantHT)),
    MontantTVA: values.MontantTVA === undefined ? 0 : toCents(String(values.MontantTVA)),
    MontantTTC: toCents(String(values.MontantTTC)),
    EST_Debit: values.EST_Debit === true,
    Z_DateCreation: values.Z_DateCreation === undefined ? now : new Date(String(values.Z_DateCreation)),
    ID_Saison: Number(values.ID_Saison),
    DateEcheance: values.DateEcheance == null ? null : String(values.DateEcheance),
  };
}

/** The row an update would leave: the stored one with the new values over it. */
export function updatedFlux(stored: StoredFlux, values: FluxValues): FluxToWrite {
  return fluxToWrite(
    {
      NomFluxFinancier: stored.NomFluxFinancier,
      MontantHT: stored.MontantHT,
      MontantTVA: stored.MontantTVA,
      MontantTTC: stored.MontantTTC,
      EST_Debit: stored.EST_Debit,
      Z_DateCreation: stored.Z_DateCreation,
      ID_Saison: stored.ID_Saison,
      DateEcheance: stored.DateEcheance,
      ...values,
    },
    new Date(stored.Z_DateCreation),
  );
}

export function lineToWrite(line: DetailValues | StoredLine): FluxLineToWrite {
  return {
    NomFluxFinancierDetail: String(line.NomFluxFinancierDetail),
    PrixUnitaire: toCents(String(line.PrixUnitaire)),
    Quantite: line.Quantite === undefined ? 1 : Number(line.Quantite),
    MontantHT: toCents(String(line.MontantHT)),
    MontantTTC: toCents(String(line.MontantTTC)),
    EST_Debit: line.EST_Debit === true,
  };
}

/**
 * 400 with every broken rule, in French, when the row may not be stored. For an update,
 * `before` is the stored row: a rule it already broke (a relaunch dated after its season's
 * end, data older than the rules) does not block an unrelated change such as the paid flag;
 * only what the write itself breaks is refused.
 */
export function requireValidFlux(flux: FluxToWrite, lines: readonly FluxLineToWrite[], before?: FluxToWrite): void {
  const existing = new Set(before ? fluxWriteProblems(before, lines) : []);
  const problems = fluxWriteProblems(flux, lines).filter((problem) => !existing.has(problem));
  if (problems.length > 0) throw badRequest(problems.join(' '));
}
