import { fluxGraphql } from './flux-graphql';

export interface Season {
  id: number;
  NomSaison: string;
  EST_SaisonCourante: boolean;
}

const SEASONS = `{ FEDE_Saison(order_by: [{id: desc}]) { id NomSaison EST_SaisonCourante } }`;

export async function getSeasons(structureId: number, signal?: AbortSignal): Promise<Season[]> {
  return (await fluxGraphql<{ FEDE_Saison: Season[] }>(structureId, SEASONS, undefined, signal)).FEDE_Saison;
}
