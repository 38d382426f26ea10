import {
  FLUX_RELAUNCH,
  parisToday,
  relaunchDate,
  relaunchLabel,
  relaunchRefusal,
  type RelaunchedPair,
  type RelaunchSelectionRefusal,
  type RelaunchSelectionResult,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { issueFluxDocuments, type IssuanceSettings } from '../flux-documents/flux-documents.service';
import { badRequest, notFound } from '../../lib/http-errors';
import { requireGrant, type RequestScope } from '../scope/scope';
import { audit } from './flux-write.service';
import {
  copyDetailLines,
  insertRelaunchedFlux,
  lockVisibleFlux,
  lockVisibleFluxList,
  markRelaunched,
  writeFluxAudit,
  type LockedFlux,
} from './flux.repository';

export interface RelaunchOptions {
  now?: Date;
  /** Test hook: runs inside the transaction, after the copy and before the original is marked. */
  beforeMarkOriginal?: () => Promise<void>;
}

/**
 * R-FLUX-05 to R-FLUX-07, for holders of the relaunch grant (R-PERM-08: clubs cannot relaunch):
 * re-creates an unpaid direct-debit flux dated one month later, then
 * marks the original as relaunched, in one transaction. The original row is locked first
 * and only marked while ID_FluxFinancierRelance is null (backed by the unique index
 * mkp_flux_relance_uq), so concurrent calls create one flux at most. The new flux's avis de
 * prélèvement is issued in the same transaction (R-DOC-01, R-FACT-07). Returns its id.
 */
export async function relaunchFlux(
  database: Database,
  scope: RequestScope,
  issuance: IssuanceSettings,
  fluxId: number,
  options: RelaunchOptions = {},
): Promise<number> {
  requireGrant(scope, FLUX_RELAUNCH);
  const date = relaunchDate(options.now ?? new Date());
  return database.transaction(async (tx) => {
    const original = await lockVisibleFlux(tx, scope, fluxId);
    if (!original) throw notFound('Flux introuvable.');
    const refusal = relaunchRefusal(original);
    if (refusal) throw badRequest(refusal);
    const relaunchedId = await relaunchLocked(tx, scope, original, date, options.beforeMarkOriginal);
    // Issued once the original points to it: its avis cites the original invoice.
    await issueFluxDocuments(tx, { fromId: relaunchedId, toId: relaunchedId + 1 }, issuance);
    return relaunchedId;
  });
}

/** The most refusals named in the message of a refused selection. */
const REFUSALS_SHOWN = 10;

/**
 * 'Relancer la sélection' (R-RET-06): the relaunch of each flux of `ids`, all in one
 * transaction. The flux are locked in id order (two selections never deadlock); a flux
 * relaunched already, by an earlier call or a concurrent one that committed first, is
 * reported and left alone, so calling again relaunches nothing twice. Any other refusal (not
 * visible, not an unpaid direct debit) refuses the whole selection: nothing is relaunched.
 */
export async function relaunchSelection(
  database: Database,
  scope: RequestScope,
  issuance: IssuanceSettings,
  ids: readonly number[],
  options: { now?: Date } = {},
): Promise<RelaunchSelectionResult> {
  requireGrant(scope, FLUX_RELAUNCH);
  const date = relaunchDate(options.now ?? new Date());
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  return database.transaction(async (tx) => {
    const rows = new Map((await lockVisibleFluxList(tx, scope, wanted)).map((row) => [row.id, row]));
    const refusals: RelaunchSelectionRefusal[] = [];
    const dejaRelances: RelaunchedPair[] = [];
    const toRelaunch: LockedFlux[] = [];
    for (const id of wanted) {
      const row = rows.get(id);
      const relaunchedBy = row?.ID_FluxFinancierRelance ?? null;
      if (relaunchedBy !== null) dejaRelances.push({ ID_FluxFinancier: id, ID_FluxFinancierRelance: relaunchedBy });
      else {
        const motif = row ? relaunchRefusal(row) : 'Flux introuvable.';
        if (motif) refusals.push({ ID_FluxFinancier: id, motif });
        else if (row) toRelaunch.push(row);
      }
    }
    if (refusals.length > 0) throw badRequest(selectionRefusedMessage(refusals));
    const relances: RelaunchedPair[] = [];
    for (const original of toRelaunch) {
      const relaunchedId = await relaunchLocked(tx, scope, original, date);
      relances.push({ ID_FluxFinancier: original.id, ID_FluxFinancierRelance: relaunchedId });
    }
    // Issued once the originals point to them, one range per run of consecutive ids.
    for (const range of consecutiveRanges(relances.map((pair) => pair.ID_FluxFinancierRelance))) {
      await issueFluxDocuments(tx, range, issuance);
    }
    return { relances, dejaRelances };
  });
}

function selectionRefusedMessage(refusals: readonly RelaunchSelectionRefusal[]): string {
  const shown = refusals.slice(0, REFUSALS_SHOWN).map((item) => `flux ${item.ID_FluxFinancier} : ${item.motif}`);
  const more = refusals.length > REFUSALS_SHOWN ? ` (et ${refusals.length - REFUSALS_SHOWN} autres)` : '';
  return `Aucun flux n’a été relancé : ${shown.join(' ; ')}${more}`;
}

/** [fromId, toId) ranges covering `ids` (ascending), one per run of consecutive ids. */
function consecutiveRanges(ids: readonly number[]): { fromId: number; toId: number }[] {
  const ranges: { fromId: number; toId: number }[] = [];
  for (const id of ids) {
    const last = ranges.at(-1);
    if (last && last.toId === id) last.toId = id + 1;
    else ranges.push({ fromId: id, toId: id + 1 });
  }
  return ranges;
}

/**
 * R-FLUX-05, R-FLUX-06: the copy dated `date`, its lines, then the original marked (only while
 * not relaunched: mkp_flux_relance_uq backs it) and the relaunch audited. `original` is locked.
 */
async function relaunchLocked(
  tx: Queryable,
  scope: RequestScope,
  original: LockedFlux,
  date: Date,
  beforeMarkOriginal?: () => Promise<void>,
): Promise<number> {
  const relaunchedId = await insertRelaunchedFlux(
    tx,
    original.id,
    relaunchLabel(original.NomFluxFinancier),
    date,
    parisToday(date),
  );
  await copyDetailLines(tx, original.id, relaunchedId, date);
  await beforeMarkOriginal?.();
  if (!(await markRelaunched(tx, original.id, relaunchedId))) throw badRequest('Ce prélèvement a déjà été relancé.');
  await writeFluxAudit(
    tx,
    audit(scope, 'relance_flux', original.id, {
      fluxRelance: relaunchedId,
      structureFlux: original.ID_Structure,
      date: date.toISOString(),
    }),
  );
  return relaunchedId;
}
