/**
 * E-mail delivery of issued documents (R-MAIL-01 to R-MAIL-08): who receives them, what one
 * click sends, the delivery log's states, and the contracts of the routes. Pure: the server
 * sends, the web shows.
 */
import { z } from 'zod';
import { userTextProblem } from '../text/user-text';

/** The documents an e-mail carries (MEL_Envoi.TypeDocument). */
export const MAIL_DOCUMENT_TYPES = ['facture', 'releve', 'relance'] as const;
export type MailDocumentType = (typeof MAIL_DOCUMENT_TYPES)[number];
/** What a delivery carries: a document a user sends, or a 'Récapitulatif mensuel' the product sends (R-RECAP-07). */
export type MailDeliveryType = MailDocumentType | 'recapitulatif';

/** A delivery's state: queued (also while retrying), sent (accepted by the SMTP server), failed after its last try. */
/** 'boite_locale': written to the local outbox, never sent (no SMTP_URL, R-MAIL-06). */
export type MailStatus = 'en_attente' | 'envoye' | 'boite_locale' | 'echec';

export const MAIL_NO_ADDRESS = {
  noCorrespondent: 'Aucune adresse : ni e-mail de facturation, ni correspondant.',
  correspondentWithoutEmail: 'Aucune adresse : ni e-mail de facturation, et son correspondant n’a pas d’e-mail.',
  invalidBillingEmail: 'Adresse refusée : l’e-mail de facturation n’est pas une adresse unique valide.',
} as const;

export type MailRecipient =
  { address: string; source: 'facturation' | 'correspondant' } | { address: null; reason: string };

/**
 * R-MAIL-01: a structure's documents go to its billing address ('E-mail de facturation');
 * without one, to its correspondent's e-mail; without either, to nobody, with the reason.
 */
export function billingRecipient(structure: {
  billingEmail: string | null;
  hasCorrespondent: boolean;
  correspondentEmail: string | null;
}): MailRecipient {
  const billing = structure.billingEmail?.trim();
  // Checked again when used (R-MAIL-07): a list ('a@x, b@y') would reach every address it names.
  if (billing)
    return isEmailAddress(billing)
      ? { address: billing, source: 'facturation' }
      : { address: null, reason: MAIL_NO_ADDRESS.invalidBillingEmail };
  if (!structure.hasCorrespondent) return { address: null, reason: MAIL_NO_ADDRESS.noCorrespondent };
  const correspondent = structure.correspondentEmail?.trim();
  if (correspondent && isEmailAddress(correspondent)) return { address: correspondent, source: 'correspondant' };
  return { address: null, reason: MAIL_NO_ADDRESS.correspondentWithoutEmail };
}

/** One address, local part and domain, no spaces, quotes, brackets or separators (RFC 5321's 254 characters at most). */
const EMAIL_ADDRESS =
  /^[^\s@"'<>(),;:\\[\]]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
export const isEmailAddress = (text: string) => text.length <= 254 && EMAIL_ADDRESS.test(text);

export const BILLING_EMAIL_FIELD = 'E-mail de facturation';

/** R-MAIL-07: why a billing address is refused, or null (empty clears it: the correspondent receives). */
export function billingEmailProblem(text: string): string | null {
  const hidden = userTextProblem(text, BILLING_EMAIL_FIELD);
  if (hidden) return hidden;
  if (text.trim() !== text) return `${BILLING_EMAIL_FIELD} : pas d’espace au début ni à la fin.`;
  if (!isEmailAddress(text))
    return `${BILLING_EMAIL_FIELD} : adresse e-mail invalide (une seule adresse, ex. tresorerie@club.fr).`;
  return null;
}

/**
 * R-MAIL-04: the Message-ID of a delivery, fixed by its row and its key (`tag`, derived from
 * the key by the server): every try of one delivery carries the same one, so a message handed
 * over twice (a crash after the server accepted it, before the log said so) is one message to
 * the receiving systems.
 */
export function mailMessageId(deliveryId: number, tag: string, domain: string): string {
  return `<envoi-${deliveryId}.${tag}@${domain}>`;
}

/** The domain of the sender's address (MAIL_FROM, 'Nom <adresse>' or 'adresse'). */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim().toLowerCase() || 'localhost';
}

/** R-MAIL-03: the key a click carries (a UUID, or any 8 to 100 letters, digits, '-' or '_'). */
export const mailRequestKeySchema = z
  .string({ message: 'clé de demande attendue' })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Clé de demande invalide (8 à 100 lettres, chiffres, - ou _).');

const documentIdSchema = z.number({ message: 'identifiant attendu' }).int().positive().max(2_147_483_647);

export const mailDocumentSchema = z.strictObject({
  type: z.enum(MAIL_DOCUMENT_TYPES, { message: 'type de document attendu : facture, releve ou relance' }),
  id: documentIdSchema,
});
export type MailDocumentRef = z.infer<typeof mailDocumentSchema>;

/** POST MAIL_SEND_URL: one document, one click. */
export const mailSendRequestSchema = z.strictObject({
  type: mailDocumentSchema.shape.type,
  id: documentIdSchema,
  cle: mailRequestKeySchema,
});
export type MailSendRequest = z.infer<typeof mailSendRequestSchema>;

