import {
  entryDatesBetween,
  reversalOf,
  StructureType,
  type AccountingEntry,
  type ShareAccount,
  type ThirdPartyRule,
} from '@gdf/domain';
import { badRequest, HttpError } from '../../lib/http-errors';
import { hasTarifMappings, loadThirdPartyRule } from './accounting-mappings.repository';
import type { Queryable } from '../../db/queryable';
import type { BooksOwner } from './books';
import { firstFluxDay, type FiscalYearRow } from './fiscal-years.repository';
import { buildFluxEntries } from './flux-entries';
import { COMMIT_STAGE, readStageRows, stageEntryDays, type StageRow, type StageTable } from './ledger-stage.repository';
import { buildSettlementEntries, buildUnreconciledEntries, settlementKey } from './settlement-entries';
import { firstBankDay, loadBankAccount, loadTransitAccount } from './settlement-entries.repository';
import { buildPayoutTransferEntries, buildShareMovementEntries } from './share-entries';
import { loadShareAccount } from './share-entries.repository';
import { ENTRY_BATCH, readLedgerEntriesById } from './validated-entries';
import { syncSharesIn } from '../payouts/shares.service';

export type { StageTable } from './ledger-stage.repository';
export { ENTRY_BATCH, ledgerEntries, openingEntries } from './validated-entries';

/** Flux or mappings changed between staging and building: staging again gives the right entries. */
export const STAGING_CHANGED_MESSAGE = 'Des flux ou des mappings ont changé pendant le traitement : recommencez.';

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
  /** The debt account of the levels' shares (R-PAY-10). */
  shareAccount: ShareAccount;
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
  const pointOfView = owner.structureType === StructureType.Federation ? 'federation' : 'membre';
  // R-PAY-04: the marked sales' shares are brought up to date before the books read them (R-PAY-10).
  if (pointOfView === 'federation') await syncSharesIn(db);
  return {
    owner,
    rule,
    pointOfView,
    withTarifs: await hasTarifMappings(db, owner.structureId),
    bankAccount: await loadBankAccount(db, owner.structureId),
    transitAccount: await loadTransitAccount(db, owner.structureId),
    shareAccount: await loadShareAccount(db, owner.structureId),
    years,
    firstDay: earlier(await firstFluxDay(db, owner), await firstBankDay(db, owner.structureId)),
  };
}

const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null || a <= b ? a : b);

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
  const days = entryDays(books, from, upTo);
  const append = options.append === true;
  if (append && days.days.length === 0) return { staged: 0, unmapped: 0 };
  return stageEntryDays(tx, books, days, upTo, stage, append);
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
  /** A share movement's entry (R-PAY-10). */
  movementId: number | null;
  /** A payout transfer's entry or its reversal (R-PAY-10). */
  transferId: number | null;
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
    const range = { from, to, after, limit: stage.batch ?? ENTRY_BATCH };
    const rows = await readStageRows(tx, stage, range, journals);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = [last.date_ecriture, last.journal, last.sequence];
    yield await buildStaged(tx, books, rows);
  }
}

async function buildStaged(tx: Queryable, books: Books, rows: StageRow[]): Promise<StagedEntry[]> {
  const newRows = rows.filter((r) => r.sorte === 1);
  const shareRows = newRows.filter((r) => r.mouvement_id !== null || r.versement_id !== null);
  const shares = await buildShareMovementEntries(
    tx,
    books,
    shareRows.flatMap((r) => (r.mouvement_id === null ? [] : [r.mouvement_id])),
  );
  const transfers = await buildPayoutTransferEntries(
    tx,
    books,
    shareRows.flatMap((r) => (r.versement_id === null ? [] : [r.versement_id])),
  );
  const built = await buildFluxEntries(
    tx,
    books,
    newRows
      .filter(
        (r) =>
          r.rapprochement_id === null && !r.hors_rapprochement && r.mouvement_id === null && r.versement_id === null,
      )
      .map((r) => r.flux_id),
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
  const freshOf = (row: StageRow) =>
    row.mouvement_id !== null
      ? shares.get(row.mouvement_id)
      : row.versement_id !== null
        ? transfers.get(row.versement_id)
        : row.rapprochement_id !== null
          ? settlements.get(settlementKey(row.rapprochement_id, row.flux_id))
          : row.hors_rapprochement
            ? unreconciled.get(row.flux_id)
            : built.get(row.flux_id);
  return rows.map((row) => {
    const fresh = freshOf(row);
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
      movementId: row.mouvement_id,
      transferId: row.versement_id,
    };
  });
}
