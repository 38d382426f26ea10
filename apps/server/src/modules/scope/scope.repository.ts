import type { Database } from '../../db/database';
import { structureScopeCondition, type RequestScope } from './scope';

/** Whether the structure exists and the scope reaches it; `database` may be a transaction. */
export async function structureInScope(
  database: Pick<Database, 'query'>,
  scope: RequestScope,
  structureId: number,
): Promise<boolean> {
  const params: unknown[] = [structureId];
  const rows = await database.query(
    `SELECT 1 FROM "STR_Structure" st WHERE st.id = $1 AND ${structureScopeCondition(scope, 'st.id', params)}`,
    params,
  );
  return rows.length > 0;
}
