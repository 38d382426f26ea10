import {
  buildRecapFigures,
  previousSeasonMonth,
  recapMonthBounds,
  recapNumber,
  shareLevelOfStructureType,
  type MonthlyRecap,
  type RecapFlux,
  type RecapParts,
  type RecapShares,
  type StatementPeriod,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import type { StatementIssuer } from '../../db/issued-statement-store';
import {
  findStatementStructure,
  loadStatementParts,
  type StatementStructure,
} from '../account-statement/account-statement.service';
import { shareTotals } from '../payouts/shares.service';
import type { RequestScope } from '../scope/scope';
import { renderRecapFiles } from './monthly-recap-pdf';
import {
  fluxCategories,
  recapStore,
  recapStructures,
  structureTypeOf,
  type IssuedRecap,
} from './monthly-recap.repository';

type Reader = Pick<Database, 'query'>;

/** R-RECAP-01: the relevé's parts of the month (loadStatementParts), each flux with its category's name. */
async function loadRecapParts(
  database: Reader,
  structures: number | number[],
  period: StatementPeriod,
): Promise<RecapParts> {
  const parts = await loadStatementParts(database, structures, period);
  const categories = await fluxCategories(
    database,
    [...parts.periodFlux, ...parts.earlierOpenFlux].map((flux) => flux.id),
  );
  const withCategory = (flux: (typeof parts.periodFlux)[number]): RecapFlux => ({
    ...flux,
    category: categories.get(flux.id) ?? '',
  });
  return { periodFlux: parts.periodFlux.map(withCategory), earlierOpenFlux: parts.earlierOpenFlux.map(withCategory) };
}

/** R-RECAP-06: a ligue's or comité's shares earned and transfers received over the period (R-PAY-03), null for others. */
async function recapShares(
  database: Reader,
  structureId: number,
  period: StatementPeriod,
): Promise<RecapShares | null> {
  const type = await structureTypeOf(database, structureId);
  const level = type === null ? null : shareLevelOfStructureType(type);
  if (level === null) return null;
  const totals = await shareTotals(database as Queryable, level, structureId, period.from, period.to);
  return { earned: totals.earned, paidOut: totals.received };
}

/** A recap is one per structure and month: no daily quota applies (R-RECAP-04). */
const NO_QUOTA = Number.MAX_SAFE_INTEGER;

/** The structure's block as the documents print it, whoever issues (the job has no request scope). */
function structureBlock(database: Pick<Database, 'query'>, structureId: number): Promise<StatementStructure | null> {
  const everyStructure = { unrestricted: true, currentStructureId: structureId } as RequestScope;
  return findStatementStructure(database, everyStructure, structureId);
}

/** R-RECAP-01, R-RECAP-03, R-RECAP-06: the month's figures, the same month of the previous season's, the shares. */
async function computeRecap(database: Pick<Database, 'query'>, structureId: number, month: string) {
  const structures = await recapStructures(database, structureId);
  const previousMonth = previousSeasonMonth(month);
  const period = recapMonthBounds(month);
  const previousPeriod = recapMonthBounds(previousMonth);
  const current = buildRecapFigures(await loadRecapParts(database, structures, period), period);
  const previous = buildRecapFigures(await loadRecapParts(database, structures, previousPeriod), previousPeriod);
  const sharesNow = await recapShares(database, structureId, period);
  const sharesBefore = sharesNow && (await recapShares(database, structureId, previousPeriod));
  const shares = sharesNow && sharesBefore ? { current: sharesNow, previous: sharesBefore } : null;
  const recap: MonthlyRecap = { month, previousMonth, current, previous, shares };
  return { recap, federation: Array.isArray(structures) };
}

/** What issuing one recap needs: the one issued before, else `store` to write it in a transaction. */
export interface PreparedRecap {
  same: IssuedRecap | null;
  /** The recap stored, `created` false when it is one issued meanwhile. */
  store: (tx: Queryable) => Promise<{ recap: IssuedRecap; created: boolean }>;
}

/**
 * R-RECAP-04: one structure's recap of `month`, issued on `issuedOn`: the one issued before
 * when it exists (nothing computed), else computed, rendered outside any transaction and
 * numbered with an id reserved for it; `store` writes it with its audit row, or returns the
 * one issued meanwhile (the structure's lock, ADR 0049). Null when the structure is unknown.
 */
export async function prepareRecap(
  database: Database,
  issuer: StatementIssuer,
  structureId: number,
  month: string,
  issuedOn: string,
): Promise<PreparedRecap | null> {
  const key = { structureId, period: recapMonthBounds(month), fingerprint: month };
  const same = await recapStore.findSame(database, key);
  if (same) return { same, store: async () => ({ recap: same, created: false }) };
  const structure = await structureBlock(database, structureId);
  if (!structure) return null;
  const { recap, federation } = await computeRecap(database, structureId, month);
  const id = await recapStore.reserveId(database);
  const number = recapNumber(id, month);
  const files = await renderRecapFiles(recap, structure, { number, day: issuedOn, at: new Date(), federation });
  const toStore = {
    ...key,
    day: issuedOn,
    id,
    number,
    closingBalance: recap.current.total.resteDu,
    amounts: {},
    ...files,
  };
  const details = { mois: month, resteDuCentimes: recap.current.total.resteDu };
  return {
    same: null,
    async store(tx) {
      const stored = await recapStore.storeIn(tx, issuer, toStore, NO_QUOTA, details);
      if (!stored) throw new Error(`Récapitulatif ${number} : non enregistré`);
      return { recap: stored, created: stored.id === id };
    },
  };
}
