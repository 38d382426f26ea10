import { ModuleSlug, type SepaBatch } from '@gdf/domain';
import { notFound } from '../../lib/http-errors';
import { requireModule, type RequestScope } from '../scope/scope';
import { listSepaBatches } from './sepa-batches.repository';
import type { SepaDependencies } from './sepa.service';

export async function sepaBatches(deps: SepaDependencies, scope: RequestScope, limit: number): Promise<SepaBatch[]> {
  requireModule(scope, ModuleSlug.ExportSepa);
  const rows = await listSepaBatches(deps.database, scope, { limit });
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      NomFichier: row.NomFichier ?? `prelevements-sepa-${row.id}.xml`,
      Z_DateCreation: new Date(row.Z_DateCreation).toISOString(),
      auteur: row.auteur ?? '',
      nbFlux: row.nbFlux ?? 0,
      totalCents: row.totalCents ?? 0,
      fichierDisponible: await deps.files.exists(row.id),
    })),
  );
}

/** A past file, again: only a batch made within scope (404 otherwise, so ids reveal nothing). */
export async function sepaBatchFile(deps: SepaDependencies, scope: RequestScope, batchId: number) {
  requireModule(scope, ModuleSlug.ExportSepa);
  const [batch] = await listSepaBatches(deps.database, scope, { id: batchId, limit: 1 });
  const bytes = batch ? await deps.files.read(batch.id) : null;
  if (!batch || !bytes) throw notFound('Fichier SEPA introuvable');
  return { fileName: batch.NomFichier ?? `prelevements-sepa-${batch.id}.xml`, bytes };
}
