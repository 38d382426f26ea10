import { contains } from '@gdf/domain';
import { graphqlRequest } from '@/lib/graphql-client';

/** A structure as a picker offers it: its name and federal code, never its id alone. */
export interface StructureOption {
  id: number;
  NomStructure: string;
  ID_CodeFederal: string | null;
}

const STRUCTURES = `query Structures($where: STR_Structure_bool_exp!) {
  STR_Structure(where: $where, order_by: [{NomStructure: asc}], limit: 20) { id NomStructure ID_CodeFederal }
}`;

/**
 * The federation's structures whose name contains, or whose federal code starts with, `text`;
 * only those of the given types when `types` is set. The server's scope applies on top.
 */
export async function searchStructures(
  federationId: number,
  text: string,
  signal?: AbortSignal,
  types?: readonly number[],
): Promise<StructureOption[]> {
  const where = {
    _and: [
      { _or: [{ ID_Federation: { _eq: federationId } }, { id: { _eq: federationId } }] },
      { _or: [{ NomStructure: { _ilike: contains(text) } }, { ID_CodeFederal: { _ilike: `${text}%` } }] },
      ...(types && types.length > 0 ? [{ ID_TypeStructure: { _in: [...types] } }] : []),
    ],
  };
  return (
    await graphqlRequest<{ STR_Structure: StructureOption[] }>(
      STRUCTURES,
      { where },
      { structureId: federationId, signal },
    )
  ).STR_Structure;
}

async function getStructure(
  currentStructureId: number,
  id: number,
  signal?: AbortSignal,
): Promise<StructureOption | null> {
  const data = await graphqlRequest<{ STR_Structure: StructureOption[] }>(
    STRUCTURES,
    { where: { id: { _eq: id } } },
    { structureId: currentStructureId, signal },
  );
  return data.STR_Structure[0] ?? null;
}

/** One structure read once per session (its name labels a field or a chip): one key, one cache. */
export const structureOptionQuery = (currentStructureId: number, id: number | null) => ({
  queryKey: ['structure-option', currentStructureId, id] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getStructure(currentStructureId, id ?? 0, signal),
  enabled: id !== null,
  staleTime: Infinity,
});

/** How a structure is named in a picker: 'Club Alpin de Lyon (069001)'. */
export const structureOptionLabel = (option: StructureOption) =>
  option.ID_CodeFederal ? `${option.NomStructure} (${option.ID_CodeFederal})` : option.NomStructure;
