import {
  billingEmailUrl,
  documentMailLogUrl,
  MAIL_SEND_URL,
  mailResendUrl,
  structureMailLogUrl,
  type BillingEmailAnswer,
  type MailDeliveryAnswer,
  type MailDocumentType,
  type MailLogAnswer,
} from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';
import { toSearch } from '@/lib/routes';

/** The calls of the e-mail delivery, each for the structure the user acts for (its query). */
const withStructure = (path: string, structureId: number) =>
  path + (path.includes('?') ? `&${toSearch({ structureId }).slice(1)}` : toSearch({ structureId }));

/** R-MAIL-03: one click, one key: the same key sent again answers with the same delivery. */
export function sendDocument(
  structureId: number,
  document: { type: MailDocumentType; id: number },
  cle: string,
): Promise<MailDeliveryAnswer> {
  return apiFetch<MailDeliveryAnswer>(withStructure(MAIL_SEND_URL, structureId), {
    method: 'POST',
    body: { ...document, cle },
  });
}

export function resendDelivery(structureId: number, deliveryId: number, cle: string): Promise<MailDeliveryAnswer> {
  return apiFetch<MailDeliveryAnswer>(withStructure(mailResendUrl(deliveryId), structureId), {
    method: 'POST',
    body: { cle },
  });
}

export function fetchDocumentLog(
  structureId: number,
  document: { type: MailDocumentType; id: number },
  signal?: AbortSignal,
): Promise<MailLogAnswer> {
  return apiFetch<MailLogAnswer>(withStructure(documentMailLogUrl(document.type, document.id), structureId), {
    signal,
  });
}

export function fetchStructureLog(
  structureId: number,
  ofStructure: number,
  signal?: AbortSignal,
): Promise<MailLogAnswer> {
  return apiFetch<MailLogAnswer>(withStructure(structureMailLogUrl(ofStructure), structureId), { signal });
}

export function fetchBillingEmail(
  structureId: number,
  ofStructure: number,
  signal?: AbortSignal,
): Promise<BillingEmailAnswer> {
  return apiFetch<BillingEmailAnswer>(withStructure(billingEmailUrl(ofStructure), structureId), { signal });
}

export function saveBillingEmail(
  structureId: number,
  ofStructure: number,
  email: string | null,
): Promise<BillingEmailAnswer> {
  return apiFetch<BillingEmailAnswer>(withStructure(billingEmailUrl(ofStructure), structureId), {
    method: 'PATCH',
    body: { email },
  });
}
