import {
  ModuleSlug,
  REMINDER_LETTER,
  canRemindOverdue,
  ownStructureAmongRecipients,
  type OverdueStructure,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { findStructures } from './impayes.repository';
import { IMPAYES_MESSAGES } from './messages';

/** Reading the list: the flux module, as the flux search, and a structure that follows up payments. */
export function requireImpayesAccess(scope: RequestScope): void {
  requireModule(scope, ModuleSlug.FluxFinanciers);
  if (!scope.actor.isSuperAdmin && !canRemindOverdue(scope.currentStructureType))
    throw forbidden(IMPAYES_MESSAGES.notReminding);
}

/** Writing letters: the list's access and the letters' grant. */
export function requireReminderWrite(scope: RequestScope): void {
  requireImpayesAccess(scope);
  requireGrant(scope, REMINDER_LETTER);
}

/**
 * A selection to remind: never the caller's own structure, every structure in scope (else
 * "not found"). The structures, by id.
 */
export async function recipientsInScope(
  database: Database,
  scope: RequestScope,
  structureIds: readonly number[],
): Promise<Map<number, OverdueStructure>> {
  if (ownStructureAmongRecipients(scope.currentStructureId, structureIds))
    throw badRequest(IMPAYES_MESSAGES.ownStructure);
  const structures = await findStructures(database, scope, structureIds);
  if (structures.size !== structureIds.length) throw notFound(IMPAYES_MESSAGES.structureNotFound);
  return structures;
}
