import type { AccountingResource } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';

export type SettingsRow = Record<string, string | number | null> & { id: number };
export interface References {
  categories: Array<{ id: number; NomCategoryFlux: string }>;
  tarifs: Array<{ id: number; NomTarif: string; ID_CategoryFlux: number; ID_Saison: number | null }>;
}
export interface Parametres {
  CompteCollectif: string;
  TiersPrefixe: string | null;
  TiersCompteFixe: string | null;
  TiersLibelleFixe: string | null;
  SIREN: string | null;
  /** R-PAY-10: the class-4 account of the debts to ligues and comités (left out: kept as set). */
  CompteQuotesParts?: string;
  LibelleQuotesParts?: string;
}

const base = (structureId: number, path: string) =>
  `/api/parametrages-comptables/${path}?structureId=${encodeURIComponent(String(structureId))}`;

export const listSettings = (structureId: number, resource: AccountingResource) =>
  apiFetch<SettingsRow[]>(base(structureId, resource));

export const saveSetting = (structureId: number, resource: AccountingResource, values: object, id?: number) =>
  apiFetch<SettingsRow>(base(structureId, id ? `${resource}/${id}` : resource), {
    method: id ? 'PUT' : 'POST',
    body: values,
  });

export const deleteSetting = (structureId: number, resource: AccountingResource, id: number) =>
  apiFetch<void>(base(structureId, `${resource}/${id}`), { method: 'DELETE' });

export const getReferences = (structureId: number) => apiFetch<References>(base(structureId, 'references'));

export const getParametres = (structureId: number) =>
  apiFetch<{ parametres: Parametres | null }>(base(structureId, 'parametres'));

export const saveParametres = (structureId: number, values: Parametres) =>
  apiFetch<Parametres>(base(structureId, 'parametres'), { method: 'PUT', body: values });
