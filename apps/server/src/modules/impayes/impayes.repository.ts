import {
  contains,
  isReminderLevel,
  type OverdueStructure,
  type OverdueStructureFilter,
  type ReminderSummary,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { intArray } from '../../db/sql-arrays';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

/** Name and federal code of the structures of `ids` the scope reaches. */
export async function findStructures(
  database: Pick<Database, 'query'>,
  scope: RequestScope,
  ids: readonly number[],
): Promise<Map<number, OverdueStructure>> {
  const params: unknown[] = [intArray(ids)];
  const rows = await database.query<OverdueStructure>(
    `SELECT s.id, s."NomStructure" AS name, s."ID_CodeFederal" AS code FROM "STR_Structure" s
      WHERE s.id = ANY($1::int[]) AND ${structureScopeCondition(scope, 's.id', params)}`,
    params,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** A structure whose departement belongs to the ligue (or comité) `ref` names, or that one itself. */
const territory = (column: '"ID_Ligue"' | '"ID_Comite"', ref: string) =>
  `(s.id = ${ref} OR EXISTS (SELECT 1 FROM "ADR_Departement" d WHERE d.id = s."ID_Departement" AND d.${column} = ${ref}))`;

/**
 * R-UI-20: the structures of the scope the Impayés filters keep: name (or federal code start)
 * containing `recherche`, type, ligue, comité (by the structure's departement, as a bulk
 * invoicing selects them), reminded at least once or never. Their ids, in SQL: the balance
 * rule then reads only their flux.
 */
export async function structuresMatching(
  database: Pick<Database, 'query'>,
  scope: RequestScope,
  filter: OverdueStructureFilter,
): Promise<number[]> {
  const params: unknown[] = [];
  const conditions = [structureScopeCondition(scope, 's.id', params)];
  if (filter.recherche) {
    const pattern = contains(filter.recherche);
    // The name contains the text; the federal code starts with it ('%…%' less its first '%').
    conditions.push(
      `(s."NomStructure" ILIKE $${params.push(pattern)} OR s."ID_CodeFederal" ILIKE $${params.push(pattern.slice(1))})`,
    );
  }
  if (filter.type !== undefined) conditions.push(`s."ID_TypeStructure" = $${params.push(filter.type)}`);
  if (filter.ligueId !== undefined) conditions.push(territory('"ID_Ligue"', `$${params.push(filter.ligueId)}`));
  if (filter.comiteId !== undefined) conditions.push(territory('"ID_Comite"', `$${params.push(filter.comiteId)}`));
  if (filter.relance) {
    const reminded = `EXISTS (SELECT 1 FROM "MKP_Relance" r WHERE r."ID_Structure" = s.id)`;
    conditions.push(filter.relance === 'oui' ? reminded : `NOT ${reminded}`);
  }
  const rows = await database.query<{ id: number }>(
    `SELECT s.id FROM "STR_Structure" s WHERE ${conditions.join(' AND ')}`,
    params,
  );
  return rows.map((row) => row.id);
}

/** The last letter to a structure, with its rank among the structure's letters (R-DUE-05). */
export interface LastReminderRow extends ReminderSummary {
  rank: number;
}

/** The last letter sent to each structure of `ids` (by any sender), with the flux it cited. */
export async function lastReminders(
  database: Pick<Database, 'query'>,
  ids: readonly number[],
): Promise<Map<number, LastReminderRow>> {
  const rows = await database.query<{
    id: number;
    structureId: number;
    level: number;
    rank: number;
    date: string;
    total: string;
    fluxIds: number[] | null;
  }>(
    `SELECT DISTINCT ON (r."ID_Structure") r.id, r."ID_Structure" AS "structureId", r."Niveau" AS level, r."Rang" AS rank,
        r."DateRelance"::text AS date, r."CentimesTotal"::text AS total,
        (SELECT array_agg(rf."ID_FluxFinancier" ORDER BY rf."ID_FluxFinancier") FROM "MKP_RelanceFlux" rf
          WHERE rf."ID_Relance" = r.id) AS "fluxIds"
       FROM "MKP_Relance" r WHERE r."ID_Structure" = ANY($1::int[])
      ORDER BY r."ID_Structure", r.id DESC`,
    [intArray(ids)],
  );
  const result = new Map<number, LastReminderRow>();
  for (const row of rows) {
    if (!isReminderLevel(row.level)) throw new Error(`MKP_Relance ${row.id} : niveau ${row.level} inconnu`);
    result.set(row.structureId, {
      id: row.id,
      level: row.level,
      rank: row.rank,
      date: row.date,
      total: Number(row.total),
      fluxIds: row.fluxIds ?? [],
    });
  }
  return result;
}

/** The rank of each named letter sent to the named structure (a letter to another one is not found). */
export async function reminderRanks(
  database: Pick<Database, 'query'>,
  letters: ReadonlyArray<{ structureId: number; reminderId: number }>,
): Promise<Map<number, number>> {
  if (letters.length === 0) return new Map();
  const rows = await database.query<{ id: number; rank: number }>(
    `SELECT r.id, r."Rang" AS rank FROM "MKP_Relance" r
       JOIN unnest($1::int[], $2::int[]) AS k(id, structure) ON k.id = r.id AND k.structure = r."ID_Structure"`,
    [letters.map((letter) => letter.reminderId), letters.map((letter) => letter.structureId)],
  );
  return new Map(rows.map((row) => [row.id, row.rank]));
}

/** The unique index a second letter on the same last letter runs into (R-DUE-05). */
export const REMINDER_RANK_INDEX = 'mkp_relance_structure_rang_uq';

/** A new letter's number, taken before it is drawn (the number is printed on it). */
export async function nextReminderId(database: Pick<Database, 'query'>): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence('"MKP_Relance"', 'id'))::integer AS id`,
  );
  return row!.id;
}

/** Whether a letter to the structure holds this rank already (R-DUE-05). */
export async function rankTaken(tx: Queryable, structureId: number, rank: number): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM "MKP_Relance" WHERE "ID_Structure" = $1 AND "Rang" = $2`, [
    structureId,
    rank,
  ]);
  return rows.length > 0;
}

