import {
  allocate,
  buildEntry,
  entryDatesBetween,
  invoiceNumber,
  OPENING_JOURNAL,
  parisToday,
  reversalOf,
  settlementInstant,
  settlementLettering,
  StructureType,
  withLettering,
  type AccountingEntry,
  type CounterpartAllocation,
  type EntryLine,
  type ThirdPartyRule,
} from '@gdf/domain';
import { badRequest, HttpError } from '../../lib/http-errors';
import { hasTarifMappings, loadThirdPartyRule, tarifParts, type TarifPartRow } from './accounting-mappings.repository';
import type { Queryable } from '../../db/queryable';
import { booksCondition, type BooksOwner } from './books';
import { firstFluxDay, type FiscalYearRow } from './fiscal-years.repository';
import {
  buildSettlementEntries,
  buildUnreconciledEntries,
  firstBankDay,
  loadBankAccount,
  loadTransitAccount,
  settlementCandidatesSql,
  settlementKey,
  unreconciledCandidatesSql,
  unreconciledSettlementsCte,
} from './settlement-entries';

/** Flux or mappings changed between staging and building: staging again gives the right entries. */
export const STAGING_CHANGED_MESSAGE = 'Des flux ou des mappings ont changé pendant le traitement : recommencez.';

/** Entries built, read and written per batch: bounded memory whatever the books' size. */
export const ENTRY_BATCH = 5_000;

/**
 * The same in a validation job (R-OPS-14, ADR 0059): building and sending a batch holds the
 * event loop from its rows read to its statements written (5,000 entries: tens of ms on an idle
 * machine, more on a busy one, every other request waiting meanwhile); 1,000 keeps each hold short.
 */
export const BACKGROUND_ENTRY_BATCH = 1_000;

/** What building a structure's entries needs: its point of view, its third-party rule, its years. */
export interface Books {
  owner: BooksOwner;
  rule: ThirdPartyRule & { siren: string | null };
  pointOfView: 'federation' | 'membre';
  withTarifs: boolean;
  /** The bank account of settlement entries (R-BANK-06). */
  bankAccount: { account: string; label: string };
  /** The counterpart of settlements outside bank reconciliations (R-LEDG-14). */
  transitAccount: { account: string; label: string };
  /** Oldest first. */
  years: FiscalYearRow[];
  /** The day of the books' first flux or bank credit (days before the first year go to the first open period). */
  firstDay: string | null;
}

export async function openBooks(db: Queryable, owner: BooksOwner, years: FiscalYearRow[]): Promise<Books> {
  const rule = await loadThirdPartyRule(db, owner.structureId);
  if (!rule) {
    throw badRequest(
      'Paramètres comptables absents : renseignez la règle du compte tiers (Paramétrages comptables > Flux financier).',
    );
  }
  return {
    owner,
    rule,
    pointOfView: owner.structureType === StructureType.Federation ? 'federation' : 'membre',
    withTarifs: await hasTarifMappings(db, owner.structureId),
    bankAccount: await loadBankAccount(db, owner.structureId),
    transitAccount: await loadTransitAccount(db, owner.structureId),
    years,
    firstDay: earlier(await firstFluxDay(db, owner), await firstBankDay(db, owner.structureId)),
  };
}

const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null || a <= b ? a : b);

/**
 * The digest of the flux facts an entry is built from: a flux whose digest changed after
 * its entry was validated is booked again (reversal, then the new entry) in the open period.
 */
const FINGERPRINT_SQL = `md5(concat_ws('|', (f."MontantTTC" * 100)::bigint, f."EST_Debit", f."ID_CategoryFlux",
  f."ID_Structure", f."NomFluxFinancier", f."ID_Saison", (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date))`;

/**
 * For each flux day up to `upTo`, the date its entry takes (@gdf/domain entryDate), kept
 * when that date falls in [from, upTo]. A few thousand days at most: the rule stays in the
 * domain, the SQL joins its answer.
 */
