import { FLUX_WRITE } from '@gdf/domain';
import type { Database } from '../../db/database';
import { issueFluxDocuments, type IssuanceSettings } from '../flux-documents/flux-documents.service';
import { badRequest, forbidden } from '../../lib/http-errors';
import { requireGrant, type RequestScope } from '../scope/scope';
import { canSeeStructure } from '../scope/can-see-structure';
import { MAX_DETAIL_LINES, cleanDetailValues, cleanFluxValues, type FluxValues } from './flux-input';
import { fluxToWrite, lineToWrite, refuseOwnDebtWrite, requireValidFlux, updatedFlux } from './flux-write-rules';
import { DETAIL_WRITABLE_COLUMNS, FLUX_WRITABLE_COLUMNS } from './flux-writable-columns';
import {
  canSeeFlux,
  canSeeUser,
  insertRow,
  lockFluxForWrite,
  storedLines,
  updateVisibleFlux,
  writeFluxAudit,
} from './flux.repository';
import type { Queryable } from '../../db/queryable';

// The columns a write may set, which the GraphQL mutations' input types list too.
export { DETAIL_WRITABLE_COLUMNS, FLUX_WRITABLE_COLUMNS };

const OUT_OF_SCOPE = "Vous n'avez pas accès à cette structure.";

/**
 * Creates a flux (and its detail lines) for a structure in the caller's scope: holders of
 * the flux write grant only, never for their own structure, and only a row that satisfies
 * the domain's rules (amounts, lines, dates, labels). One transaction, audited, its documents
 * issued (R-DOC-01). Returns its id.
 */
export async function insertFlux(
  database: Database,
  scope: RequestScope,
  issuance: IssuanceSettings,
  input: Record<string, unknown>,
  detailInputs: Array<Record<string, unknown>> = [],
): Promise<number> {
  requireGrant(scope, FLUX_WRITE);
  const values = cleanFluxValues(input, 'insert');
  if (detailInputs.length > MAX_DETAIL_LINES) throw badRequest(`Au plus ${MAX_DETAIL_LINES} lignes de détail.`);
  const details = detailInputs.map(cleanDetailValues);
  refuseOwnDebtWrite(scope, [values.ID_Structure], values);
  requireValidFlux(fluxToWrite(values, new Date()), details.map(lineToWrite));
  return database.transaction(async (tx) => {
    await checkReferences(tx, scope, values);
    const id = await insertRow(tx, 'MKP_FluxFinancier', FLUX_WRITABLE_COLUMNS, values);
    for (const detail of details) {
      await insertRow(
        tx,
        'MKP_FluxFinancierDetail',
        { ...DETAIL_WRITABLE_COLUMNS, ID_FluxFinancier: 'integer' },
        { ...detail, ID_FluxFinancier: id },
      );
    }
    await writeFluxAudit(
      tx,
      audit(scope, 'creation_flux', id, { colonnes: Object.keys(values), lignes: details.length }),
    );
    // Issued with the flux, from what stands now (after the audit row its settlement date comes from).
    await issueFluxDocuments(tx, { fromId: id, toId: id + 1 }, issuance);
    return id;
  });
}

/**
 * Sets whitelisted columns of a flux the caller may see (a moved flux must stay in scope),
 * with the write grant; the row as it would be stored is checked whole, with its lines.
 * A change of the paid flag is audited as a settlement. Returns null when the flux does
 * not exist or is out of scope, as Hasura does.
 */
export async function updateFlux(
  database: Database,
  scope: RequestScope,
  id: number,
  input: Record<string, unknown>,
): Promise<number | null> {
  requireGrant(scope, FLUX_WRITE);
  const values = cleanFluxValues(input, 'update');
  return database.transaction(async (tx) => {
    const stored = await lockFluxForWrite(tx, scope, id);
    if (!stored) return null;
    refuseOwnDebtWrite(scope, [stored.ID_Structure, values.ID_Structure], values);
    const lines = (await storedLines(tx, id)).map(lineToWrite);
    requireValidFlux(updatedFlux(stored, values), lines, updatedFlux(stored, {}));
    await checkReferences(tx, scope, values);
    const updated = await updateVisibleFlux(tx, scope, id, values);
    if (updated !== null && Object.keys(values).length > 0) {
      await writeFluxAudit(tx, audit(scope, 'modification_flux', id, { valeurs: values }));
    }
    if (typeof values.EST_Reglement === 'boolean' && values.EST_Reglement !== stored.EST_Reglement) {
      await writeFluxAudit(
        tx,
        audit(scope, 'reglement_flux', id, { avant: stored.EST_Reglement, apres: values.EST_Reglement }),
      );
    }
    return updated;
  });
}

/** Every id a caller writes must point at something the caller may already see. */
async function checkReferences(tx: Queryable, scope: RequestScope, values: FluxValues): Promise<void> {
  if (typeof values.ID_Structure === 'number' && !(await canSeeStructure(tx, scope, values.ID_Structure))) {
    throw forbidden(OUT_OF_SCOPE);
  }
  if (typeof values.ID_Utilisateur === 'number' && !(await canSeeUser(tx, scope, values.ID_Utilisateur))) {
    throw forbidden("Vous n'avez pas accès à cet utilisateur.");
  }
  if (
    typeof values.ID_FluxFinancierDebit === 'number' &&
    !(await canSeeFlux(tx, scope, values.ID_FluxFinancierDebit))
  ) {
    throw forbidden("Vous n'avez pas accès au flux de débit indiqué.");
  }
}

export function audit(scope: RequestScope, action: string, fluxId: number, details: Record<string, unknown>) {
  return { userId: scope.actor.userId, structureId: scope.currentStructureId, action, fluxId, details };
}
