import { parisDayStart, nextParisDayStart, type StatisticsFilters } from '@gdf/domain';
import type { Database } from '../../db/database';
import { resteDuSql } from '../../db/reste-du-sql';
import { intArray } from '../../db/sql-arrays';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

type Reader = Pick<Database, 'query'>;

/** A structure of the ligue's (comité's) territory: itself, or in a département it covers (R-STAT-02). */
const territory = (column: '"ID_Ligue"' | '"ID_Comite"', ref: string) =>
  `(s.id = ${ref} OR s."ID_Departement" IN (SELECT d.id FROM "ADR_Departement" d WHERE d.${column} = ${ref}))`;

/**
 * R-STAT-02: the structures the figures read: the scope's (R-SCOPE-01, R-SCOPE-02), narrowed by
 * the type, ligue and comité filters. `column` holds a structure id.
 */
function structureConditions(scope: RequestScope, filters: StatisticsFilters, column: string, params: unknown[]) {
  const conditions = [structureScopeCondition(scope, column, params)];
  const narrowing: string[] = [];
  if (filters.typeStructure !== null) narrowing.push(`s."ID_TypeStructure" = $${params.push(filters.typeStructure)}`);
  if (filters.ligue !== null) narrowing.push(territory('"ID_Ligue"', `$${params.push(filters.ligue)}`));
  if (filters.comite !== null) narrowing.push(territory('"ID_Comite"', `$${params.push(filters.comite)}`));
  if (narrowing.length > 0)
    conditions.push(`${column} IN (SELECT s.id FROM "STR_Structure" s WHERE ${narrowing.join(' AND ')})`);
  return conditions;
}

/** The aggregates' rows of the filters (alias a); `withPeriod` false: every day up to the period's end. */
function aggregateWhere(scope: RequestScope, filters: StatisticsFilters, params: unknown[], withPeriod = true) {
  const conditions = structureConditions(scope, filters, 'a."ID_Structure"', params);
  if (withPeriod) {
    conditions.push(`a."ID_Saison" = $${params.push(filters.saison)}`);
    conditions.push(`a."Jour" >= $${params.push(filters.debut)}::date`);
  }
  conditions.push(`a."Jour" <= $${params.push(filters.fin)}::date`);
  if (filters.categorie !== null) conditions.push(`a."ID_CategoryFlux" = $${params.push(filters.categorie)}`);
  return conditions.join(' AND ');
}

export interface BillingRow {
  mois: string;
  categorieId: number;
  categorie: string;
  facture: string;
  regle: string;
  avoirs: string;
  nombre: number;
  jours: string;
  regles: number;
}

/** R-STAT-03: billed, settled, avoirs and flux per month and category, from STA_FluxJour (R-STAT-07). */
export async function billingByMonth(database: Reader, scope: RequestScope, filters: StatisticsFilters) {
  const params: unknown[] = [];
  return database.query<BillingRow>(
    `SELECT to_char(a."Jour", 'YYYY-MM') AS mois, a."ID_CategoryFlux" AS "categorieId", c."NomCategoryFlux" AS categorie,
        sum(a."Facture")::text AS facture, sum(a."Regle")::text AS regle, sum(a."Avoirs")::text AS avoirs,
        sum(a."Nombre")::integer AS nombre, sum(a."JoursReglement")::text AS jours, sum(a."NombreRegles")::integer AS regles
       FROM "STA_FluxJour" a JOIN "MKP_CategoryFlux" c ON c.id = a."ID_CategoryFlux"
      WHERE ${aggregateWhere(scope, filters, params)}
      GROUP BY 1, 2, 3 HAVING sum(a."Nombre") <> 0 ORDER BY 1, 2`,
    params,
  );
}

/** R-STAT-04: the rejected or returned debits per reason and bank, from STA_RejetJour (R-STAT-07). */
export async function rejects(database: Reader, scope: RequestScope, filters: StatisticsFilters) {
  const params: unknown[] = [];
  return database.query<{ code: string; banque: string; nombre: number; montant: string }>(
    `SELECT a."CodeRaison" AS code, a."Banque" AS banque, sum(a."Nombre")::integer AS nombre, sum(a."Montant")::text AS montant
       FROM "STA_RejetJour" a WHERE ${aggregateWhere(scope, filters, params)}
      GROUP BY 1, 2 HAVING sum(a."Nombre") <> 0 ORDER BY 1, 2`,
    params,
  );
}

/** R-STAT-06: billed and settled per season up to the period's end, the structure and category filters kept. */
export async function seasons(database: Reader, scope: RequestScope, filters: StatisticsFilters) {
  const params: unknown[] = [];
  return database.query<{ saisonId: number; facture: string; regle: string }>(
    `SELECT a."ID_Saison" AS "saisonId", sum(a."Facture")::text AS facture, sum(a."Regle")::text AS regle
       FROM "STA_FluxJour" a WHERE ${aggregateWhere(scope, filters, params, false)}
      GROUP BY 1 HAVING sum(a."Nombre") <> 0 ORDER BY 1`,
    params,
  );
}

