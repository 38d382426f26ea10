import type { ThirdPartyRule, UnmappedFlux } from '@gdf/domain';
import type { Database } from '../../db/database';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

/** Keyset batches: bounded memory whatever the period, same SQL on PGlite and PostgreSQL. */
export const BATCH_SIZE = 5_000;

// Period bounds are calendar days in Europe/Paris (flux dates are shown there).
const periodSql = (fromRef: number) => `f."Z_DateCreation" >= ($${fromRef}::date::timestamp AT TIME ZONE 'Europe/Paris')
  AND f."Z_DateCreation" < (($${fromRef + 1}::date + 1)::timestamp AT TIME ZONE 'Europe/Paris')`;
const PERIOD_SQL = periodSql(2);

/** The id interval holding the period's flux in scope: batches walk it in id windows. */
export async function fluxIdRange(database: Database, scope: RequestScope, period: Period) {
  const params: unknown[] = [period.from, period.to];
  const scopeSql = structureScopeCondition(scope, 'f."ID_Structure"', params);
  const [row] = await database.query<{ min: number | null; max: number | null }>(
    `SELECT min(f.id) AS "min", max(f.id) AS "max" FROM "MKP_FluxFinancier" f WHERE ${periodSql(1)} AND ${scopeSql}`,
    params,
  );
  return row?.min == null || row.max == null ? null : { min: row.min, max: row.max };
}

export interface Period {
  from: string;
  to: string;
}

export interface MappedFluxRow {
  id: number;
  label: string;
  date: string;
  isDebit: boolean;
  cents: string;
  structureCode: string | null;
  structureName: string;
  account: string;
  accountLabel: string | null;
  journal: string;
  section: string | null;
  /** The flux this one relaunches (a relaunch copy), else null: @gdf/domain booksEntry. */
  relaunchOf: number | null;
}

export interface TarifPartRow {
  fluxId: number;
  cents: string;
  account: string;
  accountLabel: string | null;
  section: string | null;
}

export async function loadThirdPartyRule(
  database: Database,
  structureId: number,
): Promise<(ThirdPartyRule & { siren: string | null }) | null> {
  const [row] = await database.query<ThirdPartyRule & { siren: string | null }>(
    `SELECT p."CompteCollectif" AS "collectiveAccount", p."TiersPrefixe" AS "prefix",
            p."TiersCompteFixe" AS "fixedAccount", p."TiersLibelleFixe" AS "fixedLabel",
            COALESCE(p."SIREN", s."SIREN") AS "siren"
     FROM "CPT_Parametres" p JOIN "STR_Structure" s ON s.id = p."ID_Structure" WHERE p."ID_Structure" = $1`,
    [structureId],
  );
  return row ?? null;
}

export async function hasTarifMappings(database: Database, structureId: number): Promise<boolean> {
  const rows = await database.query(
    `SELECT 1 FROM "CPT_MappingFlux" WHERE "ID_Structure" = $1 AND "ID_Tarif" IS NOT NULL LIMIT 1`,
    [structureId],
  );
  return rows.length > 0;
}

/**
 * The mapped flux with afterId < id <= uptoId, in id order, at most BATCH_SIZE. The upper
 * bound keeps each query's work bounded: "id > x ORDER BY id LIMIT n" alone made
 * PostgreSQL re-scan the rest of the period for every batch.
 */
export async function mappedFluxBatch(
  database: Database,
  scope: RequestScope,
  period: Period,
  journals: readonly string[] | undefined,
  afterId: number,
  uptoId: number,
): Promise<MappedFluxRow[]> {
  const params: unknown[] = [scope.currentStructureId, period.from, period.to, afterId, uptoId];
  const scopeSql = structureScopeCondition(scope, 'f."ID_Structure"', params);
  let journalSql = '';
  if (journals) {
    params.push(journals);
    journalSql = `AND m."JournalCode" = ANY($${params.length}::text[])`;
  }
  return database.query<MappedFluxRow>(
    `SELECT f.id, f."NomFluxFinancier" AS "label", f."EST_Debit" AS "isDebit",
            to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS "date",
            (f."MontantTTC" * 100)::bigint::text AS "cents",
            s."ID_CodeFederal" AS "structureCode", s."NomStructure" AS "structureName",
            m."CompteNumero" AS "account", c."Libelle" AS "accountLabel", m."JournalCode" AS "journal",
            m."CodeSection" AS "section",
            (SELECT o.id FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id) AS "relaunchOf"
     FROM "MKP_FluxFinancier" f
     JOIN "STR_Structure" s ON s.id = f."ID_Structure"
     JOIN "CPT_MappingFlux" m ON m."ID_Structure" = $1 AND m."ID_CategoryFlux" = f."ID_CategoryFlux"
     LEFT JOIN "CPT_Compte" c ON c."ID_Structure" = $1 AND c."Numero" = m."CompteNumero"
     WHERE f.id > $4 AND f.id <= $5 AND ${PERIOD_SQL} AND ${scopeSql} ${journalSql}
     ORDER BY f.id LIMIT ${BATCH_SIZE}`,
    params,
  );
}

/** Detail lines whose tarif has its own mapping, summed per flux and account (signed like the flux). */
export async function tarifParts(
  database: Database,
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
  scope: RequestScope,
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

export async function auditExport(database: Database, scope: RequestScope, action: string, details: object) {
  await database.query(
    `INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "Details")
     VALUES ($1, $2, $3, 'MKP_FluxFinancier', $4)`,
    [scope.actor.userId, scope.currentStructureId, action, JSON.stringify(details)],
  );
}
