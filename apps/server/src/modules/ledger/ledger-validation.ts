import {
  closingRefusal,
  entryNumberText,
  OPENING_JOURNAL,
  openingEntry,
  validationRefusal,
  type AccountingEntry,
  type ValidationResult,
} from '@gdf/domain';
import { writeAuditRows, type AuditRow } from '../../db/audit-log';
import type { Database } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import type { Queryable } from '../../db/queryable';
import type { BooksOwner } from './books';
import {
  closingBalances,
  ensureFiscalYears,
  fiscalYearView,
  listFiscalYears,
  listValidations,
  resultAccountLabels,
  type FiscalYearRow,
} from './fiscal-years.repository';
import { lockedFiscalYears } from './fiscal-years.service';
import { openBooks, stagedEntries, stageUnbookedEntries, type StagedEntry } from './ledger-entries';

export const conflict = (message: string) => new HttpError(409, message, 'conflict');

/** Validation is refused while a flux of the range has no mapping (R-LEDG-07). */
export const unmappedMessage = (unmapped: number) =>
  `${unmapped} flux sans mapping comptable jusqu'à cette date : complétez les mappings (Paramétrages comptables > Flux financier) avant de valider.`;

export const NO_NEXT_YEAR_MESSAGE = 'L’exercice suivant n’existe pas encore : clôture impossible.';

export interface ValidationRequest {
  exerciceId: number;
  /** Ignored when closing: a closing validates to the year's end. */
  jusquau: string;
  closing: boolean;
  /** 'YYYY-MM-DD' in Europe/Paris: the validation day (FEC ValidDate). */
  today: string;
}

/**
 * The audit row of a validation, or of a closing, on its fiscal year: how far, how many
 * entries and per journal, and what else the caller adds.
 */
export const validationAuditRow = (
  owner: Pick<BooksOwner, 'userId' | 'structureId'>,
  closing: boolean,
  yearId: number,
  details: Record<string, unknown>,
): AuditRow => ({
  userId: owner.userId,
  structureId: owner.structureId,
  action: closing ? 'cloture_exercice' : 'validation_ecritures',
  table: 'CPT_Exercice',
  targetId: yearId,
  details,
});

/**
 * 'Valider les écritures' and 'Clôturer l'exercice' (R-LEDG-07, R-LEDG-09), in one transaction under
 * the books' lock: the entries not booked yet up to the day are numbered, written once with
 * their lines and the labels of their accounts, and the year's validated range moves on.
 */
