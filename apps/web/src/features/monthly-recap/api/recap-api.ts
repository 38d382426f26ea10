import { apiFetch } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { toSearch } from '@/lib/routes';
import type { RecapIssueAnswer, RecapListAnswer } from '@gdf/domain';
import type { IssuedRecap, RecapFormat } from './recap-types';

const recapsPath = (structureId: number) => `/api/structures/${structureId}/recapitulatifs`;

/** The recaps issued to `structureId`, as seen by the structure the user acts for. */
export function fetchRecaps(
  structureId: number,
  actingStructureId: number,
  signal?: AbortSignal,
): Promise<RecapListAnswer> {
  return apiFetch<RecapListAnswer>(recapsPath(structureId) + toSearch({ structureId: actingStructureId }), { signal });
}

/** Issues the recap of a month already over (or gets back the one issued before). */
export function issueRecap(structureId: number, actingStructureId: number, mois: string): Promise<RecapIssueAnswer> {
  return apiFetch<RecapIssueAnswer>(recapsPath(structureId) + toSearch({ structureId: actingStructureId }), {
    method: 'POST',
    body: { mois },
  });
}

/** Turns the e-mailing of the recaps on or off. */
export function setRecapSubscription(
  structureId: number,
  actingStructureId: number,
  abonnementEmail: boolean,
): Promise<{ abonnementEmail: boolean }> {
  return apiFetch(`${recapsPath(structureId)}/abonnement` + toSearch({ structureId: actingStructureId }), {
    method: 'PUT',
    body: { abonnementEmail },
  });
}

/** The recap's stored file, saved under the server's name. */
export async function downloadRecap(recap: IssuedRecap, actingStructureId: number, format: RecapFormat) {
  await downloadFile(`/api/recapitulatifs/${recap.id}` + toSearch({ format, structureId: actingStructureId }), {
    fileName: `recapitulatif-${recap.numero}.${format}`,
  });
}
