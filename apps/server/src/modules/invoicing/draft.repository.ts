import type { DraftLine } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

type Reader = Pick<Database, 'query'> | Queryable;

export interface StoredDraft {
  id: number;
  structureId: number;
  structure: string;
  emitterId: number;
  label: string;
  category: number;
  dueDate: string;
  note: string;
  version: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  fluxId: number | null;
  seasonId: number | null;
  lines: Array<DraftLine & { rank: number }>;
}

const DRAFT_COLUMNS = `b.id, b."ID_Structure" AS "structureId", s."NomStructure" AS structure,
    b."ID_StructureEmettrice" AS "emitterId", b."Libelle" AS label, b."ID_CategoryFlux" AS category,
    b."DateEcheance"::text AS "dueDate", b."Note" AS note, b."Version" AS version, b."Z_DateCreation" AS "createdAt",
    b."Z_DateModification" AS "updatedAt", b."ID_FluxFinancier" AS "fluxId", f."ID_Saison" AS "seasonId"`;
const DRAFT_LINES = `coalesce((SELECT json_agg(json_build_object('rank', l."Rang", 'label', l."Libelle", 'tarifId', l."ID_Tarif",
    'unitPriceCents', l."CentimesUnitaire", 'quantity', l."Quantite") ORDER BY l."Rang")
    FROM "FAC_BrouillonLigne" l WHERE l."ID_Brouillon" = b.id), '[]'::json) AS lines`;

/** Drafts are the issuing structure's, for structures still in the caller's scope. */
function draftVisibility(scope: RequestScope, params: unknown[]): string {
  return `b."ID_StructureEmettrice" = $${params.push(scope.currentStructureId)}
      AND ${structureScopeCondition(scope, 'b."ID_Structure"', params)}`;
}

export async function findDraft(
  database: Reader,
  scope: RequestScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<StoredDraft | null> {
  const params: unknown[] = [id];
  const [row] = await database.query<StoredDraft>(
    `SELECT ${DRAFT_COLUMNS}, ${DRAFT_LINES}
       FROM "FAC_Brouillon" b JOIN "STR_Structure" s ON s.id = b."ID_Structure"
       LEFT JOIN "MKP_FluxFinancier" f ON f.id = b."ID_FluxFinancier"
      WHERE b.id = $1 AND ${draftVisibility(scope, params)}
      ${options.lock ? 'FOR UPDATE OF b' : ''}`,
    params,
  );
  return row ?? null;
}

export async function listDrafts(database: Reader, scope: RequestScope, limit: number): Promise<StoredDraft[]> {
  const params: unknown[] = [];
  const visible = draftVisibility(scope, params);
  return database.query<StoredDraft>(
    `SELECT ${DRAFT_COLUMNS}, ${DRAFT_LINES}
       FROM "FAC_Brouillon" b JOIN "STR_Structure" s ON s.id = b."ID_Structure"
       LEFT JOIN "MKP_FluxFinancier" f ON f.id = b."ID_FluxFinancier"
      WHERE ${visible}
      ORDER BY b."ID_FluxFinancier" IS NOT NULL, b.id DESC
      LIMIT $${params.push(limit)}`,
    params,
  );
}

export interface DraftValues {
  structureId: number;
  label: string;
  category: number;
  dueDate: string;
  note: string;
  lines: readonly DraftLine[];
}

export async function insertDraft(tx: Queryable, scope: RequestScope, values: DraftValues): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO "FAC_Brouillon" ("ID_Structure", "ID_StructureEmettrice", "Libelle", "ID_CategoryFlux", "DateEcheance",
            "Note", "ID_Utilisateur")
     VALUES ($1::int, $2::int, $3::text, $4::smallint, $5::date, $6::text, $7::int) RETURNING id`,
    [
      values.structureId,
      scope.currentStructureId,
      values.label,
      values.category,
      values.dueDate,
      values.note,
      scope.actor.userId,
    ],
  );
  await insertDraftLines(tx, row!.id, values.lines);
  return row!.id;
}

/** Saves a draft over the version the caller read: false when it changed meanwhile (R-INV-06). */
export async function updateDraft(tx: Queryable, id: number, version: number, values: DraftValues): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE "FAC_Brouillon" SET "ID_Structure" = $3::int, "Libelle" = $4::text, "ID_CategoryFlux" = $5::smallint,
            "DateEcheance" = $6::date, "Note" = $7::text, "Version" = "Version" + 1, "Z_DateModification" = now()
      WHERE id = $1 AND "Version" = $2 AND "ID_FluxFinancier" IS NULL RETURNING id`,
    [id, version, values.structureId, values.label, values.category, values.dueDate, values.note],
  );
  if (rows.length === 0) return false;
  await tx.query(`DELETE FROM "FAC_BrouillonLigne" WHERE "ID_Brouillon" = $1`, [id]);
  await insertDraftLines(tx, id, values.lines);
  return true;
}

async function insertDraftLines(tx: Queryable, draftId: number, lines: readonly DraftLine[]): Promise<void> {
  await tx.query(
    `INSERT INTO "FAC_BrouillonLigne" ("ID_Brouillon", "Rang", "Libelle", "ID_Tarif", "CentimesUnitaire", "Quantite")
     SELECT $1::int, x.rank, x.label, x."tarifId", x."unitPriceCents", x.quantity
       FROM jsonb_to_recordset($2::jsonb) AS x(rank smallint, label text, "tarifId" integer, "unitPriceCents" bigint, quantity integer)`,
    [draftId, JSON.stringify(lines.map((line, index) => ({ ...line, rank: index + 1 })))],
  );
}

export async function deleteDraft(tx: Queryable, id: number, version: number): Promise<boolean> {
  const rows = await tx.query(
    `DELETE FROM "FAC_Brouillon" WHERE id = $1 AND "Version" = $2 AND "ID_FluxFinancier" IS NULL RETURNING id`,
    [id, version],
  );
  return rows.length === 1;
}

export async function markDraftIssued(tx: Queryable, id: number, fluxId: number): Promise<void> {
  await tx.query(
    `UPDATE "FAC_Brouillon" SET "ID_FluxFinancier" = $2::int, "DateEmission" = now(), "Version" = "Version" + 1
      WHERE id = $1 AND "ID_FluxFinancier" IS NULL`,
    [id, fluxId],
  );
}
