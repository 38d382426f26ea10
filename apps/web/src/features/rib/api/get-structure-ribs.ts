import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** One item of GET /api/structure_ribs/structure/{id} (apps/server/src/modules/structure-ribs). */
export interface StructureRib {
  id: number;
  ID_Structure: number;
  /** Whole, or masked but for its last 4 characters when the role may not read it. */
  IBAN: string;
  IBANMasque: boolean;
  BIC: string | null;
  Titulaire: string;
  Banque: string | null;
  MandatRUM: string | null;
  MandatDateSignature: string | null;
  /** The account is the one in use. */
  EST_Valide: boolean;
  /** The IBAN passes its checksum. */
  ibanValide: boolean;
}

export function getStructureRibs(structureId: number, signal?: AbortSignal): Promise<StructureRib[]> {
  return apiFetch<StructureRib[]>(`/api/structure_ribs/structure/${structureId}`, { signal });
}

export function structureRibsQueryOptions(structureId: number) {
  return queryOptions({
    queryKey: ['structure-ribs', structureId],
    queryFn: ({ signal }) => getStructureRibs(structureId, signal),
  });
}

export function useStructureRibs(structureId: number) {
  return useQuery(structureRibsQueryOptions(structureId));
}
