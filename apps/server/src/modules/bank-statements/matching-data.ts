import {
  entryReferences,
  HEAD_OFFICE_STRUCTURE_ID,
  MATCH_WINDOW_DAYS,
  normalizeIban,
  structureNameIndex,
  type Cents,
  type EntryReferences,
  type MatchingData,
  type OpenFlux,
  type RejectDebit,
} from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import type { RequestScope } from '../scope/scope';
import type { EntryRow } from './bank-statements.repository';
import {
  batchDebits,
  openFluxByIds,
  openFluxOfAmounts,
  openFluxOfBatches,
  openFluxOfLicences,
  openFluxOfStructures,
  openFluxPartlyPaid,
  structureNames,
  structuresByIban,
  structuresOfFlux,
  type OpenFluxRow,
} from './matching.repository';

/** A stored credit with what its texts reference, ready for proposeMatches. */
export interface MatchableEntryRow {
  row: EntryRow;
  amountCents: Cents;
  bookingDate: string;
  debtorIban: string | null;
  debtorName: string | null;
  references: EntryReferences;
}

export function matchableEntry(row: EntryRow): MatchableEntryRow {
  return {
    row,
    amountCents: Number(row.cents),
    bookingDate: row.bookingDate,
    debtorIban: row.debtorIban ? normalizeIban(row.debtorIban) || null : null,
    debtorName: row.debtorName,
    references: entryReferences({
      debtorName: row.debtorName,
      remittanceInfo: row.remittanceInfo,
      label: row.label,
      endToEndIds: row.endToEndIds,
      batch:
        row.messageId || row.paymentInfoId
          ? {
              messageId: row.messageId,
              paymentInformationId: row.paymentInfoId,
              numberOfTransactions: null,
              totalCents: null,
            }
          : null,
    }),
  };
}

const toOpenFlux = (row: OpenFluxRow): OpenFlux => ({
  id: row.id,
  seasonId: row.seasonId,
  structureId: row.structureId,
  amountCents: Number(row.cents),
  dueCents: Number(row.dueCents),
  batchId: row.batchId,
  rejected: row.rejected,
  createdDay: row.createdDay,
  licensee:
    row.licenseeLastName === null
      ? null
      : { lastName: row.licenseeLastName, firstName: row.licenseeFirstName ?? '', licence: row.licence },
});

const DAY_MS = 86_400_000;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** What the entries' references name: flux, SEPA batches, licence numbers. */
function referencedKeys(entries: readonly MatchableEntryRow[]) {
  const fluxIds = new Set<number>();
  const batchIds = new Set<number>();
  const licences = new Set<number>();
  for (const { references } of entries) {
    for (const licence of references.licences) licences.add(licence);
    for (const item of references.invoices) fluxIds.add(item.fluxId);
    for (const id of references.fluxIds) fluxIds.add(id);
    for (const item of references.endToEnd) fluxIds.add(item.fluxId);
    for (const id of references.batchIds) batchIds.add(id);
  }
  return { fluxIds, batchIds, licences };
}

