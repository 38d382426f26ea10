import { intArray } from '../../db/sql-arrays';
import { structureScopeCondition, type RequestScope } from '../scope/scope';
import type { Queryable } from '../../db/queryable';
import { FLUX_WRITABLE_COLUMNS, type ColumnValues, type FluxWritableColumn } from './flux-writable-columns';

/** INSERT of whitelisted columns; values are parameters cast to the column type. */
export async function insertRow(
  tx: Queryable,
  table: 'MKP_FluxFinancier' | 'MKP_FluxFinancierDetail',
  types: Record<string, string>,
  values: Record<string, unknown>,
): Promise<number> {
  const columns = Object.keys(values).filter((column) => column in types);
  const params = columns.map((column) => values[column]);
  const placeholders = columns.map((column, i) => `$${i + 1}::${types[column]}`);
  const text = columns.length
    ? `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING id`
    : `INSERT INTO "${table}" DEFAULT VALUES RETURNING id`;
  const rows = await tx.query<{ id: number }>(text, params);
  return (rows[0] as { id: number }).id;
}

/** UPDATE of whitelisted columns of one flux the caller may see; null when there is none. */
export async function updateVisibleFlux(
  tx: Queryable,
  scope: RequestScope,
  id: number,
  values: ColumnValues<FluxWritableColumn>,
): Promise<number | null> {
  const columns = (Object.keys(values) as FluxWritableColumn[]).filter((column) => column in FLUX_WRITABLE_COLUMNS);
  const params: unknown[] = [id];
  const assignments = columns.map((column) => {
    params.push(values[column]);
    return `"${column}" = $${params.length}::${FLUX_WRITABLE_COLUMNS[column]}`;
  });
  // No column to set: still answer whether the row is visible, as Hasura returns it.
  const set = assignments.length ? assignments.join(', ') : '"id" = f.id';
  const scopeCondition = structureScopeCondition(scope, 'f."ID_Structure"', params);
  const rows = await tx.query<{ id: number }>(
    `UPDATE "MKP_FluxFinancier" f SET ${set} WHERE f.id = $1 AND ${scopeCondition} RETURNING f.id`,
    params,
  );
  return rows[0]?.id ?? null;
}

export interface LockedFlux {
  id: number;
  NomFluxFinancier: string;
  ID_Structure: number;
  ID_CategoryFlux: number;
  EST_Debit: boolean;
  EST_Reglement: boolean;
  ID_FluxFinancierRelance: number | null;
}

/**
 * Locks the flux row (FOR UPDATE) when the caller may see it: concurrent relaunches of
 * one flux wait here, then read the committed ID_FluxFinancierRelance.
 */
export async function lockVisibleFlux(tx: Queryable, scope: RequestScope, id: number): Promise<LockedFlux | null> {
  return (await lockVisibleFluxList(tx, scope, [id]))[0] ?? null;
}

/** lockVisibleFlux for many flux, locked in id order; those out of scope are left out. */
export async function lockVisibleFluxList(
  tx: Queryable,
  scope: RequestScope,
  ids: readonly number[],
): Promise<LockedFlux[]> {
  if (ids.length === 0) return [];
  const params: unknown[] = [intArray(ids)];
  return tx.query<LockedFlux>(
    `SELECT f.id, f."NomFluxFinancier", f."ID_Structure", f."ID_CategoryFlux", f."EST_Debit", f."EST_Reglement",
            f."ID_FluxFinancierRelance"
       FROM "MKP_FluxFinancier" f
      WHERE f.id = ANY($1::int[]) AND ${structureScopeCondition(scope, 'f."ID_Structure"', params)}
      ORDER BY f.id
      FOR UPDATE OF f`,
    params,
  );
}

/** The relaunched copy: same structure, user, season, category and amounts; unpaid; new date. */
export async function insertRelaunchedFlux(
  tx: Queryable,
  originalId: number,
  label: string,
  date: Date,
  dueDate: string,
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "Z_DateCreation", "MontantHT", "MontantTVA", "MontantTTC",
            "EST_Debit", "EST_Reglement", "ID_CategoryFlux", "ID_FluxFinancierDebit", "ID_Saison", "ID_Structure",
            "ID_Utilisateur", "DateEcheance")
     SELECT $2::text, $3::timestamptz, "MontantHT", "MontantTVA", "MontantTTC", "EST_Debit", false, "ID_CategoryFlux",
            "ID_FluxFinancierDebit", "ID_Saison", "ID_Structure", "ID_Utilisateur", $4::date
       FROM "MKP_FluxFinancier" WHERE id = $1
     RETURNING id`,
    [originalId, label, date.toISOString(), dueDate],
  );
  return (rows[0] as { id: number }).id;
}

export async function copyDetailLines(tx: Queryable, fromFluxId: number, toFluxId: number, date: Date): Promise<void> {
  await tx.query(
    `INSERT INTO "MKP_FluxFinancierDetail" ("ID_FluxFinancier", "NomFluxFinancierDetail", "PrixUnitaire", "Quantite",
            "MontantHT", "MontantTTC", "EST_Debit", "ID_Tarif", "Z_DateCreation")
     SELECT $2::integer, "NomFluxFinancierDetail", "PrixUnitaire", "Quantite", "MontantHT", "MontantTTC", "EST_Debit",
            "ID_Tarif", $3::timestamptz
       FROM "MKP_FluxFinancierDetail" WHERE "ID_FluxFinancier" = $1 ORDER BY id`,
    [fromFluxId, toFluxId, date.toISOString()],
  );
}

/** Marks the original as relaunched, only if it was not: false when another relaunch won. */
export async function markRelaunched(tx: Queryable, originalId: number, relaunchedId: number): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierRelance" = $2::integer
      WHERE id = $1 AND "ID_FluxFinancierRelance" IS NULL RETURNING id`,
    [originalId, relaunchedId],
  );
  return rows.length === 1;
}

