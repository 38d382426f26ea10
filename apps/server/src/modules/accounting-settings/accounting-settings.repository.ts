import { DEFAULT_SHARE_ACCOUNT, DEFAULT_SHARE_ACCOUNT_LABEL } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { RequestScope } from '../scope/scope';
import type { ResourceDefinition } from './accounting-resources';

/** Generic SQL over the settings tables: identifiers come from RESOURCES, values are parameters. */
export function listRows(database: Database, def: ResourceDefinition, structureId: number) {
  const columns = ['id', ...def.columns].map((c) => `"${c}"`).join(', ');
  return database.query(`SELECT ${columns} FROM "${def.table}" WHERE "ID_Structure" = $1 ORDER BY ${def.orderBy}, id`, [
    structureId,
  ]);
}

export async function insertRow(
  database: Database,
  def: ResourceDefinition,
  structureId: number,
  values: Record<string, unknown>,
) {
  const params = [structureId, ...def.columns.map((c) => values[c] ?? null)];
  const placeholders = params.map((_, i) => `$${i + 1}`).join(', ');
  const [row] = await database.query(
    `INSERT INTO "${def.table}" ("ID_Structure", ${def.columns.map((c) => `"${c}"`).join(', ')})
     VALUES (${placeholders}) RETURNING id, ${def.columns.map((c) => `"${c}"`).join(', ')}`,
    params,
  );
  return row;
}

export async function updateRow(
  database: Database,
  def: ResourceDefinition,
  structureId: number,
  id: number,
  values: Record<string, unknown>,
) {
  const params: unknown[] = [structureId, id, ...def.columns.map((c) => values[c] ?? null)];
  const sets = def.columns.map((c, i) => `"${c}" = $${i + 3}`).join(', ');
  const [row] = await database.query(
    `UPDATE "${def.table}" SET ${sets} WHERE "ID_Structure" = $1 AND id = $2
     RETURNING id, ${def.columns.map((c) => `"${c}"`).join(', ')}`,
    params,
  );
  return row ?? null;
}

export async function deleteRow(database: Database, def: ResourceDefinition, structureId: number, id: number) {
  const rows = await database.query(`DELETE FROM "${def.table}" WHERE "ID_Structure" = $1 AND id = $2 RETURNING id`, [
    structureId,
    id,
  ]);
  return rows.length > 0;
}

async function exists(database: Database, sql: string, params: unknown[]): Promise<boolean> {
  return (await database.query(sql, params)).length > 0;
}

/** Whether the structure's chart of accounts has this account number. */
export function accountExists(database: Database, structureId: number, number: unknown): Promise<boolean> {
  return exists(database, `SELECT 1 FROM "CPT_Compte" WHERE "ID_Structure" = $1 AND "Numero" = $2`, [
    structureId,
    number,
  ]);
}

/** Whether the structure has this analytic section code. */
export function sectionExists(database: Database, structureId: number, code: unknown): Promise<boolean> {
  return exists(database, `SELECT 1 FROM "CPT_SectionAnalytique" WHERE "ID_Structure" = $1 AND "Code" = $2`, [
    structureId,
    code,
  ]);
}

export function categoryExists(database: Database, categoryId: unknown): Promise<boolean> {
  return exists(database, `SELECT 1 FROM "MKP_CategoryFlux" WHERE id = $1`, [categoryId]);
}

export function tarifExists(database: Database, tarifId: unknown): Promise<boolean> {
  return exists(database, `SELECT 1 FROM "MKP_Tarif" WHERE id = $1`, [tarifId]);
}

/** Whether a flux mapping of the structure names this account (it cannot be deleted then). */
export function accountInUse(database: Database, structureId: number, accountId: number): Promise<boolean> {
  return exists(
    database,
    `SELECT 1 FROM "CPT_MappingFlux" m JOIN "CPT_Compte" c ON c."ID_Structure" = m."ID_Structure" AND c."Numero" = m."CompteNumero"
       WHERE c."ID_Structure" = $1 AND c.id = $2`,
    [structureId, accountId],
  );
}

export async function audit(
  database: Database,
  scope: RequestScope,
  action: string,
  table: string,
  id: number | null,
  details: unknown,
) {
  await database.query(
    `INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [scope.actor.userId, scope.currentStructureId, action, table, id, JSON.stringify(details ?? null)],
  );
}

export function loadReferences(database: Database) {
  return Promise.all([
    database.query(`SELECT id, "NomCategoryFlux" FROM "MKP_CategoryFlux" ORDER BY id`),
    database.query(
      `SELECT id, "NomTarif", "ID_CategoryFlux", "ID_Saison" FROM "MKP_Tarif" ORDER BY "ID_Saison" DESC NULLS LAST, "NomTarif", id LIMIT 500`,
    ),
  ]).then(([categories, tarifs]) => ({ categories, tarifs }));
}

const PARAMETRES_COLUMNS = `"CompteCollectif", "TiersPrefixe", "TiersCompteFixe", "TiersLibelleFixe", "SIREN",
  "CompteQuotesParts", "LibelleQuotesParts"`;

export async function loadParametres(database: Database, structureId: number) {
  const [row] = await database.query(`SELECT ${PARAMETRES_COLUMNS} FROM "CPT_Parametres" WHERE "ID_Structure" = $1`, [
    structureId,
  ]);
  return row ?? null;
}

/**
 * The third-party rule, SIREN and the debt account of the levels' shares (R-PAY-10): a share
 * account left out keeps what is set (its default '467000' at first).
 */
export async function saveParametres(database: Database, structureId: number, p: Record<string, unknown>) {
  const [row] = await database.query(
    `INSERT INTO "CPT_Parametres" ("ID_Structure", "CompteCollectif", "TiersPrefixe", "TiersCompteFixe", "TiersLibelleFixe", "SIREN",
       "CompteQuotesParts", "LibelleQuotesParts")
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, '${DEFAULT_SHARE_ACCOUNT}'), coalesce($8, '${DEFAULT_SHARE_ACCOUNT_LABEL}'))
     ON CONFLICT ("ID_Structure") DO UPDATE SET "CompteCollectif" = EXCLUDED."CompteCollectif",
       "TiersPrefixe" = EXCLUDED."TiersPrefixe", "TiersCompteFixe" = EXCLUDED."TiersCompteFixe",
       "TiersLibelleFixe" = EXCLUDED."TiersLibelleFixe", "SIREN" = EXCLUDED."SIREN",
       "CompteQuotesParts" = coalesce($7, "CPT_Parametres"."CompteQuotesParts"),
       "LibelleQuotesParts" = coalesce($8, "CPT_Parametres"."LibelleQuotesParts")
     RETURNING ${PARAMETRES_COLUMNS}`,
    [
      structureId,
      p.CompteCollectif,
      p.TiersPrefixe,
      p.TiersCompteFixe,
      p.TiersLibelleFixe,
      p.SIREN,
      p.CompteQuotesParts ?? null,
      p.LibelleQuotesParts ?? null,
    ],
  );
  return row;
}
