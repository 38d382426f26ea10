import type { FiscalYearsResponse, ValidationResult } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';
import { fiscalYearsUrl } from '@/lib/fiscal-years';

/** PUT /api/parametrages-comptables/exercices: refused once something is validated. */
export const saveFiscalYearStart = (structureId: number, moisDebut: number) =>
  apiFetch<FiscalYearsResponse>(fiscalYearsUrl(structureId), { method: 'PUT', body: { moisDebut } });

/** POST …/:id/validation: numbers and freezes the entries of the year up to `jusquau`. */
export const validateFiscalYear = (structureId: number, id: number, jusquau: string) =>
  apiFetch<ValidationResult>(fiscalYearsUrl(structureId, `/${id}/validation`), { method: 'POST', body: { jusquau } });

/** POST …/:id/cloture: validates what is left, then no entry can be added to the year. */
export const closeFiscalYear = (structureId: number, id: number) =>
  apiFetch<ValidationResult>(fiscalYearsUrl(structureId, `/${id}/cloture`), { method: 'POST' });
