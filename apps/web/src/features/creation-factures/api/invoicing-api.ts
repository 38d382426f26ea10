import {
  AVOIRS_URL,
  BULK_PREVIEW_URL,
  BULK_URL,
  DRAFTS_URL,
  INVOICING_TARIFS_URL,
  draftIssueUrl,
  draftPreviewUrl,
  draftUrl,
  type AvoirRequest,
  type BulkIssueAccepted,
  type BulkIssueRequest,
  type BulkPreview,
  type BulkPreviewRequest,
  type DraftRequest,
  type DraftSummary,
  type DraftView,
  type IssuedInvoiceView,
  type TarifOption,
} from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';
import { fetchFile } from '@/lib/download';
import { toSearch } from '@/lib/routes';

/** Every call names the structure the user acts for (the head office). */
const at = (url: string, structureId: number) => url + toSearch({ structureId });

export const fetchTarifs = (structureId: number, signal?: AbortSignal) =>
  apiFetch<{ tarifs: TarifOption[] }>(at(INVOICING_TARIFS_URL, structureId), { signal });

export const fetchDrafts = (structureId: number, signal?: AbortSignal) =>
  apiFetch<{ brouillons: DraftSummary[] }>(at(DRAFTS_URL, structureId), { signal });

export const fetchDraft = (structureId: number, id: number, signal?: AbortSignal) =>
  apiFetch<DraftView>(at(draftUrl(id), structureId), { signal });

export const createDraft = (structureId: number, draft: DraftRequest) =>
  apiFetch<DraftView>(at(DRAFTS_URL, structureId), { method: 'POST', body: draft });

export const saveDraft = (structureId: number, id: number, draft: DraftRequest & { version: number }) =>
  apiFetch<DraftView>(at(draftUrl(id), structureId), { method: 'PUT', body: draft });

export const deleteDraft = (structureId: number, id: number, version: number) =>
  apiFetch<void>(draftUrl(id) + toSearch({ structureId, version }), { method: 'DELETE' });

export const issueDraft = (structureId: number, id: number, version: number) =>
  apiFetch<IssuedInvoiceView>(at(draftIssueUrl(id), structureId), { method: 'POST', body: { version } });

/** The draft's PDF marked 'BROUILLON', to show in a new tab. */
export const fetchDraftPreview = (structureId: number, id: number) =>
  fetchFile(at(draftPreviewUrl(id), structureId), { fileName: `brouillon-${id}.pdf` });

export const issueAvoir = (structureId: number, request: AvoirRequest) =>
  apiFetch<IssuedInvoiceView>(at(AVOIRS_URL, structureId), { method: 'POST', body: request });

export const previewBulk = (structureId: number, request: BulkPreviewRequest) =>
  apiFetch<BulkPreview>(at(BULK_PREVIEW_URL, structureId), { method: 'POST', body: request });

export const issueBulk = (structureId: number, request: BulkIssueRequest) =>
  apiFetch<BulkIssueAccepted>(at(BULK_URL, structureId), { method: 'POST', body: request });
