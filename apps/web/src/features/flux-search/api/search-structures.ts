import { contains } from '@gdf/domain';
import { graphqlRequest } from '@/lib/graphql-client';

export interface StructureOption {
  id: number;
  NomStructure: string;
  ID_CodeFederal: string | null;
}

const STRUCTURES = `query Structures($where: STR_Structure_bool_exp!) {
  STR_Structure(where: $where, order_by: [{NomStructure: asc}], limit: 20) { id NomStructure ID_CodeFederal }
}`;

/** The federation's structures whose name contains, or whose federal code starts with, `text`. */
export async function searchStructures(
  federationId: number,
  text: string,
  signal?: AbortSignal,
): Promise<StructureOption[]> {
  const where = {
    _and: [
      { _or: [{ ID_Federation: { _eq: federationId } }, { id: { _eq: federationId } }] },
      { _or: [{ NomStructure: { _ilike: contains(text) } }, { ID_CodeFederal: { _ilike: `${text}%` } }] },
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

export async function getStructure(
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