export interface ReminderRecord {
  id: number;
  structureId: number;
  senderStructureId: number;
  userId: number;
  level: number;
  /** One more than the rank of the last letter the issue read (R-DUE-05). */
  rank: number;
  date: string;
  total: number;
  contentId: number;
  sha256: string;
  fileName: string;
  flux: Array<{ fluxId: number; invoiceNumber: string; amount: number; dueDate: string; daysLate: number }>;
}

export async function insertReminder(tx: Queryable, record: ReminderRecord): Promise<void> {
  await tx.query(
    `INSERT INTO "MKP_Relance" (id, "ID_Structure", "ID_StructureEmettrice", "ID_Utilisateur", "Niveau", "DateRelance",
       "CentimesTotal", "ID_Contenu", "Sha256", "NomFichier", "Rang")
     VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10, $11)`,
    [
      record.id,
      record.structureId,
      record.senderStructureId,
      record.userId,
      record.level,
      record.date,
      record.total,
      record.contentId,
      record.sha256,
      record.fileName,
      record.rank,
    ],
  );
  await tx.query(
    `INSERT INTO "MKP_RelanceFlux" ("ID_Relance", "ID_FluxFinancier", "NumeroFacture", "Centimes", "DateEcheance", "JoursRetard")
     SELECT $1, x."fluxId", x."invoiceNumber", x.amount, x."dueDate"::date, x."daysLate"
       FROM jsonb_to_recordset($2::jsonb)
         AS x("fluxId" integer, "invoiceNumber" text, amount bigint, "dueDate" text, "daysLate" integer)`,
    [record.id, JSON.stringify(record.flux)],
  );
}

export interface StoredReminder {
  id: number;
  structureId: number;
  contentId: number;
  sha256: string;
  fileName: string;
  date: string;
}

/** Letters of `ids` sent to structures the scope reaches (others are as if they did not exist). */
export async function findReminders(
  database: Pick<Database, 'query'>,
  scope: RequestScope,
  ids: readonly number[],
): Promise<StoredReminder[]> {
  const params: unknown[] = [intArray(ids)];
  return database.query<StoredReminder>(
    `SELECT r.id, r."ID_Structure" AS "structureId", r."ID_Contenu" AS "contentId", r."Sha256" AS sha256,
        r."NomFichier" AS "fileName", r."DateRelance"::text AS date
       FROM "MKP_Relance" r
      WHERE r.id = ANY($1::int[]) AND ${structureScopeCondition(scope, 'r."ID_Structure"', params)}
      ORDER BY r.id`,
    params,
  );
}

/** A stored letter's bytes, checked against the checksum recorded when it was issued. */
export async function readReminderBytes(database: Pick<Database, 'query'>, reminder: StoredReminder): Promise<Buffer> {
  const [row] = await database.query<{ bytes: Uint8Array }>(
    `SELECT "Octets" AS bytes FROM "DOC_Contenu" WHERE id = $1`,
    [reminder.contentId],
  );
  if (!row) throw new Error(`DOC_Contenu ${reminder.contentId} introuvable pour la relance ${reminder.id}`);
  return Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
}
