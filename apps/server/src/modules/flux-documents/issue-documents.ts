import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import {
  createLotTable,
  dropLotTables,
  frozenSellerId,
  issueLotInline,
  issueLotTables,
  lotSizeWithParties,
  missingIssuanceBounds,
} from './issuance.repository';

/**
 * Issuance (R-DOC-01): what the documents of a flux show
 * is read from the live tables once and frozen in MKP_FluxEmission, parties and lines in
 * shared DOC_DonneeFigee rows addressed by their SHA-256; its detail lines cannot change any
 * more (a trigger, migration 0013). Called in the transaction that
 * creates a flux (GraphQL insert, relaunch), by the start-up backfill for older flux, and at a
 * first download the backfill has not reached yet. A flux already issued is left as it is.
 *
 * Set-based, so the same SQL issues one flux or 50,000: the flux of an id range are read once
 * into a temporary table, their structures' parties into another, then the shared rows and
 * the frozen rows are inserted from them.
 */
export interface IssuanceSettings {
  /** The SEPA creditor identifier (ICS) the seller block announces on direct-debit documents. */
  creditorIdentifier: string;
}

/** Ids [fromId, toId) of MKP_FluxFinancier. */
export interface FluxIdRange {
  fromId: number;
  toId: number;
}

/** Issues every flux of the range not issued yet, in the caller's transaction; returns how many. */
export async function issueFluxDocuments(
  tx: Queryable,
  range: FluxIdRange,
  settings: IssuanceSettings,
): Promise<number> {
  if (range.toId - range.fromId === 1) return issueSingleFlux(tx, range, settings);
  await createLotTable(tx, range);
  try {
    if ((await lotSizeWithParties(tx)) === 0) return 0;
    const sellerId = await frozenSellerId(tx, settings.creditorIdentifier);
    return await issueLotTables(tx, sellerId);
  } finally {
    await dropLotTables(tx);
  }
}

/** One flux (its creation, a relaunch, a first download): the lot as CTEs, no temporary table. */
async function issueSingleFlux(tx: Queryable, range: FluxIdRange, settings: IssuanceSettings): Promise<number> {
  const sellerId = await frozenSellerId(tx, settings.creditorIdentifier);
  return issueLotInline(tx, range, sellerId);
}

/** Issues one flux (its own transaction): a first download the backfill has not reached. */
export async function issueOneFlux(database: Database, fluxId: number, settings: IssuanceSettings): Promise<void> {
  await database.transaction((tx) => issueFluxDocuments(tx, { fromId: fluxId, toId: fluxId + 1 }, settings));
}

export interface BackfillProgress {
  issued: number;
  /** Flux ids scanned so far, out of the highest id. */
  scannedUpTo: number;
  maxId: number;
}

/**
 * The backfill: issues every flux not issued yet, `batchSize` ids per transaction, so a
 * crash loses one batch at most and a restart resumes (issued flux are skipped).
 */
export async function issueMissingDocuments(
  database: Database,
  settings: IssuanceSettings,
  options: { batchSize?: number; onProgress?: (progress: BackfillProgress) => void; signal?: AbortSignal } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 50_000;
  const bounds = await missingIssuanceBounds(database);
  if (!bounds || bounds.min === null || bounds.max === null) return 0;
  let issued = 0;
  for (let fromId = bounds.min; fromId <= bounds.max; fromId += batchSize) {
    if (options.signal?.aborted) break;
    const range = { fromId, toId: Math.min(fromId + batchSize, bounds.max + 1) };
    issued += await database.transaction((tx) => issueFluxDocuments(tx, range, settings));
    options.onProgress?.({ issued, scannedUpTo: range.toId - 1, maxId: bounds.max });
  }
  return issued;
}
