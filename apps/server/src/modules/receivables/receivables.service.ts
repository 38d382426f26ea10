import type { Database } from '../../db/database';
import type { RequestScope } from '../scope/scope';
import { loadOpenFlux, type OpenFlux } from './receivables.repository';

export type { OpenFlux } from './receivables.repository';

/**
 * What structures owe (R-BAL-01), read once for every screen that shows it: Impayés, the
 * structure's page, the reminder letters. The caller checks its module and grants; the
 * structure scope is applied here, in the SQL.
 */
export function createReceivablesService(database: Pick<Database, 'query'>) {
  return {
    /** The open flux of the scope (or of `structureIds` within it) at the end of `asOf`, by structure. */
    async openFluxByStructure(
      scope: RequestScope,
      asOf: string,
      options: { structureIds?: readonly number[]; withLabels?: boolean } = {},
    ): Promise<Map<number, OpenFlux[]>> {
      const groups = new Map<number, OpenFlux[]>();
      for (const item of await loadOpenFlux(database, scope, asOf, options)) {
        const group = groups.get(item.structureId);
        if (group) group.push(item);
        else groups.set(item.structureId, [item]);
      }
      return groups;
    },
  };
}
