import type { ThirdPartyRule, UnmappedFlux } from '@gdf/domain';
import type { Database } from '../../db/database';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

// Period bounds are calendar days in Europe/Paris (flux dates are shown there).
const PERIOD_SQL = `f."Z_DateCreation" >= ($2::date::timestamp AT TIME ZONE 'Europe/Paris')
  AND f."Z_DateCreation" < (($3::date + 1)::timestamp AT TIME ZONE 'Europe/Paris')`;

export interface Period {
  from: string;
  to: string;
}

export interface TarifPartRow {
  fluxId: number;
  cents: string;
  account: string;
  accountLabel: string | null;
  section: string | null;
}

export async function loadThirdPartyRule(
  database: Pick<Database, 'query'>,
  structureId: number,
): Promise<(ThirdPartyRule & { siren: string | null }) | null> {
  const [row] = await database.query<ThirdPartyRule & { siren: string | null }>(
    `SELECT p."CompteCollectif" AS "collectiveAccount", p."TiersPrefixe" AS "prefix",
            p."TiersCompteFixe" AS "fixedAccount", p."TiersLibelleFixe" AS "fixedLabel",
            COALESCE(p."SIREN", s."SIREN") AS "siren", COALESCE(c."Libelle", p."CompteCollectif") AS "collectiveLabel"
     FROM "CPT_Parametres" p JOIN "STR_Structure" s ON s.id = p."ID_Structure"
     LEFT JOIN "CPT_Compte" c ON c."ID_Structure" = p."ID_Structure" AND c."Numero" = p."CompteCollectif"
     WHERE p."ID_Structure" = $1`,
    [structureId],
  );
  return row ?? null;
}

export async function hasTarifMappings(database: Pick<Database, 'query'>, structureId: number): Promise<boolean> {
  const rows = await database.query(
    `SELECT 1 FROM "CPT_MappingFlux" WHERE "ID_Structure" = $1 AND "ID_Tarif" IS NOT NULL LIMIT 1`,
    [structureId],
  );
  return rows.length > 0;
}

/** Detail lines whose tarif has its own mapping, summed per flux and account (signed like the flux). */
export async function tarifParts(
  database: Pick<Database, 'query'>,
  structureId: number,
  fluxIds: readonly number[],
): Promise<TarifPartRow[]> {
  return database.query<TarifPartRow>(
    `SELECT d."ID_FluxFinancier" AS "fluxId", m."CompteNumero" AS "account", c."Libelle" AS "accountLabel",
            m."CodeSection" AS "section",
            sum(CASE WHEN d."EST_Debit" = f."EST_Debit" THEN 1 ELSE -1 END * d."MontantTTC" * 100)::bigint::text AS "cents"
     FROM "MKP_FluxFinancierDetail" d
     JOIN "MKP_FluxFinancier" f ON f.id = d."ID_FluxFinancier"
     JOIN "CPT_MappingFlux" m ON m."ID_Structure" = $1 AND m."ID_Tarif" = d."ID_Tarif"
     LEFT JOIN "CPT_Compte" c ON c."ID_Structure" = $1 AND c."Numero" = m."CompteNumero"
     WHERE d."ID_FluxFinancier" = ANY($2::int[])
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2`,
    [structureId, fluxIds],
  );
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
