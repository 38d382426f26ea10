import type { UnmappedFlux } from '@gdf/domain';
import type { Database } from '../../db/database';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

// Period bounds are calendar days in Europe/Paris (flux dates are shown there).
const PERIOD_SQL = `f."Z_DateCreation" >= ($2::date::timestamp AT TIME ZONE 'Europe/Paris')
  AND f."Z_DateCreation" < (($3::date + 1)::timestamp AT TIME ZONE 'Europe/Paris')`;

export interface Period {
  from: string;
  to: string;
}

/**
 * Flux of the period without a category mapping: reported, never silently dropped. A
 * relaunch copy is not missing from the files: it books nothing (@gdf/domain booksEntry).
 */
export async function unmappedFlux(
  database: Database,
  scope: Pick<RequestScope, 'unrestricted' | 'currentStructureId' | 'currentStructureType'>,
  period: Period,
  limit: number,
): Promise<{ count: number; first: UnmappedFlux[] }> {
  const params: unknown[] = [scope.currentStructureId, period.from, period.to];
  const scopeSql = structureScopeCondition(scope, 'f."ID_Structure"', params);
  const from = `FROM "MKP_FluxFinancier" f JOIN "STR_Structure" s ON s.id = f."ID_Structure"
     WHERE ${PERIOD_SQL} AND ${scopeSql} AND NOT EXISTS (
       SELECT 1 FROM "CPT_MappingFlux" m WHERE m."ID_Structure" = $1 AND m."ID_CategoryFlux" = f."ID_CategoryFlux")
       AND NOT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id)`;
  const [counted] = await database.query<{ count: number }>(`SELECT count(*)::int AS "count" ${from}`, params);
  const first = await database.query<UnmappedFlux>(
    `SELECT f.id, f."NomFluxFinancier" AS "label", f."ID_CategoryFlux" AS "category", s."NomStructure" AS "structureName",
            to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS "date"
     ${from} ORDER BY f.id LIMIT ${Math.trunc(limit)}`,
    params,
  );
  return { count: counted?.count ?? 0, first };
}