export interface ArrearsRow {
  structureId: number;
  type: number;
  ligue: number | null;
  comite: number | null;
  tranche: string;
  reste: string;
  nombre: number;
  avant: string;
}

/**
 * R-STAT-05, R-STAT-06: the reste dû today (R-BAL-01, db/reste-du-sql.ts) of the filters' flux
 * not settled (a settled flux owes nothing: the partial index of unpaid flux), per structure and
 * ageing bucket of the creation day (`bounds`: the first day of 0-30, 31-60 and 61-90), with
 * what the flux created up to `cut` owe.
 */
export async function arrears(
  database: Reader,
  scope: RequestScope,
  filters: StatisticsFilters,
  bounds: readonly [string, string, string],
  cut: string,
) {
  const params: unknown[] = [];
  const conditions = structureConditions(scope, filters, 'f."ID_Structure"', params);
  conditions.push(`f."ID_Saison" = $${params.push(filters.saison)}`);
  conditions.push(`f."Z_DateCreation" >= $${params.push(parisDayStart(filters.debut))}::timestamptz`);
  conditions.push(`f."Z_DateCreation" < $${params.push(nextParisDayStart(filters.fin))}::timestamptz`);
  if (filters.categorie !== null) conditions.push(`f."ID_CategoryFlux" = $${params.push(filters.categorie)}`);
  const [b30, b60, b90] = bounds.map((day) => `$${params.push(day)}::date`);
  const cutRef = `$${params.push(cut)}::date`;
  return database.query<ArrearsRow>(
    `WITH o AS MATERIALIZED (
       SELECT f."ID_Structure" AS structure, (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date AS jour,
              ${resteDuSql('f')} AS reste
         FROM "MKP_FluxFinancier" f WHERE NOT f."EST_Reglement" AND ${conditions.join(' AND ')})
     SELECT o.structure AS "structureId", s."ID_TypeStructure" AS type, d."ID_Ligue" AS ligue, d."ID_Comite" AS comite,
            CASE WHEN o.jour >= ${b30} THEN '0-30' WHEN o.jour >= ${b60} THEN '31-60'
                 WHEN o.jour >= ${b90} THEN '61-90' ELSE '90+' END AS tranche,
            sum(o.reste)::text AS reste, count(*) FILTER (WHERE o.reste <> 0)::integer AS nombre,
            coalesce(sum(o.reste) FILTER (WHERE o.jour <= ${cutRef}), 0)::text AS avant
       FROM o JOIN "STR_Structure" s ON s.id = o.structure
       LEFT JOIN "ADR_Departement" d ON d.id = s."ID_Departement"
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(o.reste) <> 0 OR count(*) FILTER (WHERE o.reste <> 0) > 0`,
    params,
  );
}

/** Names of structures, by id. */
export async function structureNames(database: Reader, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await database.query<{ id: number; name: string }>(
    `SELECT id, "NomStructure" AS name FROM "STR_Structure" WHERE id = ANY($1::int[])`,
    [intArray(ids)],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The current season (EST_SaisonCourante), the database's clock, and whether the filters' references exist. */
export async function referenceChecks(
  database: Reader,
  filters: { saison?: number; categorie?: number; ligue?: number; comite?: number },
) {
  const [row] = await database.query<{
    current: number | null;
    now: string;
    season: boolean;
    category: boolean;
    ligueType: number | null;
    comiteType: number | null;
  }>(
    `SELECT (SELECT id FROM "FEDE_Saison" WHERE "EST_SaisonCourante" ORDER BY id DESC LIMIT 1) AS current,
        to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS now,
        $1::int IS NULL OR EXISTS (SELECT 1 FROM "FEDE_Saison" WHERE id = $1) AS season,
        $2::int IS NULL OR EXISTS (SELECT 1 FROM "MKP_CategoryFlux" WHERE id = $2) AS category,
        (SELECT "ID_TypeStructure" FROM "STR_Structure" WHERE id = $3) AS "ligueType",
        (SELECT "ID_TypeStructure" FROM "STR_Structure" WHERE id = $4) AS "comiteType"`,
    [filters.saison ?? null, filters.categorie ?? null, filters.ligue ?? null, filters.comite ?? null],
  );
  return row!;
}

/** R-STAT-08: the départements of a ligue's or a comité's territory, in id order. */
export async function territoryDepartements(
  database: Reader,
  level: 'ligue' | 'comite',
  id: number,
): Promise<number[]> {
  const column = level === 'ligue' ? '"ID_Ligue"' : '"ID_Comite"';
  const rows = await database.query<{ id: number }>(
    `SELECT id FROM "ADR_Departement" WHERE ${column} = $1 ORDER BY id`,
    [id],
  );
  return rows.map((row) => row.id);
}

/** R-STAT-07: the aggregates computed again from the flux (sta_reconstruire, migration 0046). */
export async function rebuildAggregates(database: Pick<Database, 'query'>): Promise<void> {
  await database.query(`SELECT "sta_reconstruire"()`);
}
