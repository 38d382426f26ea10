import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';

const TABLE = 'MKP_FluxFinancier';

/** A pack's audit row (R-DOC-08): `details` is the JSON of what was asked and sent. */
export async function insertPackAuditRow(
  db: Queryable,
  who: { userId: number; structureId: number },
  action: string,
  details: string,
): Promise<void> {
  await db.query(
    `INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
     VALUES ($1::integer, $2::integer, $3::text, 'MKP_FluxFinancier', NULL, $4::jsonb)`,
    [who.userId, who.structureId, action, details],
  );
}

/** A compiled selection of flux: `condition` on `alias`, with its parameters. */
export interface CompiledPackSelection {
  alias: string;
  condition: string;
  params: unknown[];
}

export async function countPackFlux(database: Database, { alias, condition, params }: CompiledPackSelection) {
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM "${TABLE}" ${alias} WHERE ${condition}`,
    params,
    { read: true },
  );
  return row?.n ?? 0;
}

export interface PackFluxRow {
  id: number;
  seasonId: number;
  structureName: string | null;
  label: string | null;
  amount: string;
}

/** The first `size` flux of the selection, in id order (keyset: each batch is one indexed read). */
export function readPackFluxBatch(
  database: Database,
  { alias, condition, params }: CompiledPackSelection,
  size: number,
): Promise<PackFluxRow[]> {
  return database.query<PackFluxRow>(
    `SELECT ${alias}.id, ${alias}."ID_Saison" AS "seasonId", s."NomStructure" AS "structureName",
            ${alias}."NomFluxFinancier" AS label, ${alias}."MontantTTC"::text AS amount
       FROM "${TABLE}" ${alias} LEFT JOIN "STR_Structure" s ON s.id = ${alias}."ID_Structure"
      WHERE ${condition} ORDER BY ${alias}.id LIMIT ${Number(size)}`,
    params,
    { read: true },
  );
}