function entryDays(books: Books, from: string, upTo: string) {
  const days: string[] = [];
  const dates: string[] = [];
  const yearStart = books.years[0]?.debut;
  if (!yearStart) return { days, dates };
  const first = books.firstDay && books.firstDay < yearStart ? books.firstDay : yearStart;
  const all = entryDatesBetween(first, upTo, books.years);
  all.days.forEach((day, index) => {
    const date = all.dates[index];
    if (date != null && date >= from && date <= upTo) {
      days.push(day);
      dates.push(date);
    }
  });
  return { days, dates };
}

/**
 * Where staged entries go: a temporary table, dropped at commit unless `keep`. Its name is
 * ours (a constant or a job's number), never user text.
 */
export interface StageTable {
  name: string;
  keep: boolean;
  /** Entries stagedEntries reads, builds and yields at a time; ENTRY_BATCH by default. */
  batch?: number;
}

const COMMIT_STAGE: StageTable = { name: 'cpt_stage', keep: false };

/** The columns of cpt_stage, as the staging query makes them (StageRow). */
const EMPTY_STAGE_COLUMNS = `flux_id int, rapprochement_id int, jour date, date_ecriture date, journal text, empreinte text,
  extourne_de bigint, sorte int, hors_rapprochement boolean, exercice_id int, exercice_fin date, sequence int`;

/**
 * Stages in the temporary table cpt_stage (dropped at commit) the entries not booked yet
 * whose date falls in [from, upTo]: each unbooked flux (relaunch copies book nothing), and
 * for a flux changed since its validated entry, the reversal of that entry first; then the
 * settlement entries of bank reconciliations and the reversals of undone ones (R-BANK-06,
 * rapprochement_id set), and the settlements outside bank reconciliations with the reversals
 * of those no longer standing (R-LEDG-14, hors_rapprochement). Numbers continue each journal's
 * sequence of the fiscal year, in chronological order (entry date, day, flux id, flux entry
 * before settlements, a reversal before its replacement). Returns how many rows were staged and
 * how many flux lack a mapping. `stage`: another table than cpt_stage, kept after the commit (a
 * job's steps read it in later transactions of its session, ADR 0050). `append`: the rows go
 * after those already in `stage`, whose entry dates all come before `from` (a job stages its
 * year a few days at a time, ADR 0050): numbers continue the staged ones, as one staging would.
 */
