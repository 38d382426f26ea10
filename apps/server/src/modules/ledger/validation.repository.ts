import type { AccountingEntry, EntryLine } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';

/** A validation's CPT_Validation row (a job's grows with each step): its id. */
export async function insertValidation(
  tx: Queryable,
  row: {
    structureId: number;
    yearId: number;
    jusquau: string;
    userId: number | null;
    entries: number;
    closing: boolean;
  },
): Promise<number> {
  const [validation] = await tx.query<{ id: number }>(
    `INSERT INTO "CPT_Validation" ("ID_Structure", "ID_Exercice", "Jusquau", "ID_Utilisateur", "NbEcritures", "EST_Cloture")
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [row.structureId, row.yearId, row.jusquau, row.userId, row.entries, row.closing],
  );
  return validation!.id;
}

/** A job's validation after one more step. */
export async function updateValidation(
  tx: Queryable,
  validationId: number,
  row: { jusquau: string; entries: number; closing: boolean },
): Promise<void> {
  await tx.query(`UPDATE "CPT_Validation" SET "Jusquau" = $2, "NbEcritures" = $3, "EST_Cloture" = $4 WHERE id = $1`, [
    validationId,
    row.jusquau,
    row.entries,
    row.closing,
  ]);
}

/** The fiscal year validated to `jusquau`, and closed with `closing`. */
export async function markYearValidated(
  tx: Queryable,
  yearId: number,
  jusquau: string,
  closing: boolean,
): Promise<void> {
  await tx.query(
    `UPDATE "CPT_Exercice" SET "ValideJusquau" = $2,
            "Statut" = CASE WHEN $3 THEN 'cloture' ELSE "Statut" END,
            "DateCloture" = CASE WHEN $3 THEN now() ELSE "DateCloture" END
      WHERE id = $1`,
    [yearId, jusquau, closing],
  );
}

/** How far a fiscal year is validated, and whether it is closed. */
export async function readYearState(
  tx: Queryable,
  yearId: number,
): Promise<{ valide: string | null; statut: string } | undefined> {
  const [state] = await tx.query<{ valide: string | null; statut: string }>(
    `SELECT "ValideJusquau"::text AS valide, "Statut" AS statut FROM "CPT_Exercice" WHERE id = $1`,
    [yearId],
  );
  return state;
}

/** A validated entry to write, numbered, with what identifies it. */
export interface EntryToWrite {
  entry: AccountingEntry;
  isReversal: boolean;
  fingerprint: string;
  reconciliationId: number | null;
  /** A share movement's entry and a payout transfer's (R-PAY-10). */
  movementId: number | null;
  transferId: number | null;
}

/** The entries' headers: their ids by journal and number. */
export function insertEntryHeaders(
  tx: Queryable,
  owner: { structureId: number; yearId: number; validationId: number },
  rows: EntryToWrite[],
): Promise<{ id: string; journal: string; sequence: number }[]> {
  const column = <T>(pick: (entry: AccountingEntry) => T) => rows.map((row) => pick(row.entry));
  return tx.query<{ id: string; journal: string; sequence: number }>(
    `INSERT INTO "CPT_Ecriture" ("ID_Structure", "ID_Exercice", "ID_Validation", "ID_FluxFinancier", "JournalCode",
       "Numero", "EcritureNum", "EcritureDate", "PieceRef", "PieceDate", "Libelle", "ValidDate", "EST_Extourne",
       "Lettrage", "DateLettrage", "Empreinte", "ID_Rapprochement", "ID_MouvementQuotePart", "ID_VersementLigne")
     SELECT $1, $2, $3, e.* FROM unnest($4::int[], $5::text[], $6::int[], $7::text[], $8::date[], $9::text[], $10::date[],
       $11::text[], $12::date[], $13::boolean[], $14::text[], $15::date[], $16::text[], $17::int[], $18::int[], $19::int[]) AS e
     RETURNING id::text AS id, "JournalCode" AS journal, "Numero" AS sequence`,
    [
      owner.structureId,
      owner.yearId,
      owner.validationId,
      column((e) => e.fluxId),
      column((e) => e.journal),
      column((e) => e.sequence),
      column((e) => e.number),
      column((e) => e.date),
      column((e) => e.pieceRef),
      column((e) => e.pieceDate),
      column((e) => e.label),
      column((e) => e.validDate),
      rows.map((s) => s.isReversal),
      column((e) => e.lettering?.code ?? null),
      column((e) => e.lettering?.date ?? null),
      rows.map((s) => s.fingerprint),
      rows.map((s) => s.reconciliationId),
      rows.map((s) => s.movementId),
      rows.map((s) => s.transferId),
    ],
  );
}

export async function insertEntryLines(
  tx: Queryable,
  lines: { entryId: string; rank: number; line: EntryLine }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO "CPT_EcritureLigne" ("ID_Ecriture", "Rang", "CompteNum", "CompAuxNum", "Section", "Debit", "Credit", "EST_Lettree")
     SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::boolean[])`,
    [
      lines.map((l) => l.entryId),
      lines.map((l) => l.rank),
      lines.map((l) => l.line.account),
      lines.map((l) => l.line.auxAccount || null),
      lines.map((l) => l.line.section),
      lines.map((l) => l.line.debitCents),
      lines.map((l) => l.line.creditCents),
      lines.map((l) => l.line.lettered ?? false),
    ],
  );
}

