import type { FiscalYearsResponse, JobAccepted, ValidationResult } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';
import { fiscalYearsUrl } from '@/lib/fiscal-years';

/** PUT /api/parametrages-comptables/exercices: refused once something is validated. */
export const saveFiscalYearStart = (structureId: number, moisDebut: number) =>
  apiFetch<FiscalYearsResponse>(fiscalYearsUrl(structureId), { method: 'PUT', body: { moisDebut } });

/**
 * POST …/:id/validation: numbers and freezes the entries of the year up to `jusquau`. A job
 * (R-JOB-01): its result when it ends within a few seconds, else the job to follow (202).
 */
export const validateFiscalYear = (structureId: number, id: number, jusquau: string) =>
  apiFetch<ValidationResult | JobAccepted>(fiscalYearsUrl(structureId, `/${id}/validation`), {
    method: 'POST',
    body: { jusquau },
  });

/** POST …/:id/cloture: validates what is left, then no entry can be added to the year; a job, as above. */
export const closeFiscalYear = (structureId: number, id: number) =>
  apiFetch<ValidationResult | JobAccepted>(fiscalYearsUrl(structureId, `/${id}/cloture`), { method: 'POST' });