export async function validateEntries(
  database: Database,
  owner: BooksOwner,
  request: ValidationRequest,
): Promise<ValidationResult> {
  const structureId = owner.structureId;
  return database.transaction(async (tx) => {
    const years = await lockedFiscalYears(tx, owner, request.today);
    const index = years.findIndex((y) => y.id === request.exerciceId);
    const year = years[index];
    if (!year) throw notFound('Exercice introuvable');
    const jusquau = request.closing ? year.fin : request.jusquau;
    const refusal = request.closing
      ? closingRefusal(year, years.slice(0, index), request.today)
      : validationRefusal(year, jusquau, request.today);
    if (refusal) throw conflict(refusal);

    const books = await openBooks(tx, owner, years);
    const { staged, unmapped } = await stageUnbookedEntries(tx, books, year.debut, jusquau);
    if (unmapped > 0) {
      throw badRequest(unmappedMessage(unmapped));
    }
    const nextYear = years[index + 1];
    if (request.closing && !nextYear) throw conflict(NO_NEXT_YEAR_MESSAGE);
    const [validation] = await tx.query<{ id: number }>(
      `INSERT INTO "CPT_Validation" ("ID_Structure", "ID_Exercice", "Jusquau", "ID_Utilisateur", "NbEcritures", "EST_Cloture")
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [structureId, year.id, jusquau, owner.userId, staged, request.closing],
    );
    const journaux: Record<string, number> = {};
    for await (const batch of stagedEntries(tx, books, year.debut, jusquau)) {
      await writeEntries(tx, structureId, validation!.id, year, request.today, batch);
      for (const { entry } of batch) journaux[entry.journal] = (journaux[entry.journal] ?? 0) + 1;
    }
    const opening =
      request.closing && nextYear
        ? await writeOpeningEntry(tx, structureId, validation!.id, year, nextYear, request.today)
        : null;
    await tx.query(
      `UPDATE "CPT_Exercice" SET "ValideJusquau" = $2,
              "Statut" = CASE WHEN $3 THEN 'cloture' ELSE "Statut" END,
              "DateCloture" = CASE WHEN $3 THEN now() ELSE "DateCloture" END
        WHERE id = $1`,
      [year.id, jusquau, request.closing],
    );
    await writeAuditRows(tx, [
      validationAuditRow(owner, request.closing, year.id, {
        jusquau,
        ecritures: staged,
        journaux,
        ...(opening ? { aNouveaux: opening } : {}),
      }),
    ]);
    const updated = (await listFiscalYears(tx, structureId)).find((y) => y.id === year.id)!;
    return {
      exercice: fiscalYearView(updated, await listValidations(tx, structureId)),
      nbEcritures: staged,
      journaux,
    };
  });
}

/** One batch of validated entries: headers, lines, the accounts' labels, what books each flux. */
export async function writeEntries(
  tx: Queryable,
  structureId: number,
  validationId: number,
  year: FiscalYearRow,
  validDay: string,
  batch: StagedEntry[],
): Promise<void> {
  const entries: AccountingEntry[] = batch.map(({ entry }) => ({
    ...entry,
    number: entryNumberText(entry.journal, year, entry.sequence!),
    validDate: validDay,
  }));
  const column = <T>(pick: (entry: AccountingEntry, index: number) => T) => entries.map(pick);
  const inserted = await tx.query<{ id: string; journal: string; sequence: number }>(
    `INSERT INTO "CPT_Ecriture" ("ID_Structure", "ID_Exercice", "ID_Validation", "ID_FluxFinancier", "JournalCode",
       "Numero", "EcritureNum", "EcritureDate", "PieceRef", "PieceDate", "Libelle", "ValidDate", "EST_Extourne",
       "Lettrage", "DateLettrage", "Empreinte", "ID_Rapprochement")
     SELECT $1, $2, $3, e.* FROM unnest($4::int[], $5::text[], $6::int[], $7::text[], $8::date[], $9::text[], $10::date[],
       $11::text[], $12::date[], $13::boolean[], $14::text[], $15::date[], $16::text[], $17::int[]) AS e
     RETURNING id::text AS id, "JournalCode" AS journal, "Numero" AS sequence`,
    [
      structureId,
      year.id,
      validationId,
      column((e) => e.fluxId),
      column((e) => e.journal),
      column((e) => e.sequence),
      column((e) => e.number),
      column((e) => e.date),
      column((e) => e.pieceRef),
      column((e) => e.pieceDate),
      column((e) => e.label),
      column((e) => e.validDate),
      batch.map((s) => s.isReversal),
      column((e) => e.lettering?.code ?? null),
      column((e) => e.lettering?.date ?? null),
      batch.map((s) => s.fingerprint),
      batch.map((s) => s.reconciliationId),
    ],
  );
  // A flux may have in one batch its entry, its reversal and settlement entries (and theirs):
  // each is known by its number, unique in the fiscal year's journal.
  const key = (journal: string, sequence: number) => `${journal}:${sequence}`;
  const idOf = new Map(inserted.map((row) => [key(row.journal, row.sequence), row.id]));
  const entryIds = entries.map((entry) => idOf.get(key(entry.journal, entry.sequence!))!);

  const lines = entries.flatMap((entry, index) =>
    entry.lines.map((line, rank) => ({ entryId: entryIds[index]!, rank: rank + 1, line })),
  );
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

  // The first label an account gets in a fiscal year stays (one label per account in a FEC).
  const labels = new Map<string, [string, string, string]>();
  for (const { line } of lines) {
    if (!labels.has(`G:${line.account}`)) labels.set(`G:${line.account}`, ['G', line.account, line.accountLabel]);
    if (line.auxAccount && !labels.has(`X:${line.auxAccount}`)) {
      labels.set(`X:${line.auxAccount}`, ['X', line.auxAccount, line.auxLabel || line.auxAccount]);
    }
  }
  const accounts = [...labels.values()];
  await tx.query(
    `INSERT INTO "CPT_EcritureCompte" ("ID_Exercice", "Nature", "Numero", "Libelle")
     SELECT $1, a.* FROM unnest($2::text[], $3::text[], $4::text[]) AS a ON CONFLICT DO NOTHING`,
    [year.id, accounts.map((a) => a[0]), accounts.map((a) => a[1]), accounts.map((a) => a[2])],
  );

  // What books each flux: its own entry, never a settlement nor an opening entry.
  const booked = batch.flatMap((s, index) =>
    s.isReversal || s.reconciliationId !== null || s.unreconciled || s.entry.fluxId === null
      ? []
      : [{ fluxId: s.entry.fluxId, id: entryIds[index]!, fingerprint: s.fingerprint }],
  );
  await tx.query(
    `INSERT INTO "CPT_FluxComptabilise" ("ID_Structure", "ID_FluxFinancier", "ID_Ecriture", "Empreinte")
     SELECT $1, b.* FROM unnest($2::int[], $3::bigint[], $4::text[]) AS b
     ON CONFLICT ("ID_Structure", "ID_FluxFinancier")
       DO UPDATE SET "ID_Ecriture" = EXCLUDED."ID_Ecriture", "Empreinte" = EXCLUDED."Empreinte"`,
    [structureId, booked.map((b) => b.fluxId), booked.map((b) => b.id), booked.map((b) => b.fingerprint)],
  );
  await recordUnreconciledSettlements(tx, structureId, batch, entryIds);
}

/**
 * What books each settlement outside bank reconciliations now (R-LEDG-14): a reversed entry no
 * longer does (whichever of a reversal and its replacement comes first), a new one does.
 */
async function recordUnreconciledSettlements(
  tx: Queryable,
  structureId: number,
  batch: StagedEntry[],
  entryIds: string[],
): Promise<void> {
  const reversed = batch.flatMap((s) => (s.unreconciled && s.isReversal ? [s.reversedId!] : []));
  if (reversed.length > 0) {
    await tx.query(
      `DELETE FROM "CPT_ReglementComptabilise" WHERE "ID_Structure" = $1 AND "ID_Ecriture" = ANY($2::bigint[])`,
      [structureId, reversed],
    );
  }
  const settled = batch.flatMap((s, index) =>
    s.unreconciled && !s.isReversal
      ? [{ fluxId: s.entry.fluxId!, id: entryIds[index]!, day: s.entry.pieceDate, fingerprint: s.fingerprint }]
      : [],
  );
  if (settled.length === 0) return;
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

/**
 * The opening entry of the year after a closed one (R-LEDG-13, ADR 0046): the closed year's
 * balance-sheet balances per account and auxiliary account (its own opening entry included),
 * the result to 120000/129000, dated the first day of `nextYear` and numbered first in its AN
 * journal, validated with the closing. Returns what the audit row tells, or null when nothing
 * is carried.
 */
export async function writeOpeningEntry(
  tx: Queryable,
  structureId: number,
  validationId: number,
  closedYear: FiscalYearRow,
  nextYear: FiscalYearRow,
  validDay: string,
): Promise<{ exercice: number; lignes: number } | null> {
  const balances = await closingBalances(tx, structureId, closedYear.id);
  const entry = openingEntry(closedYear, nextYear, balances, validDay, await resultAccountLabels(tx, structureId));
  if (!entry) return null;
  // AN is reserved to opening entries: its sequence in the new year starts here.
  const [last] = await tx.query<{ max: number | null }>(
    `SELECT max("Numero") AS max FROM "CPT_Ecriture" WHERE "ID_Exercice" = $1 AND "JournalCode" = $2`,
    [nextYear.id, OPENING_JOURNAL],
  );
  const sequence = (last?.max ?? 0) + 1;
  await writeEntries(tx, structureId, validationId, nextYear, validDay, [
    {
      entry: { ...entry, sequence },
      exerciceId: nextYear.id,
      exerciceEnd: nextYear.fin,
      fingerprint: `a-nouveaux:${closedYear.id}`,
      isReversal: false,
      reconciliationId: null,
      unreconciled: false,
      reversedId: null,
    },
  ]);
  return { exercice: nextYear.id, lignes: entry.lines.length };
}

/**
 * The demo's books (R-LEDG-09): every fiscal year that ended before the last ended one is
 * closed, so a new user sees a closed year, an ended one still open and the current one.
 * Returns the years closed.
 */
export async function closeDemoFiscalYears(database: Database, today: string): Promise<number> {
  const owners = await database.query<{ structureId: number; structureType: number }>(
    `SELECT p."ID_Structure" AS "structureId", s."ID_TypeStructure" AS "structureType"
       FROM "CPT_Parametres" p JOIN "STR_Structure" s ON s.id = p."ID_Structure" ORDER BY p."ID_Structure"`,
  );
  let closed = 0;
  for (const { structureId, structureType } of owners) {
    const owner: BooksOwner = {
      structureId,
      structureType: structureType as BooksOwner['structureType'],
      userId: null,
    };
    await database.transaction((tx) => ensureFiscalYears(tx, owner, today));
    const years = await listFiscalYears(database, structureId);
    const lastEnded = years.filter((y) => y.fin < today).at(-1);
    for (const year of years.filter((y) => lastEnded && y.fin < lastEnded.debut && y.statut === 'ouvert')) {
      await validateEntries(database, owner, { exerciceId: year.id, jusquau: year.fin, closing: true, today });
      closed += 1;
    }
  }
  return closed;
}