export async function stageUnbookedEntries(
  tx: Queryable,
  books: Books,
  from: string,
  upTo: string,
  stage: StageTable = COMMIT_STAGE,
  options: { append?: boolean } = {},
): Promise<{ staged: number; unmapped: number }> {
  const { days, dates } = entryDays(books, from, upTo);
  const table = stage.name;
  const lifetime = stage.keep ? '' : 'ON COMMIT DROP';
  const append = options.append === true;
  if (append && days.length === 0) return { staged: 0, unmapped: 0 };
  if (!append) await tx.query(`DROP TABLE IF EXISTS ${table}`);
  if (days.length === 0) {
    // Nothing left to stage (a year validated to its last day): an empty table all the same,
    // with every column stagedEntries reads.
    await tx.query(`CREATE TEMP TABLE ${table} (${EMPTY_STAGE_COLUMNS}) ${lifetime}`);
    // A job appends the next days to it: indexed as below.
    if (stage.keep) await indexStage(tx, table);
    return { staged: 0, unmapped: 0 };
  }
  // days is ascending: its first day bounds the scan from below (the date index serves it).
  const params: unknown[] = [books.owner.structureId, days, dates, upTo, days[0]];
  const scopeSql = booksCondition(books.owner, 'f."ID_Structure"', params);
  const years = books.years;
  params.push(
    years.map((y) => y.id),
    years.map((y) => y.debut),
    years.map((y) => y.fin),
  );
  const n = params.length;
  const fluxDays = `FROM "MKP_FluxFinancier" f
    JOIN unnest($2::date[], $3::date[]) AS j(jour, date_ecriture)
      ON j.jour = (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date`;
  const fluxFilter = `f."Z_DateCreation" >= ($5::date::timestamp AT TIME ZONE 'Europe/Paris')
      AND f."Z_DateCreation" < (($4::date + 1)::timestamp AT TIME ZONE 'Europe/Paris') AND ${scopeSql}
      AND NOT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id)
      AND f."MontantTTC" <> 0`; // a zero flux moves no money: no entry (a line is debit or credit)
  // Each journal's numbers go on from the fiscal year's last written, and when appending from the
  // last staged (written numbers are all below the staged ones).
  const lastWritten = `coalesce((SELECT max(e."Numero") FROM "CPT_Ecriture" e
                           WHERE e."ID_Exercice" = x.id AND e."JournalCode" = l.journal), 0)`;
  const lastNumber = append
    ? `greatest(${lastWritten}, coalesce((SELECT max(t.sequence) FROM ${table} t
                           WHERE t.exercice_id = x.id AND t.journal = l.journal), 0))`
    : lastWritten;
  const [inserted] = await tx.query<{ staged: number }>(
    `${append ? `WITH inserted AS (INSERT INTO ${table}` : `CREATE TEMP TABLE ${table} ${lifetime} AS`}
     WITH ${unreconciledSettlementsCte(scopeSql, books.pointOfView === 'federation')}, candidats AS (
       SELECT f.id AS flux_id, j.jour, j.date_ecriture, m."JournalCode" AS journal, ${FINGERPRINT_SQL} AS empreinte,
              b."ID_Ecriture" AS remplacee, b."Empreinte" AS comptabilisee
       ${fluxDays}
       JOIN "CPT_MappingFlux" m ON m."ID_Structure" = $1 AND m."ID_CategoryFlux" = f."ID_CategoryFlux"
       LEFT JOIN "CPT_FluxComptabilise" b ON b."ID_Structure" = $1 AND b."ID_FluxFinancier" = f.id
       WHERE ${fluxFilter}
     ), a_comptabiliser AS (
       SELECT c.flux_id, NULL::int AS rapprochement_id, c.jour, c.date_ecriture, c.journal, c.empreinte,
              NULL::bigint AS extourne_de, 1 AS sorte, false AS hors_rapprochement
         FROM candidats c WHERE c.comptabilisee IS DISTINCT FROM c.empreinte
       UNION ALL
       SELECT c.flux_id, NULL, c.jour, c.date_ecriture, e."JournalCode", c.empreinte, e.id, 0, false
         FROM candidats c JOIN "CPT_Ecriture" e ON e.id = c.remplacee
        WHERE c.comptabilisee <> c.empreinte
       UNION ALL
       ${settlementCandidatesSql(scopeSql)}
       UNION ALL
       ${unreconciledCandidatesSql()}
     )
     SELECT l.*, x.id AS exercice_id, x.fin AS exercice_fin,
            (row_number() OVER (PARTITION BY x.id, l.journal
                ORDER BY l.date_ecriture, l.jour, l.flux_id, l.rapprochement_id NULLS FIRST, l.hors_rapprochement, l.sorte)
              + ${lastNumber})::int AS sequence
       FROM a_comptabiliser l
       JOIN unnest($${n - 2}::int[], $${n - 1}::date[], $${n}::date[]) AS x(id, debut, fin)
         ON l.date_ecriture BETWEEN x.debut AND x.fin
     ${append ? 'RETURNING 1) SELECT count(*)::int AS staged FROM inserted' : ''}`,
    params,
  );
  if (!append) {
    if (stage.keep) await indexStage(tx, table);
    else await tx.query(`CREATE INDEX ON ${table} (date_ecriture, journal, sequence)`);
    await tx.query(`ANALYZE ${table}`); // a temporary table has no statistics: the keyset reads use the index
  }
  const [counts] = await tx.query<{ staged: number; unmapped: number }>(
    `SELECT ${append ? `$${n - 2}::int` : `(SELECT count(*)::int FROM ${table})`} AS staged,
            (SELECT count(*)::int ${fluxDays} WHERE ${fluxFilter}
               AND NOT EXISTS (SELECT 1 FROM "CPT_MappingFlux" m WHERE m."ID_Structure" = $1
                                 AND m."ID_CategoryFlux" = f."ID_CategoryFlux")
               AND NOT EXISTS (SELECT 1 FROM "CPT_FluxComptabilise" b WHERE b."ID_Structure" = $1
                                 AND b."ID_FluxFinancier" = f.id)) AS unmapped`,
    append ? [...params.slice(0, n - 3), inserted?.staged ?? 0] : params.slice(0, n - 3),
  );
  return counts ?? { staged: 0, unmapped: 0 };
}

/** A job's stage: read in file order, and appended to (each journal's last staged number: one index probe, not a scan per row). */
async function indexStage(tx: Queryable, table: string): Promise<void> {
  await tx.query(`CREATE INDEX ON ${table} (date_ecriture, journal, sequence)`);
  await tx.query(`CREATE INDEX ON ${table} (exercice_id, journal, sequence)`);
}

interface StageRow {
  flux_id: number;
  rapprochement_id: number | null;
  date_ecriture: string;
  journal: string;
  empreinte: string;
  extourne_de: string | null;
  sorte: number;
  hors_rapprochement: boolean;
  exercice_id: number;
  exercice_fin: string;
  sequence: number;
}

/** A staged entry, built: what it books, where it goes, what it replaces. */
export interface StagedEntry {
  entry: AccountingEntry;
  exerciceId: number;
  exerciceEnd: string;
  fingerprint: string;
  isReversal: boolean;
  /** A settlement entry's reconciliation (R-BANK-06); null for a flux's entry. */
  reconciliationId: number | null;
  /** A settlement outside bank reconciliations (R-LEDG-14), or its reversal. */
  unreconciled: boolean;
  /** The entry a reversal cancels. */
  reversedId: number | null;
}

/** The staged entries with a date in [from, to], in file order, batch by batch. */
export async function* stagedEntries(
  tx: Queryable,
  books: Books,
  from: string,
  to: string,
  journals?: readonly string[],
  stage: StageTable = COMMIT_STAGE,
): AsyncGenerator<StagedEntry[]> {
  let after: [string, string, number] = ['0001-01-01', '', 0];
  for (;;) {
    const params: unknown[] = [from, to, ...after];
    const journalSql = journals ? `AND journal = ANY($${params.push(journals)}::text[])` : '';
    const rows = await tx.query<StageRow>(
      `SELECT flux_id, rapprochement_id, date_ecriture::text AS date_ecriture, journal, empreinte, extourne_de, sorte,
              hors_rapprochement, exercice_id,
              exercice_fin::text AS exercice_fin, sequence
         FROM ${stage.name}
        WHERE date_ecriture BETWEEN $1 AND $2 AND (date_ecriture, journal, sequence) > ($3::date, $4, $5) ${journalSql}
        ORDER BY date_ecriture, journal, sequence LIMIT ${stage.batch ?? ENTRY_BATCH}`,
      params,
    );
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = [last.date_ecriture, last.journal, last.sequence];
    yield await buildStaged(tx, books, rows);
  }
}

async function buildStaged(tx: Queryable, books: Books, rows: StageRow[]): Promise<StagedEntry[]> {
  const newRows = rows.filter((r) => r.sorte === 1);
  const built = await buildFluxEntries(
    tx,
    books,
    newRows.filter((r) => r.rapprochement_id === null && !r.hors_rapprochement).map((r) => r.flux_id),
  );
  const unreconciled = await buildUnreconciledEntries(
    tx,
    books,
    newRows.filter((r) => r.hors_rapprochement).map((r) => r.flux_id),
  );
  const settlements = await buildSettlementEntries(
    tx,
    books,
    newRows.flatMap((r) =>
      r.rapprochement_id === null ? [] : [{ reconciliationId: r.rapprochement_id, fluxId: r.flux_id }],
    ),
  );
  const reversed = await readLedgerEntriesById(
    tx,
    rows.filter((r) => r.extourne_de !== null).map((r) => Number(r.extourne_de)),
  );
  return rows.map((row) => {
    const fresh =
      row.rapprochement_id !== null
        ? settlements.get(settlementKey(row.rapprochement_id, row.flux_id))
        : row.hors_rapprochement
          ? unreconciled.get(row.flux_id)
          : built.get(row.flux_id);
    const base = row.sorte === 1 ? fresh?.entry : reversalOf(reversed.get(Number(row.extourne_de)) as AccountingEntry);
    // Staging and building read the database at two moments (READ COMMITTED): a flux or a
    // mapping changed in between would number an entry in another journal's sequence.
    if (!base || (row.sorte === 1 && (fresh?.fingerprint !== row.empreinte || base.journal !== row.journal))) {
      throw new HttpError(409, STAGING_CHANGED_MESSAGE, 'conflict');
    }
    return {
      entry: { ...base, date: row.date_ecriture, sequence: row.sequence },
      exerciceId: row.exercice_id,
      exerciceEnd: row.exercice_fin,
      fingerprint: row.empreinte,
      isReversal: row.sorte === 0,
      reconciliationId: row.rapprochement_id,
      unreconciled: row.hors_rapprochement,
      reversedId: row.extourne_de === null ? null : Number(row.extourne_de),
    };
  });
}

interface FluxEntryRow {
  id: number;
  label: string;
  date: string;
  isDebit: boolean;
  cents: string;
  seasonId: number;
  structureCode: string | null;
  structureName: string;
  account: string;
  accountLabel: string | null;
  journal: string;
  section: string | null;
  settled: boolean;
  /** DateReglement of a flux a bank reconciliation settled (R-FLUX-09), else null. */
  bankDay: string | null;
  fingerprint: string;
  lastSettlement: Date | null;
  createdSettled: Date | null;
}

/** The entries of these flux from their live facts and the structure's current mappings. */
async function buildFluxEntries(
  tx: Queryable,
  books: Books,
  ids: number[],
): Promise<Map<number, { entry: AccountingEntry; fingerprint: string }>> {
  const entries = new Map<number, { entry: AccountingEntry; fingerprint: string }>();
  if (ids.length === 0) return entries;
  const structureId = books.owner.structureId;
  const rows = await tx.query<FluxEntryRow>(
    `SELECT f.id, f."NomFluxFinancier" AS "label", f."EST_Debit" AS "isDebit", f."ID_Saison" AS "seasonId",
            to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS "date",
            (f."MontantTTC" * 100)::bigint::text AS "cents",
            s."ID_CodeFederal" AS "structureCode", s."NomStructure" AS "structureName",
            m."CompteNumero" AS "account", c."Libelle" AS "accountLabel", m."JournalCode" AS "journal",
            m."CodeSection" AS "section", f."EST_Reglement" AS "settled", ${FINGERPRINT_SQL} AS "fingerprint",
            CASE WHEN f."ID_EcritureBancaire" IS NOT NULL THEN f."DateReglement"::text END AS "bankDay",
            CASE WHEN f."EST_Reglement" AND f."ID_EcritureBancaire" IS NULL THEN (SELECT max(al."Z_DateCreation") FROM "APP_AuditLog" al
              WHERE al."TableCible" = 'MKP_FluxFinancier' AND al."ID_Cible" = f.id
                AND al."Action" = 'reglement_flux' AND al."Details"->>'apres' = 'true') END AS "lastSettlement",
            CASE WHEN f."EST_Reglement" AND f."ID_EcritureBancaire" IS NULL THEN (SELECT min(al."Z_DateCreation") FROM "APP_AuditLog" al
              WHERE al."TableCible" = 'MKP_FluxFinancier' AND al."ID_Cible" = f.id AND al."Action" = 'creation_flux'
                AND al."Details"->'colonnes' @> '["EST_Reglement"]'::jsonb) END AS "createdSettled"
       FROM "MKP_FluxFinancier" f
       JOIN "STR_Structure" s ON s.id = f."ID_Structure"
       JOIN "CPT_MappingFlux" m ON m."ID_Structure" = $1 AND m."ID_CategoryFlux" = f."ID_CategoryFlux"
       LEFT JOIN "CPT_Compte" c ON c."ID_Structure" = $1 AND c."Numero" = m."CompteNumero"
      WHERE f.id = ANY($2::int[])`,
    [structureId, ids],
  );
  const parts = books.withTarifs ? groupByFlux(await tarifParts(tx, structureId, ids)) : new Map();
  for (const row of rows) {
    const amountCents = Number(row.cents);
    const category = { account: row.account, accountLabel: row.accountLabel ?? row.account, section: row.section };
    const flux = { ...row, amountCents, pieceRef: invoiceNumber(row.seasonId, row.id) };
    const built = buildEntry(
      flux,
      books.pointOfView,
      books.rule,
      row.journal,
      allocate(amountCents, category, parts.get(row.id) ?? []),
    );
    const settledAt = row.settled ? settlementInstant(toDate(row.lastSettlement), toDate(row.createdSettled)) : null;
    // Lettering of the third-party line (FEC EcritureLet/DateLet) when the settlement is known.
    const lettering = settlementLettering(
      { fluxId: row.id, settled: row.settled, bankDay: row.bankDay, otherDay: settledAt && parisToday(settledAt) },
      'sale',
    );
    const entry = withLettering(built, lettering);
    entries.set(row.id, { entry, fingerprint: row.fingerprint });
  }
  return entries;
}

function groupByFlux(rows: TarifPartRow[]): Map<number, CounterpartAllocation[]> {
  const byFlux = new Map<number, CounterpartAllocation[]>();
  for (const r of rows) {
    const list = byFlux.get(r.fluxId) ?? [];
    list.push({
      account: r.account,
      accountLabel: r.accountLabel ?? r.account,
      section: r.section,
      amountCents: Number(r.cents),
    });
    byFlux.set(r.fluxId, list);
  }
  return byFlux;
}

const toDate = (value: Date | string | null) =>
  value == null ? null : value instanceof Date ? value : new Date(value);

interface LedgerEntryRow {
  id: string;
  yearId: number;
  fluxId: number | null;
  journal: string;
  number: string;
  sequence: number;
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  validDate: string;
  letteringCode: string | null;
  letteringDate: string | null;
}

interface LedgerLineRow {
  entryId: string;
  account: string;
  auxAccount: string | null;
  section: string | null;
  debit: string;
  credit: string;
  lettered: boolean;
}

const LEDGER_ENTRY_COLUMNS = `e.id::text AS id, e."ID_Exercice" AS "yearId", e."ID_FluxFinancier" AS "fluxId", e."JournalCode" AS journal,
  e."EcritureNum" AS number, e."Numero" AS sequence, e."EcritureDate"::text AS date, e."PieceRef" AS "pieceRef",
  e."PieceDate"::text AS "pieceDate", e."Libelle" AS label, e."ValidDate"::text AS "validDate",
  e."Lettrage" AS "letteringCode", e."DateLettrage"::text AS "letteringDate"`;

/** Validated entries with their lines and the labels the fiscal year froze. */
async function withLines(tx: Queryable, rows: LedgerEntryRow[]): Promise<AccountingEntry[]> {
  if (rows.length === 0) return [];
  const lines = await tx.query<LedgerLineRow>(
    `SELECT l."ID_Ecriture"::text AS "entryId", l."CompteNum" AS account, l."CompAuxNum" AS "auxAccount",
            l."Section" AS section, l."Debit"::text AS debit, l."Credit"::text AS credit, l."EST_Lettree" AS lettered
       FROM "CPT_EcritureLigne" l WHERE l."ID_Ecriture" = ANY($1::bigint[])
      ORDER BY l."ID_Ecriture", l."Rang"`,
    [rows.map((r) => r.id)],
  );
  // The labels the fiscal years froze, looked up here: a few thousand rows, one query.
  const labels = new Map<string, string>();
  const years = [...new Set(rows.map((r) => r.yearId))];
  for (const label of await tx.query<{ yearId: number; nature: string; numero: string; libelle: string }>(
    `SELECT "ID_Exercice" AS "yearId", "Nature" AS nature, "Numero" AS numero, "Libelle" AS libelle
       FROM "CPT_EcritureCompte" WHERE "ID_Exercice" = ANY($1::int[])`,
    [years],
  )) {
    labels.set(`${label.yearId}:${label.nature}:${label.numero}`, label.libelle);
  }
  const yearOf = new Map(rows.map((r) => [r.id, r.yearId]));
  const byEntry = new Map<string, EntryLine[]>();
  for (const l of lines) {
    const list = byEntry.get(l.entryId) ?? [];
    const year = yearOf.get(l.entryId);
    list.push({
      account: l.account,
      accountLabel: labels.get(`${year}:G:${l.account}`) ?? l.account,
      auxAccount: l.auxAccount ?? '',
      auxLabel: (l.auxAccount && labels.get(`${year}:X:${l.auxAccount}`)) ?? '',
      section: l.section,
      debitCents: Number(l.debit),
      creditCents: Number(l.credit),
      lettered: l.lettered,
    });
    byEntry.set(l.entryId, list);
  }
  return rows.map((r) => ({
    fluxId: r.fluxId,
    journal: r.journal,
    number: r.number,
    sequence: r.sequence,
    date: r.date,
    pieceRef: r.pieceRef,
    pieceDate: r.pieceDate,
    validDate: r.validDate,
    lettering: r.letteringCode && r.letteringDate ? { code: r.letteringCode, date: r.letteringDate } : null,
    label: r.label,
    lines: byEntry.get(r.id) ?? [],
  }));
}

async function readLedgerEntriesById(tx: Queryable, ids: number[]): Promise<Map<number, AccountingEntry>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.query<LedgerEntryRow>(
    `SELECT ${LEDGER_ENTRY_COLUMNS} FROM "CPT_Ecriture" e WHERE e.id = ANY($1::bigint[])`,
    [ids],
  );
  const entries = await withLines(tx, rows);
  return new Map(rows.map((r, index) => [Number(r.id), entries[index]!]));
}

