import {
  ModuleSlug,
  SEPA_CANCELLATION_REFUSALS,
  SEPA_WRITE,
  sepaBatchState,
  sepaCancellationRefusal,
  sepaCollectedFigures,
  type SepaBatch,
  type SepaBatchCancellation,
  type SepaBatchPage,
} from '@gdf/domain';
import { HttpError, notFound } from '../../lib/http-errors';
import { openContent } from '../document-store/document-store.service';
import { waitForReturnImports } from '../sepa-returns/sepa-returns.service';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import {
  cancelBatch,
  countSepaBatches,
  listSepaBatches,
  lockBatchFlux,
  lockSepaBatch,
  type SepaBatchRow,
} from './sepa-batches.repository';
import type { SepaDependencies } from './sepa.service';

const BATCH_NOT_FOUND = 'Lot SEPA introuvable';
const CANCELLED_FILE =
  'Ce lot SEPA a été annulé : son fichier ne peut plus être téléchargé ni déposé à la banque. Ses prélèvements seront repris dans le prochain fichier.';

const iso = (value: Date | string) => new Date(value).toISOString();

/** R-UI-20: one page of the SEPA files already made, sorted as asked, and how many there are. */
export async function sepaBatches(
  deps: SepaDependencies,
  scope: RequestScope,
  page: SepaBatchPage,
): Promise<{ batches: SepaBatch[]; total: number }> {
  requireModule(scope, ModuleSlug.ExportSepa);
  const [rows, total] = await Promise.all([
    listSepaBatches(deps.database, scope, {
      limit: page.limit,
      offset: (page.page - 1) * page.limit,
      order: { sort: page.sort, direction: page.direction },
    }),
    countSepaBatches(deps.database, scope),
  ]);
  return { batches: rows.map(batchView), total };
}

function batchView(row: SepaBatchRow): SepaBatch {
  const cancelled = row.DateAnnulation !== null;
  // R-RET-07: a cancelled batch released its flux: nothing was collected from it.
  const figures = {
    presented: { nb: row.nbFlux ?? 0, cents: row.totalCents ?? 0 },
    rejected: { nb: row.nbRejetes, cents: row.centsRejetes },
    relaunchedRejected: { nb: row.nbRelances, cents: row.centsRelances },
  };
  return {
    ...batchFile(row),
    etat: sepaBatchState(cancelled, figures),
    dateEcheance: row.dateEcheance,
    preleves: cancelled ? { nb: 0, cents: 0 } : sepaCollectedFigures(figures),
    rejetes: figures.rejected,
    relances: figures.relaunchedRejected,
  };
}

function batchFile(row: SepaBatchRow): Omit<SepaBatch, 'etat' | 'dateEcheance' | 'preleves' | 'rejetes' | 'relances'> {
  return {
    id: row.id,
    NomFichier: row.NomFichier ?? `prelevements-sepa-${row.id}.xml`,
    Z_DateCreation: iso(row.Z_DateCreation),
    auteur: row.auteur ?? '',
    nbFlux: row.nbFlux ?? 0,
    totalCents: row.totalCents ?? 0,
    fichierDisponible: row.ID_Contenu !== null && row.DateAnnulation === null,
    annuleLe: row.DateAnnulation === null ? null : iso(row.DateAnnulation),
    annulePar: row.DateAnnulation === null ? null : (row.annulePar ?? ''),
    annulable:
      sepaCancellationRefusal({
        cancelledAt: row.DateAnnulation,
        settledFlux: row.nbRegles,
        returnedFlux: row.nbRetournes,
      }) === null,
  };
}

/**
 * A past file, again: only a batch made within scope (404 otherwise, so ids reveal nothing),
 * never a cancelled one (410): its flux went back to the pool, so uploading it would collect
 * them twice.
 */
export async function sepaBatchFile(deps: SepaDependencies, scope: RequestScope, batchId: number) {
  requireModule(scope, ModuleSlug.ExportSepa);
  const [batch] = await listSepaBatches(deps.database, scope, { id: batchId, limit: 1 });
  if (batch && batch.DateAnnulation !== null) throw new HttpError(410, CANCELLED_FILE, 'gone');
  const content = batch?.ID_Contenu ? await openContent(deps.database, batch.ID_Contenu) : null;
  if (!batch || !content) throw notFound('Fichier SEPA introuvable');
  return { fileName: batch.NomFichier ?? `prelevements-sepa-${batch.id}.xml`, body: content.body, size: content.size };
}

/**
 * 'Annuler le lot' (R-SEPA-08): in one transaction, the batch row is locked (a second
 * cancellation waits, then finds it cancelled: 409), its flux are locked and checked against
 * the rule of @gdf/domain (none settled or returned since: the bank has not answered for the
 * file), released for the next file, the batch marked cancelled and the cancellation audited.
 * A generation running meanwhile only claims flux without a batch, so a flux is never in two.
 */
export async function cancelSepaBatch(
  deps: SepaDependencies,
  scope: RequestScope,
  batchId: number,
): Promise<SepaBatchCancellation> {
  requireGrant(scope, SEPA_WRITE, "Vous n'avez pas le droit d'annuler un lot de prélèvements SEPA.");
  return deps.database.transaction(async (tx) => {
    // Serialised with return imports: a flux the bank rejected is never released meanwhile.
    await waitForReturnImports(tx);
    const batch = await lockSepaBatch(tx, scope, batchId);
    if (!batch) throw notFound(BATCH_NOT_FOUND);
    const flux = batch.DateAnnulation === null ? await lockBatchFlux(tx, batch.id) : null;
    const refusal = sepaCancellationRefusal({
      cancelledAt: batch.DateAnnulation,
      settledFlux: flux?.regles ?? 0,
      returnedFlux: flux?.retournes ?? 0,
    });
    if (refusal) throw new HttpError(409, SEPA_CANCELLATION_REFUSALS[refusal], 'conflict');
    const { released, cancelledAt } = await cancelBatch(tx, {
      id: batch.id,
      userId: scope.actor.userId,
      structureId: scope.currentStructureId,
      details: { fichier: batch.NomFichier, totalCents: flux?.cents ?? 0 },
    });
    return { id: batch.id, annuleLe: iso(cancelledAt), nbFluxLiberes: released, totalCents: flux?.cents ?? 0 };
  });
}
