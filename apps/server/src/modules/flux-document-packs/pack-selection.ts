import { buildFluxWhere, toCents, type DocumentPackFlux, type FluxSearchFilters } from '@gdf/domain';
import type { Database } from '../../db/database';
import { and, SqlBuilder } from '../../graphql/compiler/sql-builder';
import { compileWhere } from '../../graphql/compiler/where';
import { withWordLookups } from '../../graphql/compiler/word-search';
import type { RequestScope } from '../scope/scope';

const TABLE = 'MKP_FluxFinancier';

/**
 * The flux a pack holds: the search form's filters become the same GraphQL `where` the
 * flux search sends (buildFluxWhere), compiled by the same where-compiler under the
 * caller's scope, so a pack holds exactly what the search shows, and nothing out of scope.
 */
export function createPackSelection(database: Database, scope: RequestScope, filters: FluxSearchFilters) {
  const where = buildFluxWhere(filters);

  async function compile(extra: Record<string, unknown> | null) {
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
      const { alias, condition, params } = await compile(null);
      const [row] = await database.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM "${TABLE}" ${alias} WHERE ${condition}`,
        params,
        { read: true },
      );
      return row?.n ?? 0;
    },
    /** The next `size` flux after `afterId`, in id order (keyset: each batch is one indexed read). */
    async batch(afterId: number, size: number): Promise<DocumentPackFlux[]> {
      const { alias, condition, params } = await compile({ id: { _gt: afterId } });
      const rows = await database.query<{
        id: number;
        seasonId: number;
        structureName: string | null;
        label: string | null;
        amount: string;
      }>(
        `SELECT ${alias}.id, ${alias}."ID_Saison" AS "seasonId", s."NomStructure" AS "structureName",
                ${alias}."NomFluxFinancier" AS label, ${alias}."MontantTTC"::text AS amount
           FROM "${TABLE}" ${alias} LEFT JOIN "STR_Structure" s ON s.id = ${alias}."ID_Structure"
          WHERE ${condition} ORDER BY ${alias}.id LIMIT ${Number(size)}`,
        params,
        { read: true },
      );
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
