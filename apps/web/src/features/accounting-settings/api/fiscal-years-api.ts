import type { FiscalYearsResponse, ValidationResult } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';

const base = (structureId: number, path = '') =>
  `/api/parametrages-comptables/exercices${path}?structureId=${encodeURIComponent(String(structureId))}`;

export const fiscalYearsQueryKey = (structureId: number) => ['parametrages-comptables', structureId, 'exercices'];

/** GET /api/parametrages-comptables/exercices: the start month and the fiscal years, oldest first. */
export const getFiscalYears = (structureId: number, signal?: AbortSignal) =>
  apiFetch<FiscalYearsResponse>(base(structureId), { signal });

/** PUT /api/parametrages-comptables/exercices: refused once something is validated. */
export const saveFiscalYearStart = (structureId: number, moisDebut: number) =>
  apiFetch<FiscalYearsResponse>(base(structureId), { method: 'PUT', body: { moisDebut } });

/** POST …/:id/validation: numbers and freezes the entries of the year up to `jusquau`. */
export const validateFiscalYear = (structureId: number, id: number, jusquau: string) =>
  apiFetch<ValidationResult>(base(structureId, `/${id}/validation`), { method: 'POST', body: { jusquau } });

/** POST …/:id/cloture: validates what is left, then no entry can be added to the year. */
export const closeFiscalYear = (structureId: number, id: number) =>
  apiFetch<ValidationResult>(base(structureId, `/${id}/cloture`), { method: 'POST' });
