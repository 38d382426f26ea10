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
import { intArray } from '../../db/sql-arrays';
import {
  batchDebits,
  openFlux,
  structureNames,
  structuresByIban,
  structuresOfFlux,
  type EntryRow,
  type OpenFluxRow,
} from './bank-statements.repository';

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

export const toOpenFlux = (row: OpenFluxRow): OpenFlux => ({
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
  const ibans = [...new Set(entries.flatMap((entry) => (entry.debtorIban ? [entry.debtorIban] : [])))];
  const ibanRows = await structuresByIban(db, ibans);
  const structureIds = [...new Set(ibanRows.map((row) => row.structureId))];
  const amounts = [...new Set(entries.map((entry) => entry.amountCents))];
  const days = entries.map((entry) => Date.parse(`${entry.bookingDate}T00:00:00Z`));
  const from = new Date(Math.min(...days) - (MATCH_WINDOW_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
  const to = new Date(Math.max(...days) + 2 * DAY_MS).toISOString().slice(0, 10);

  const queries: (() => Promise<OpenFluxRow[]>)[] = [];
  if (fluxIds.size > 0)
    queries.push(() => openFlux(db, scope, (p) => `f.id = ANY($${p.push(intArray([...fluxIds]))}::int[])`));
  if (batchIds.size > 0) {
    queries.push(() =>
      openFlux(db, scope, (p) => `f."ID_Traitement" = ANY($${p.push(intArray([...batchIds]))}::int[])`),
    );
  }
  if (structureIds.length > 0) {
    queries.push(() => openFlux(db, scope, (p) => `f."ID_Structure" = ANY($${p.push(intArray(structureIds))}::int[])`));
  }
  if (licences.size > 0) {
    queries.push(() =>
      openFlux(
        db,
        scope,
        (p) => `f."ID_Utilisateur" IN (SELECT id FROM "UTI_Utilisateur"
                 WHERE "LicenceNumero" = ANY($${p.push(intArray([...licences]))}::int[]))`,
      ),
    );
  }
  if (amounts.length > 0) {
    queries.push(() =>
      openFlux(db, scope, (p) => {
        const list = `{${amounts.map((cents) => (cents / 100).toFixed(2)).join(',')}}`;
        return `f."MontantTTC" = ANY($${p.push(list)}::numeric[])
          AND f."Z_DateCreation" >= $${p.push(from)}::date AND f."Z_DateCreation" < $${p.push(to)}::date`;
      }),
    );
    // Flux partly paid already: matched by what they still owe, whatever their amount.
    queries.push(() =>
      openFlux(
        db,
        scope,
        () => `f.id IN (SELECT rf."ID_FluxFinancier" FROM "BQE_RapprochementFlux" rf
                JOIN "BQE_Rapprochement" ra ON ra.id = rf."ID_Rapprochement" AND ra."DateAnnulation" IS NULL
               WHERE NOT rf."EST_Regle")`,
      ),
    );
  }
  // One after the other: PGlite runs one query at a time anyway, and a transaction must.
  const rows = new Map<number, OpenFluxRow>();
  for (const query of queries) for (const row of await query()) rows.set(row.id, row);

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
  const byIban = new Map<string, number[]>();
  for (const row of ibanRows) push(byIban, row.iban, row.structureId);
  const structuresByLicence = new Map<number, number[]>();
  for (const row of rows.values()) {
    if (row.licence === null || !licences.has(row.licence)) continue;
    const known = structuresByLicence.get(row.licence);
    if (!known?.includes(row.structureId)) push(structuresByLicence, row.licence, row.structureId);
  }
  const referencedStructures = new Map(
    (await structuresOfFlux(db, scope, [...fluxIds])).map((row) => [
      row.id,
      { structureId: row.structureId, seasonId: row.seasonId },
    ]),
  );
  const names = structureNameIndex(await structureNames(db, scope));
  return {
    data: {
      flux,
      batchFlux,
      structuresByIban: byIban,
      fluxByStructure,
      fluxByDue,
      structureNames: names,
      referencedStructures,
      structuresByLicence,
      rejectDebits: await rejectDebitsOf(db, [...batchIds]),
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
