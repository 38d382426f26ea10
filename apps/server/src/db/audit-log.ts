import type { Queryable } from './queryable';

/** One row of APP_AuditLog: who (user, structure acted for), what, on which row, with details. */
export interface AuditRow {
  /** Null when no user acts: the embedded first run closing the demo's past years. */
  userId: number | null;
  structureId: number;
  action: string;
  table: string;
  targetId: number;
  details: Record<string, unknown>;
}

export async function writeAuditRows(tx: Queryable, rows: readonly AuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
     SELECT x."userId", x."structureId", x.action, x."table", x."targetId", x.details
       FROM jsonb_to_recordset($1::jsonb)
         AS x("userId" integer, "structureId" integer, action text, "table" text, "targetId" integer, details jsonb)`,
    [JSON.stringify(rows)],
  );
}