/** The days around the entries' booking days in which a flux of one of their amounts is proposed. */
function amountWindow(entries: readonly MatchableEntryRow[]): { from: string; to: string } {
  const days = entries.map((entry) => Date.parse(`${entry.bookingDate}T00:00:00Z`));
  const from = new Date(Math.min(...days) - (MATCH_WINDOW_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
  const to = new Date(Math.max(...days) + 2 * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** Every open flux in scope the criteria could propose, by id. */
async function candidateFlux(
  db: Queryable,
  scope: RequestScope,
  entries: readonly MatchableEntryRow[],
  keys: ReturnType<typeof referencedKeys> & { structureIds: number[] },
): Promise<Map<number, OpenFluxRow>> {
  const { fluxIds, batchIds, licences, structureIds } = keys;
  const amounts = [...new Set(entries.map((entry) => entry.amountCents))];
  const queries: (() => Promise<OpenFluxRow[]>)[] = [];
  if (fluxIds.size > 0) queries.push(() => openFluxByIds(db, scope, [...fluxIds]));
  if (batchIds.size > 0) queries.push(() => openFluxOfBatches(db, scope, [...batchIds]));
  if (structureIds.length > 0) queries.push(() => openFluxOfStructures(db, scope, structureIds));
  if (licences.size > 0) queries.push(() => openFluxOfLicences(db, scope, [...licences]));
  if (amounts.length > 0) {
    queries.push(() => openFluxOfAmounts(db, scope, amounts, amountWindow(entries)));
    // Flux partly paid already: matched by what they still owe, whatever their amount.
    queries.push(() => openFluxPartlyPaid(db, scope));
  }
  // One after the other: PGlite runs one query at a time anyway, and a transaction must.
  const rows = new Map<number, OpenFluxRow>();
  for (const query of queries) for (const row of await query()) rows.set(row.id, row);
  return rows;
}

/** The candidates by id, by named batch, by structure of a debtor's IBAN and by what they owe. */
function indexFlux(rows: Map<number, OpenFluxRow>, batchIds: Set<number>, structureIds: readonly number[]) {
  const flux = new Map<number, OpenFlux>();
  const batchFlux = new Map<number, OpenFlux[]>();
  const fluxByStructure = new Map<number, OpenFlux[]>();
  const fluxByDue = new Map<Cents, OpenFlux[]>();
  const structureSet = new Set(structureIds);
  for (const row of rows.values()) {
    const item = toOpenFlux(row);
    flux.set(item.id, item);
    if (item.batchId !== null && batchIds.has(item.batchId)) push(batchFlux, item.batchId, item);
    if (structureSet.has(item.structureId)) push(fluxByStructure, item.structureId, item);
    push(fluxByDue, item.dueCents, item);
  }
  return { flux, batchFlux, fluxByStructure, fluxByDue };
}

/** The structures of the candidates billing each quoted licence number. */
function structuresByLicenceOf(rows: Map<number, OpenFluxRow>, licences: Set<number>): Map<number, number[]> {
  const structuresByLicence = new Map<number, number[]>();
  for (const row of rows.values()) {
    if (row.licence === null || !licences.has(row.licence)) continue;
    const known = structuresByLicence.get(row.licence);
    if (!known?.includes(row.structureId)) push(structuresByLicence, row.licence, row.structureId);
  }
  return structuresByLicence;
}

/**
 * Loads, in a handful of indexed queries whatever the number of entries, every open flux in
 * scope the criteria could propose for these credits: the flux and batches their references
 * name, the flux of the structures their debtors' IBANs designate (RIBs, mandates, earlier
 * reconciliations), the flux billing the licence numbers they quote, and the flux owing one
 * of their amounts in the date window (flux partly paid already are found by what they still
 * owe); then what identifies their payers (R-BANK-09): the structure names in scope and the
 * structures of the flux their references name; and the bank's debits of the batches they
 * name (R-BANK-11).
 */
export async function loadMatchingData(
  db: Queryable,
  scope: RequestScope,
  entries: readonly MatchableEntryRow[],
): Promise<{ data: MatchingData; rows: Map<number, OpenFluxRow> }> {
  const keys = referencedKeys(entries);
  const ibans = [...new Set(entries.flatMap((entry) => (entry.debtorIban ? [entry.debtorIban] : [])))];
  const ibanRows = await structuresByIban(db, ibans);
  const structureIds = [...new Set(ibanRows.map((row) => row.structureId))];
  const rows = await candidateFlux(db, scope, entries, { ...keys, structureIds });
  const byIban = new Map<string, number[]>();
  for (const row of ibanRows) push(byIban, row.iban, row.structureId);
  const referencedStructures = new Map(
    (await structuresOfFlux(db, scope, [...keys.fluxIds])).map((row) => [
      row.id,
      { structureId: row.structureId, seasonId: row.seasonId },
    ]),
  );
  const names = structureNameIndex(await structureNames(db, scope));
  return {
    data: {
      ...indexFlux(rows, keys.batchIds, structureIds),
      structuresByIban: byIban,
      structureNames: names,
      referencedStructures,
      structuresByLicence: structuresByLicenceOf(rows, keys.licences),
      rejectDebits: await rejectDebitsOf(db, [...keys.batchIds]),
    },
    rows,
  };
}

/** R-BANK-11: the head office's bank debits naming each batch, read with the entry's own reader. */
async function rejectDebitsOf(db: Queryable, batchIds: readonly number[]): Promise<Map<number, RejectDebit[]>> {
  const result = new Map<number, RejectDebit[]>();
  const wanted = new Set(batchIds);
  for (const row of await batchDebits(db, HEAD_OFFICE_STRUCTURE_ID, batchIds)) {
    const debit = { entryId: row.id, amountCents: Number(row.cents), bookingDate: row.bookingDate };
    for (const batchId of matchableEntry(row).references.batchIds)
      if (wanted.has(batchId)) push(result, batchId, debit);
  }
  return result;
}
