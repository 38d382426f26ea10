import {
  AVOIRS_URL,
  BULK_PREVIEW_URL,
  BULK_URL,
  DRAFTS_URL,
  INVOICING_TARIFS_URL,
  billingEmailUrl,
  bulkLotUrl,
  draftIssueUrl,
  draftPreviewUrl,
  draftUrl,
  type AvoirRequest,
  type BillingEmailAnswer,
  type BulkIssueAccepted,
  type BulkIssueRequest,
  type BulkLotView,
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

/** 'Émettre', or 'Émettre et envoyer' with `envoyer` (R-MAIL-09: the facture e-mailed on issue). */
export const issueDraft = (structureId: number, id: number, version: number, envoyer = false) =>
  apiFetch<IssuedInvoiceView>(at(draftIssueUrl(id), structureId), {
    method: 'POST',
    body: envoyer ? { version, envoyer } : { version },
  });

/** Whom the billed structure's documents are e-mailed to (R-MAIL-01), shown beside 'Émettre et envoyer'. */
export const fetchBillingRecipient = (structureId: number, billedStructureId: number, signal?: AbortSignal) =>
  apiFetch<BillingEmailAnswer>(at(billingEmailUrl(billedStructureId), structureId), { signal });

/** The draft's PDF marked 'BROUILLON', shown in the page's preview dialog. */
export const fetchDraftPreview = (structureId: number, id: number) =>
  fetchFile(at(draftPreviewUrl(id), structureId), { fileName: `brouillon-${id}.pdf` });

export const issueAvoir = (structureId: number, request: AvoirRequest) =>
  apiFetch<IssuedInvoiceView>(at(AVOIRS_URL, structureId), { method: 'POST', body: request });

export const previewBulk = (structureId: number, request: BulkPreviewRequest) =>
  apiFetch<BulkPreview>(at(BULK_PREVIEW_URL, structureId), { method: 'POST', body: request });

export const issueBulk = (structureId: number, request: BulkIssueRequest) =>
  apiFetch<BulkIssueAccepted>(at(BULK_URL, structureId), { method: 'POST', body: request });

/** What a bulk lot issued and left out (its report, once its job is over). */
export const fetchBulkLot = (structureId: number, lotId: number, signal?: AbortSignal) =>
  apiFetch<BulkLotView>(at(bulkLotUrl(lotId), structureId), { signal });
