import { ModuleSlug, type SepaBatch } from '@gdf/domain';
import { notFound } from '../../lib/http-errors';
import { openContent } from '../document-store/content-stream';
import { requireModule, type RequestScope } from '../scope/scope';
import { listSepaBatches } from './sepa-batches.repository';
import type { SepaDependencies } from './sepa.service';

export async function sepaBatches(deps: SepaDependencies, scope: RequestScope, limit: number): Promise<SepaBatch[]> {
  requireModule(scope, ModuleSlug.ExportSepa);
  const rows = await listSepaBatches(deps.database, scope, { limit });
  return rows.map((row) => ({
    id: row.id,
    NomFichier: row.NomFichier ?? `prelevements-sepa-${row.id}.xml`,
    Z_DateCreation: new Date(row.Z_DateCreation).toISOString(),
    auteur: row.auteur ?? '',
    nbFlux: row.nbFlux ?? 0,
    totalCents: row.totalCents ?? 0,
    fichierDisponible: row.ID_Contenu !== null,
  }));
}

/** A past file, again: only a batch made within scope (404 otherwise, so ids reveal nothing). */
export async function sepaBatchFile(deps: SepaDependencies, scope: RequestScope, batchId: number) {
  requireModule(scope, ModuleSlug.ExportSepa);
  const [batch] = await listSepaBatches(deps.database, scope, { id: batchId, limit: 1 });
  const content = batch?.ID_Contenu ? await openContent(deps.database, batch.ID_Contenu) : null;
  if (!batch || !content) throw notFound('Fichier SEPA introuvable');
  return { fileName: batch.NomFichier ?? `prelevements-sepa-${batch.id}.xml`, body: content.body, size: content.size };
}
