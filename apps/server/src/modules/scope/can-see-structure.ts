import type { Database } from '../../db/database';
import type { RequestScope } from './scope';
import { structureInScope } from './scope.repository';

/** Accepts the Database handle or a transaction (anything with the same `query`). */
export async function canSeeStructure(
  database: Pick<Database, 'query'>,
  scope: RequestScope,
  structureId: number,
): Promise<boolean> {
  return structureInScope(database, scope, structureId);
}
