import { fluxDocumentPath, type FluxDocumentKind } from '@gdf/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchFile, type FetchedFile } from '@/lib/download';
import { toSearch } from '@/lib/routes';

/** The PDF and the server's name, e.g. facture-123456-2024-03-01.pdf (Content-Disposition). */
export type FluxDocumentFile = FetchedFile;

/**
 * URL of a flux PDF's API. Fetched with the bearer header and shown from a blob: URL: the
 * server accepts no token in a URL (history and proxies keep them).
 */
export function fluxDocumentUrl(
  kind: FluxDocumentKind,
  fluxId: number,
  options: { structureId?: number; download?: boolean } = {},
): string {
  return (
    fluxDocumentPath(kind, fluxId) +
    toSearch({ structureId: options.structureId, download: options.download ? 1 : undefined })
  );
}

/** GET /api/flux/{id}/facture.pdf or releve.pdf, as the current structure. */
export async function getFluxDocument(
  kind: FluxDocumentKind,
  fluxId: number,
  structureId: number,
  signal?: AbortSignal,
): Promise<FluxDocumentFile> {
  return fetchFile(fluxDocumentUrl(kind, fluxId, { structureId }), { signal, fileName: `${kind}-${fluxId}.pdf` });
}

function fluxDocumentQueryOptions(kind: FluxDocumentKind, fluxId: number, structureId: number) {
  return queryOptions({
    queryKey: ['flux-document', kind, fluxId, structureId],
    queryFn: ({ signal }) => getFluxDocument(kind, fluxId, structureId, signal),
    // A PDF is cheap to redraw and may hold a lot of bytes: never keep it once the page is left.
    gcTime: 0,
    retry: false,
  });
}

export function useFluxDocument(kind: FluxDocumentKind, fluxId: number | undefined, structureId: number) {
  return useQuery({ ...fluxDocumentQueryOptions(kind, fluxId ?? 0, structureId), enabled: fluxId !== undefined });
}