/** The fiscal year's account labels ([nature, number, label]); a label already there stays. */
export async function insertAccountLabels(
  tx: Queryable,
  yearId: number,
  accounts: [string, string, string][],
): Promise<void> {
  await tx.query(
    `INSERT INTO "CPT_EcritureCompte" ("ID_Exercice", "Nature", "Numero", "Libelle")
     SELECT $1, a.* FROM unnest($2::text[], $3::text[], $4::text[]) AS a ON CONFLICT DO NOTHING`,
    [yearId, accounts.map((a) => a[0]), accounts.map((a) => a[1]), accounts.map((a) => a[2])],
  );
}

/** The entry that books each flux now, with the facts it was built from. */
export async function upsertBookedFlux(
  tx: Queryable,
  structureId: number,
  booked: { fluxId: number; id: string; fingerprint: string }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO "CPT_FluxComptabilise" ("ID_Structure", "ID_FluxFinancier", "ID_Ecriture", "Empreinte")
     SELECT $1, b.* FROM unnest($2::int[], $3::bigint[], $4::text[]) AS b
     ON CONFLICT ("ID_Structure", "ID_FluxFinancier")
       DO UPDATE SET "ID_Ecriture" = EXCLUDED."ID_Ecriture", "Empreinte" = EXCLUDED."Empreinte"`,
    [structureId, booked.map((b) => b.fluxId), booked.map((b) => b.id), booked.map((b) => b.fingerprint)],
  );
}

/** Settlements outside bank reconciliations (R-LEDG-14) these reversed entries booked: no longer booked. */
export async function forgetBookedSettlements(tx: Queryable, structureId: number, reversed: number[]): Promise<void> {
  await tx.query(
    `DELETE FROM "CPT_ReglementComptabilise" WHERE "ID_Structure" = $1 AND "ID_Ecriture" = ANY($2::bigint[])`,
    [structureId, reversed],
  );
}

/** The entry that books each settlement outside bank reconciliations now (R-LEDG-14). */
export async function upsertBookedSettlements(
  tx: Queryable,
  structureId: number,
  settled: { fluxId: number; id: string; day: string; fingerprint: string }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO "CPT_ReglementComptabilise" ("ID_Structure", "ID_FluxFinancier", "ID_Ecriture", "JourReglement", "Empreinte")
     SELECT $1, b.* FROM unnest($2::int[], $3::bigint[], $4::date[], $5::text[]) AS b
     ON CONFLICT ("ID_Structure", "ID_FluxFinancier") DO UPDATE
       SET "ID_Ecriture" = EXCLUDED."ID_Ecriture", "JourReglement" = EXCLUDED."JourReglement", "Empreinte" = EXCLUDED."Empreinte"`,
    [
      structureId,
      settled.map((b) => b.fluxId),
      settled.map((b) => b.id),
      settled.map((b) => b.day),
      settled.map((b) => b.fingerprint),
    ],
  );
}

/** The last number of a fiscal year's journal, 0 when it has none. */
export async function lastJournalNumber(tx: Queryable, yearId: number, journal: string): Promise<number> {
  const [last] = await tx.query<{ max: number | null }>(
    `SELECT max("Numero") AS max FROM "CPT_Ecriture" WHERE "ID_Exercice" = $1 AND "JournalCode" = $2`,
    [yearId, journal],
  );
  return last?.max ?? 0;
}

/** Every structure with accounting settings (books), in id order. */
export function listBooksOwners(database: Database): Promise<{ structureId: number; structureType: number }[]> {
  return database.query<{ structureId: number; structureType: number }>(
    `SELECT p."ID_Structure" AS "structureId", s."ID_TypeStructure" AS "structureType"
       FROM "CPT_Parametres" p JOIN "STR_Structure" s ON s.id = p."ID_Structure" ORDER BY p."ID_Structure"`,
  );
}
