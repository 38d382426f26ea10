import type { StructureTypeId } from '../structures/structure-types';
import type { CardStructure } from './card-state';

/** GET /api/structures/{id}/status: what the card states need to know about a structure. */
export interface StructureStatusResponse {
  id: number;
  NomStructure: string;
  ID_TypeStructure: StructureTypeId;
  EST_Bloquee: boolean;
  /** Affiliated on at least one season (STR_Affiliation). */
  affiliated: boolean;
  /** Affiliated on the season flagged EST_SaisonCourante. */
  affiliatedCurrentSeason: boolean;
}

export function cardStructureFromStatus(status: StructureStatusResponse): CardStructure {
  return {
    id: status.id,
    typeId: status.ID_TypeStructure,
    blocked: status.EST_Bloquee,
    affiliated: status.affiliated,
    affiliatedCurrentSeason: status.affiliatedCurrentSeason,
  };
}