/**
 * A fiscal year's validated opening entry (R-LEDG-13), when it has one and `journals` takes AN:
 * the first entry of the year's files, whatever the other journals' codes sort like.
 */
export async function openingEntries(
  db: Queryable,
  yearId: number,
  journals?: readonly string[],
): Promise<AccountingEntry[]> {
  if (journals && !journals.includes(OPENING_JOURNAL)) return [];
  const rows = await db.query<LedgerEntryRow>(
    `SELECT ${LEDGER_ENTRY_COLUMNS} FROM "CPT_Ecriture" e WHERE e."ID_Exercice" = $1 AND e."ID_FluxFinancier" IS NULL`,
    [yearId],
  );
  return withLines(db, rows);
}

/**
 * The validated entries of the structure dated in [from, to], in file order, batch by batch;
 * not the opening entries (openingEntries), which come before them.
 */
export async function* ledgerEntries(
  db: Queryable,
  structureId: number,
  from: string,
  to: string,
  journals?: readonly string[],
): AsyncGenerator<AccountingEntry[]> {
  let after: [string, string, number] = ['0001-01-01', '', 0];
  for (;;) {
    const params: unknown[] = [structureId, from, to, ...after];
    const journalSql = journals ? `AND e."JournalCode" = ANY($${params.push(journals)}::text[])` : '';
    const rows = await db.query<LedgerEntryRow>(
      `SELECT ${LEDGER_ENTRY_COLUMNS} FROM "CPT_Ecriture" e
        WHERE e."ID_Structure" = $1 AND e."EcritureDate" BETWEEN $2 AND $3
          AND (e."EcritureDate", e."JournalCode", e."Numero") > ($4::date, $5, $6) ${journalSql}
          AND e."ID_FluxFinancier" IS NOT NULL
        ORDER BY e."EcritureDate", e."JournalCode", e."Numero" LIMIT ${ENTRY_BATCH}`,
      params,
    );
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = [last.date, last.journal, last.sequence];
    yield await withLines(db, rows);
  }
}
