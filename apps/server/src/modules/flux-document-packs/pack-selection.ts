import { buildFluxWhere, toCents, type DocumentPackFlux, type FluxSearchFilters } from '@gdf/domain';
import type { Database } from '../../db/database';
import { and, SqlBuilder } from '../../graphql/compiler/sql-builder';
import { compileWhere } from '../../graphql/compiler/where';
import { withWordLookups } from '../../graphql/compiler/word-search';
import type { RequestScope } from '../scope/scope';
import { countPackFlux, readPackFluxBatch, type CompiledPackSelection } from './document-pack.repository';

const TABLE = 'MKP_FluxFinancier';

/**
 * The flux a pack holds: the search form's filters become the same GraphQL `where` the
 * flux search sends (buildFluxWhere), compiled by the same where-compiler under the
 * caller's scope, so a pack holds exactly what the search shows, and nothing out of scope.
 */
export function createPackSelection(database: Database, scope: RequestScope, filters: FluxSearchFilters) {
  const where = buildFluxWhere(filters);

  async function compile(extra: Record<string, unknown> | null): Promise<CompiledPackSelection> {
    const b = new SqlBuilder(scope);
    const alias = b.alias();
    const condition = and([
      b.scopeOf(TABLE, alias),
      compileWhere(TABLE, alias, extra ? { _and: [where, extra] } : where, b),
    ]);
    const params = await withWordLookups(database, b.params, b.wordLookups);
    return { alias, condition, params };
  }

  return {
    async count(): Promise<number> {
      return countPackFlux(database, await compile(null));
    },
    /** The next `size` flux after `afterId`, in id order. */
    async batch(afterId: number, size: number): Promise<DocumentPackFlux[]> {
      const rows = await readPackFluxBatch(database, await compile({ id: { _gt: afterId } }), size);
      return rows.map((row) => ({
        id: row.id,
        seasonId: row.seasonId,
        structureName: row.structureName ?? '',
        label: row.label ?? '',
        amountCents: toCents(row.amount ?? '0'),
      }));
    },
  };
}
