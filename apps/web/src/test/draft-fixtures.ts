import { INVOICING_WRITE, type DraftSummary, type JobView, type MeResponse } from '@gdf/domain';
import { headOfficeMe, jobFixture } from '@/test/fixtures';

/** An open draft of the head office for the Club Alpin (101), patched as a test needs. */
export const draft = (patch: Partial<DraftSummary> = {}): DraftSummary => ({
  id: 7,
  structureId: 101,
  structure: 'Club Alpin',
  libelle: 'Stage escalade',
  categorie: 4,
  echeance: '2026-12-20',
  totalCentimes: 13_500,
  version: 2,
  creeLe: '2026-11-23T10:00:00.000Z',
  modifieLe: '2026-11-23T10:00:00.000Z',
  fluxId: null,
  numero: null,
  ...patch,
});

/** The head office's administrator with the module's read access, and its write grant when `write`. */
export function invoicingMe(write: boolean): MeResponse {
  const me = headOfficeMe(['gestion_des_finances__creation_factures']);
  return { ...me, grants: write ? { '1318': [INVOICING_WRITE] } : {} };
}

/** A bulk invoicing job, running. */
export const bulkJob = (patch: Partial<JobView> = {}): JobView =>
  jobFixture({ id: 61, type: 'facturation_en_lot', libelle: 'Facturation en lot : 3 structures', ...patch });