/** POST mailResendUrl(id): 'Renvoyer'. */
export const mailResendRequestSchema = z.strictObject({ cle: mailRequestKeySchema });

/** R-MAIL-08: documents sent together as one job. */
export const MAX_MAIL_BATCH = 2_000;
export const mailBatchRequestSchema = z.strictObject({
  cle: mailRequestKeySchema,
  documents: z
    .array(mailDocumentSchema, { message: 'liste de documents attendue' })
    .min(1, 'Sélectionnez au moins un document.')
    .max(MAX_MAIL_BATCH, `Au plus ${MAX_MAIL_BATCH.toLocaleString('fr-FR')} documents par envoi.`)
    .refine(
      (documents) => new Set(documents.map((d) => `${d.type}:${d.id}`)).size === documents.length,
      'Un document est sélectionné deux fois.',
    ),
});
export type MailBatchRequest = z.infer<typeof mailBatchRequestSchema>;

/** GET MAIL_SEND_URL?type=&id=: a document's delivery log. */
export const mailLogQuerySchema = z.strictObject({
  type: mailDocumentSchema.shape.type,
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Identifiant invalide')
    .transform(Number),
  /** The structure the caller acts for (read by the scope, like X-Structure-Id). */
  structureId: z.string().optional(),
});

/** PATCH billingEmailUrl(id): null or '' clears it. */
export const billingEmailRequestSchema = z.strictObject({
  email: z
    .string({ message: 'adresse attendue (ou null)' })
    .max(254, `${BILLING_EMAIL_FIELD} : 254 caractères au plus.`)
    .nullable()
    .superRefine((value, context) => {
      if (value === null || value === '') return;
      const problem = billingEmailProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => (value === '' ? null : value)),
});

export const MAIL_SEND_URL = '/api/envois-email';
export const MAIL_BATCH_URL = '/api/envois-email/lots';
export const mailResendUrl = (id: number) => `${MAIL_SEND_URL}/${id}/renvoi`;
export const structureMailLogUrl = (structureId: number) => `/api/structures/${structureId}/envois-email`;
export const billingEmailUrl = (structureId: number) => `/api/structures/${structureId}/email-facturation`;
export const documentMailLogUrl = (type: MailDocumentType, id: number) => `${MAIL_SEND_URL}?type=${type}&id=${id}`;

/** One line of a delivery log. */
export interface MailDeliveryView {
  id: number;
  structureId: number;
  typeDocument: MailDeliveryType;
  documentId: number;
  destinataire: string;
  objet: string;
  statut: MailStatus;
  tentatives: number;
  /** The Message-ID the SMTP server accepted (or the outbox file's, R-MAIL-06). */
  idMessage: string | null;
  /** The server's last answer: its acceptance, its refusal, or why it could not be reached. */
  reponseServeur: string | null;
  /** ISO instants. */
  demandeLe: string;
  derniereTentativeLe: string | null;
  envoyeLe: string | null;
  /** Who asked (first and last name), null for the product itself. */
  demandePar: string | null;
  /** The delivery this one repeats ('Renvoyer'). */
  renvoiDe: number | null;
}

export interface MailDeliveryAnswer {
  envoi: MailDeliveryView;
  /** False when the key or a queued delivery of the same document answered (R-MAIL-03). */
  nouveau: boolean;
}

export interface MailLogAnswer {
  envois: MailDeliveryView[];
}

/** GET billingEmailUrl(id): the field, and whom the documents go to now (R-MAIL-01). */
export interface BillingEmailAnswer {
  structureId: number;
  emailFacturation: string | null;
  destinataire: MailRecipient;
  /** The caller may change the field (R-MAIL-07). */
  modifiable: boolean;
}

/** A document left out of a batch (R-MAIL-08): its structure without an address, with the reason. */
export interface MailBatchLeftOut {
  type: MailDocumentType;
  id: number;
  structureId: number;
  structure: string;
  raison: string;
}

/** What a batch send leaves (the job's summary). */
export interface MailBatchResult {
  envoyes: number;
  /** Written to the local outbox, not sent (R-MAIL-06). */
  boiteLocale: number;
  echecs: number;
  sansAdresse: MailBatchLeftOut[];
}

/** How the web shows a delivery's state (R-MAIL-04). */
export function mailStatusText(
  delivery: Pick<MailDeliveryView, 'statut' | 'envoyeLe' | 'idMessage' | 'reponseServeur' | 'tentatives'>,
  formatInstant: (iso: string) => string,
): string {
  if (delivery.statut === 'envoye')
    return `Envoyé le ${formatInstant(delivery.envoyeLe ?? '')}${delivery.idMessage ? ` (${delivery.idMessage})` : ''}`;
  if (delivery.statut === 'boite_locale')
    return `Non envoyé : écrit dans la boîte d’envoi locale le ${formatInstant(delivery.envoyeLe ?? '')} (serveur de messagerie non configuré)`;
  if (delivery.statut === 'echec') return `Échec : ${delivery.reponseServeur ?? 'réponse inconnue'}`;
  return delivery.tentatives > 0
    ? `En attente (nouvel essai après ${delivery.tentatives} ${delivery.tentatives > 1 ? 'essais' : 'essai'} : ${delivery.reponseServeur ?? '…'})`
    : 'En attente';
}
