import { FLUX_RELAUNCH, relaunchDate, relaunchLabel, relaunchRefusal } from '@gdf/domain';
import type { Database } from '../../db/database';
import { issueFluxDocuments, type IssuanceSettings } from '../flux-documents/issue-documents';
import { badRequest, notFound } from '../../lib/http-errors';
import { requireGrant, type RequestScope } from '../scope/scope';
import { audit } from './flux-write.service';
import {
  copyDetailLines,
  insertRelaunchedFlux,
  lockVisibleFlux,
  markRelaunched,
  writeFluxAudit,
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
    const relaunchedId = await insertRelaunchedFlux(
      tx,
      original.id,
      relaunchLabel(original.NomFluxFinancier),
      date,
      parisDate(date),
    );
    await copyDetailLines(tx, original.id, relaunchedId, date);
    await options.beforeMarkOriginal?.();
    if (!(await markRelaunched(tx, original.id, relaunchedId))) throw badRequest('Ce prélèvement a déjà été relancé.');
    await writeFluxAudit(
      tx,
      audit(scope, 'relance_flux', original.id, {
        fluxRelance: relaunchedId,
        structureFlux: original.ID_Structure,
        date: date.toISOString(),
      }),
    );
    // Issued once the original points to it: its avis cites the original invoice.
    await issueFluxDocuments(tx, { fromId: relaunchedId, toId: relaunchedId + 1 }, issuance);
    return relaunchedId;
  });
}

/** The due date of the relaunched debit: its day in Paris (YYYY-MM-DD). */
function parisDate(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}
