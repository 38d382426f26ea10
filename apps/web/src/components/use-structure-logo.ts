import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch, apiFetchBlob } from '@/lib/api-client';

/** The part of GET /api/structures/{id}/avatar's document this component needs. */
interface AvatarDocument {
  id: number;
}

/**
 * GET /api/structures/{id}/avatar, then the bytes from GET /api/files/structure_document/{id}.
 * Fetched with the bearer token because an <img> cannot send it; `scopeStructureId` is
 * the caller's current structure, whose scope the server applies.
 */
async function fetchStructureLogo(structureId: number, scopeStructureId: number, signal: AbortSignal): Promise<Blob> {
  const scope = `structureId=${scopeStructureId}`;
  const document = await apiFetch<AvatarDocument>(`/api/structures/${structureId}/avatar?${scope}`, { signal });
  return apiFetchBlob(`/api/files/structure_document/${document.id}?${scope}`, { signal });
}

/**
 * An object URL of the structure's logo, or undefined (none, loading, or failed: R-API-02
 * says failures are swallowed, so the initials simply stay).
 */
export function useStructureLogo(
  structureId: number | undefined,
  scopeStructureId: number | undefined,
): string | undefined {
  const { data: blob } = useQuery({
    queryKey: ['structure-logo', structureId, scopeStructureId],
    queryFn: ({ signal }) =>
      fetchStructureLogo(structureId as number, scopeStructureId ?? (structureId as number), signal),
    enabled: structureId !== undefined,
    retry: false,
    staleTime: 10 * 60_000,
  });
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setSrc(undefined);
      return;
    }
    // The URL lives as long as this avatar shows it; the cached Blob can make a new one.
    const url = URL.createObjectURL(blob);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return src;
}
