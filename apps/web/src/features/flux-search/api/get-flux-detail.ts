import { graphqlRequest } from '@/lib/graphql-client';
import type { FluxReturn } from './flux-row';

export interface FluxDetailLine {
  id: number;
  NomFluxFinancierDetail: string;
  PrixUnitaire: string | number;
  Quantite: number;
  MontantTTC: string | number;
  EST_Debit: boolean;
  Z_DateCreation: string;
}

export interface FluxDetail {
  id: number;
  NomFluxFinancier: string;
  ID_CategoryFlux: number;
  EST_Debit: boolean;
  EST_Reglement: boolean;
  /** yyyy-mm-dd when the flux is settled and the day is known (R-FLUX-09). */
  DateReglement?: string | null;
  ID_FluxFinancierRelance: number | null;
  ID_Structure?: number;
  STR_Structure: { NomStructure: string } | null;
  MKP_RetourPrelevement?: FluxReturn | null;
  MKP_FluxFinancierDetail: FluxDetailLine[];
}

const DETAIL = `query FluxDetail($id: Int!) {
  flux: MKP_FluxFinancier_by_pk(id: $id) {
    id NomFluxFinancier ID_CategoryFlux EST_Debit EST_Reglement DateReglement ID_FluxFinancierRelance ID_Structure
    STR_Structure { NomStructure }
    MKP_RetourPrelevement { CodeRaison DateRetour TypeRetour }
    MKP_FluxFinancierDetail(order_by: [{id: asc}]) {
      id NomFluxFinancierDetail PrixUnitaire Quantite MontantTTC EST_Debit Z_DateCreation
    }
  }
}`;

export async function getFluxDetail(structureId: number, id: number, signal?: AbortSignal): Promise<FluxDetail | null> {
  return (await graphqlRequest<{ flux: FluxDetail | null }>(DETAIL, { id }, { structureId, signal })).flux;
}