export interface AuditEntry {
  userId: number;
  structureId: number;
  action: string;
  fluxId: number;
  details: Record<string, unknown>;
}

export async function writeFluxAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
     VALUES ($1::integer, $2::integer, $3::text, 'MKP_FluxFinancier', $4::integer, $5::jsonb)`,
    [entry.userId, entry.structureId, entry.action, entry.fluxId, JSON.stringify(entry.details)],
  );
}

/** Whether the caller may see the user: licensed in, member of, or on a flux of a structure in scope. */
export async function canSeeUser(tx: Queryable, scope: RequestScope, userId: number): Promise<boolean> {
  const params: unknown[] = [userId];
  const inScope = (column: string) => structureScopeCondition(scope, column, params);
  const rows = await tx.query(
    `SELECT 1 FROM "UTI_Utilisateur" u WHERE u.id = $1 AND (
        EXISTS (SELECT 1 FROM "LIC_Licence" l WHERE l."ID_Utilisateur" = u.id AND ${inScope('l."ID_Structure"')})
     OR EXISTS (SELECT 1 FROM "STR_StructureUtilisateur" m WHERE m."ID_Utilisateur" = u.id AND ${inScope('m."ID_Structure"')})
     OR EXISTS (SELECT 1 FROM "MKP_FluxFinancier" f WHERE f."ID_Utilisateur" = u.id AND ${inScope('f."ID_Structure"')}))`,
    params,
  );
  return rows.length > 0;
}

export async function canSeeFlux(tx: Queryable, scope: RequestScope, fluxId: number): Promise<boolean> {
  const params: unknown[] = [fluxId];
  const rows = await tx.query(
    `SELECT 1 FROM "MKP_FluxFinancier" f WHERE f.id = $1 AND ${structureScopeCondition(scope, 'f."ID_Structure"', params)}`,
    params,
  );
  return rows.length > 0;
}

/** A flux as stored, for checking a write against the whole row (money as decimal text). */
export interface StoredFlux {
  id: number;
  NomFluxFinancier: string;
  MontantHT: string;
  MontantTVA: string;
  MontantTTC: string;
  EST_Debit: boolean;
  EST_Reglement: boolean;
  /** ISO 8601 with its offset (the same text on both drivers). */
  Z_DateCreation: string;
  ID_Saison: number;
  ID_Structure: number;
  DateEcheance: string | null;
}

export interface StoredLine {
  NomFluxFinancierDetail: string;
  PrixUnitaire: string;
  Quantite: number;
  MontantHT: string;
  MontantTTC: string;
  EST_Debit: boolean;
}

/** Locks a flux the caller may see (FOR UPDATE) before an update; null when there is none. */
export async function lockFluxForWrite(tx: Queryable, scope: RequestScope, id: number): Promise<StoredFlux | null> {
  const params: unknown[] = [id];
  const rows = await tx.query<StoredFlux>(
    `SELECT f.id, f."NomFluxFinancier", f."MontantHT"::text AS "MontantHT", f."MontantTVA"::text AS "MontantTVA",
            f."MontantTTC"::text AS "MontantTTC", f."EST_Debit", f."EST_Reglement",
            to_json(f."Z_DateCreation") #>> '{}' AS "Z_DateCreation", f."ID_Saison",
            f."ID_Structure", f."DateEcheance"::text AS "DateEcheance"
       FROM "MKP_FluxFinancier" f
      WHERE f.id = $1 AND ${structureScopeCondition(scope, 'f."ID_Structure"', params)}
      FOR UPDATE OF f`,
    params,
  );
  return rows[0] ?? null;
}

export async function storedLines(tx: Queryable, fluxId: number): Promise<StoredLine[]> {
  return tx.query<StoredLine>(
    `SELECT "NomFluxFinancierDetail", "PrixUnitaire"::text AS "PrixUnitaire", "Quantite",
            "MontantHT"::text AS "MontantHT", "MontantTTC"::text AS "MontantTTC", "EST_Debit"
       FROM "MKP_FluxFinancierDetail" WHERE "ID_FluxFinancier" = $1 ORDER BY id`,
    [fluxId],
  );
}
