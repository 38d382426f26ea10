import {
  allocate,
  buildEntry,
  fluxPieceRef,
  parisToday,
  settlementInstant,
  settlementLettering,
  withLettering,
  type AccountingEntry,
  type CounterpartAllocation,
  type ThirdPartyRule,
} from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import { tarifParts, type TarifPartRow } from './accounting-mappings.repository';
import { readFluxEntryRows } from './ledger-entries.repository';

/** What building a flux's entry needs of the books. */
export interface FluxEntryBooks {
  owner: { structureId: number };
  rule: ThirdPartyRule;
  pointOfView: 'federation' | 'membre';
  withTarifs: boolean;
}

/** The entries of these flux from their live facts and the structure's current mappings. */
export async function buildFluxEntries(
  tx: Queryable,
  books: FluxEntryBooks,
  ids: number[],
): Promise<Map<number, { entry: AccountingEntry; fingerprint: string }>> {
  const entries = new Map<number, { entry: AccountingEntry; fingerprint: string }>();
  if (ids.length === 0) return entries;
  const structureId = books.owner.structureId;
  const rows = await readFluxEntryRows(tx, structureId, ids);
  const parts = books.withTarifs ? groupByFlux(await tarifParts(tx, structureId, ids)) : new Map();
  for (const row of rows) {
    const amountCents = Number(row.cents);
    const category = { account: row.account, accountLabel: row.accountLabel ?? row.account, section: row.section };
    const flux = { ...row, amountCents, pieceRef: fluxPieceRef({ seasonId: row.seasonId, id: row.id }) };
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
