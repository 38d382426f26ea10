import { graphqlRequest } from '@/lib/graphql-client';

const RELAUNCH = `mutation Relaunch($id: Int!) { relaunch_MKP_FluxFinancier(id: $id) { id } }`;

/** R-FLUX-05: re-creates the direct debit one month later and marks this one relaunched. */
export async function relaunchFlux(structureId: number, id: number): Promise<number> {
  const data = await graphqlRequest<{ relaunch_MKP_FluxFinancier: { id: number } }>(RELAUNCH, { id }, { structureId });
  return data.relaunch_MKP_FluxFinancier.id;
}
