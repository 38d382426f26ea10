import { z } from 'zod';
import type { JobView } from '../jobs/index';
import type { MailDeliveryView } from '../mail/mail-rules';
import { MAX_BULK_STRUCTURES, MAX_DRAFT_LINES, MAX_LINE_QUANTITY, MAX_NOTE_LENGTH } from './invoicing-rules';

/**
 * REST contracts of 'Création factures' (R-INV-01 to R-INV-09), shared by the server and the web.
 *
 * - GET    /api/creation-factures/tarifs -> { tarifs: TarifOption[] }
 * - GET    /api/creation-factures/brouillons -> { brouillons: DraftSummary[] }
 * - POST   /api/creation-factures/brouillons (DraftRequest) -> 201 DraftView
 * - GET    /api/creation-factures/brouillons/:id -> DraftView
 * - PUT    /api/creation-factures/brouillons/:id (DraftRequest & { version }) -> DraftView (409 if stale)
 * - DELETE /api/creation-factures/brouillons/:id?version=n -> 204
 * - GET    /api/creation-factures/brouillons/:id/apercu.pdf -> the PDF marked 'BROUILLON'
 * - POST   /api/creation-factures/brouillons/:id/emission ({ version, envoyer? }) -> 201 { fluxId, numero, envoiEmail? }
 *          ('Émettre et envoyer', R-MAIL-09: the same request again answers 200 with the same delivery)
 * - POST   /api/creation-factures/avoirs (AvoirRequest) -> 201 { fluxId, numero }
 * - POST   /api/creation-factures/lots/apercu (BulkPreviewRequest) -> BulkPreview
 * - POST   /api/creation-factures/lots (BulkIssueRequest) -> 202 { traitement, lotId }
 * - GET    /api/creation-factures/lots/:id -> BulkLotView
 */
export const INVOICING_URL = '/api/creation-factures';
export const DRAFTS_URL = `${INVOICING_URL}/brouillons`;
export const draftUrl = (id: number) => `${DRAFTS_URL}/${id}`;
export const draftPreviewUrl = (id: number) => `${DRAFTS_URL}/${id}/apercu.pdf`;
export const draftIssueUrl = (id: number) => `${DRAFTS_URL}/${id}/emission`;
export const AVOIRS_URL = `${INVOICING_URL}/avoirs`;
export const INVOICING_TARIFS_URL = `${INVOICING_URL}/tarifs`;
export const BULK_URL = `${INVOICING_URL}/lots`;
export const BULK_PREVIEW_URL = `${BULK_URL}/apercu`;
export const bulkLotUrl = (id: number) => `${BULK_URL}/${id}`;

const MAX_ID = 2_147_483_647;
const id = z.number({ message: 'identifiant attendu' }).int('identifiant attendu').positive().max(MAX_ID);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date invalide (AAAA-MM-JJ attendu)');
/** Integer cents (R-DATA-01): never a float, never a string. */
const cents = z.number({ message: 'montant en centimes attendu' }).int('montant en centimes entier attendu');

export const draftLineSchema = z.strictObject({
  libelle: z.string().max(255, 'Le libellé : au plus 255 caractères.'),
  tarifId: id.nullable(),
  prixUnitaireCentimes: cents
    .min(1, 'Le prix unitaire doit être au moins 0,01 €.')
    .max(100_000_000, 'Prix unitaire hors limites.'),
  quantite: z
    .number({ message: 'quantité attendue' })
    .int('La quantité doit être un entier.')
    .min(1, 'La quantité doit être au moins 1.')
    .max(MAX_LINE_QUANTITY, `Au plus ${MAX_LINE_QUANTITY} par ligne.`),
});
export type DraftLineRequest = z.infer<typeof draftLineSchema>;

/** What an invoice says, whoever it is for: shared by a draft and a bulk invoicing. */
const invoiceContent = {
  libelle: z.string().max(255, 'Le libellé : au plus 255 caractères.'),
  categorie: z.union([z.literal(4), z.literal(5)], { message: 'Catégorie 4 ou 5 attendue.' }),
  echeance: isoDay,
  note: z.string().max(MAX_NOTE_LENGTH, `La note : au plus ${MAX_NOTE_LENGTH} caractères.`).default(''),
  lignes: z
    .array(draftLineSchema)
    .min(1, 'Une facture doit avoir au moins une ligne.')
    .max(MAX_DRAFT_LINES, `Au plus ${MAX_DRAFT_LINES} lignes par facture.`),
};

export const draftRequestSchema = z.strictObject({ structureId: id, ...invoiceContent });
export type DraftRequest = z.input<typeof draftRequestSchema>;

export const draftUpdateSchema = z.strictObject({
  structureId: id,
  ...invoiceContent,
  version: z.number().int().min(1).max(MAX_ID),
});
export type DraftUpdateRequest = z.input<typeof draftUpdateSchema>;

const draftVersion = z.number().int().min(1).max(MAX_ID);
export const draftVersionSchema = z.strictObject({ version: draftVersion });
/** 'Émettre' (R-INV-05); with `envoyer: true`, 'Émettre et envoyer' (R-MAIL-09). */
export const draftIssueSchema = z.strictObject({
  version: draftVersion,
  envoyer: z.boolean({ message: 'envoyer invalide : true ou false attendu' }).optional(),
});
export type DraftIssueRequest = z.infer<typeof draftIssueSchema>;
export const draftDeleteQuerySchema = z.strictObject({
  version: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Version invalide')
    .transform(Number),
  /** The structure the caller acts for (read by the scope, like X-Structure-Id): the web sends it. */
  structureId: z.string().optional(),
});

export const avoirRequestSchema = z.discriminatedUnion(
  'mode',
  [
    z.strictObject({ factureId: id, mode: z.literal('total') }),
    z.strictObject({
      factureId: id,
      mode: z.literal('lignes'),
      lignes: z
        .array(
          z.strictObject({
            rang: z.number().int().min(1).max(MAX_DRAFT_LINES),
            quantite: z.number().int().min(1).max(MAX_LINE_QUANTITY),
          }),
        )
        .min(1, 'Choisissez au moins une ligne de la facture à créditer.')
        .max(MAX_DRAFT_LINES),
    }),
  ],
  { message: "Mode 'total' ou 'lignes' attendu." },
);
export type AvoirRequest = z.infer<typeof avoirRequestSchema>;

/** R-INV-08: which structures a bulk invoicing bills; the criteria combine (all must hold). */
export const bulkSelectionSchema = z
  .strictObject({
    structureIds: z
      .array(id)
      .min(1)
      .max(MAX_BULK_STRUCTURES, `Au plus ${MAX_BULK_STRUCTURES} structures par lot.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Une structure est sélectionnée deux fois.')
      .optional(),
    typeStructure: z.number().int().min(1).max(99).optional(),
    ligueId: id.optional(),
    comiteId: id.optional(),
    affiliation: z.enum(['affiliee', 'non_affiliee']).optional(),
  })
  .refine((selection) => Object.values(selection).some((value) => value !== undefined), {
    message: 'Choisissez au moins un critère de sélection.',
  });
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

export const bulkPreviewRequestSchema = z.strictObject({ selection: bulkSelectionSchema, ...invoiceContent });
export type BulkPreviewRequest = z.input<typeof bulkPreviewRequestSchema>;

export const bulkIssueRequestSchema = z.strictObject({
  /** R-INV-09: the idempotency key: the same key names the same lot, never a second one. */
  cle: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Clé de lot invalide (8 à 64 lettres, chiffres, - ou _).'),
  selection: bulkSelectionSchema,
  ...invoiceContent,
});
export type BulkIssueRequest = z.input<typeof bulkIssueRequestSchema>;

export interface TarifOption {
  id: number;
  nom: string;
  prixUnitaireCentimes: number;
  categorie: number;
  saison: number | null;
}

export interface DraftLineView {
  rang: number;
  libelle: string;
  tarifId: number | null;
  prixUnitaireCentimes: number;
  quantite: number;
}

export interface DraftView {
  id: number;
  structureId: number;
  structure: string;
  libelle: string;
  categorie: 4 | 5;
  echeance: string;
  note: string;
  lignes: DraftLineView[];
  totalCentimes: number;
  version: number;
  creeLe: string;
  modifieLe: string;
  /** Once issued: its flux and invoice number; the draft is then read-only. */
  fluxId: number | null;
  numero: string | null;
}

export type DraftSummary = Omit<DraftView, 'lignes' | 'note'>;

/**
 * R-MAIL-09: what 'Émettre et envoyer' did with the e-mail: the issued facture queued (its
 * delivery; `nouveau` false when the same request had queued it already), or not sent with the
 * reason (its structure has no address, R-MAIL-01).
 */
export type IssueMailOutcome =
  { envoi: MailDeliveryView; nouveau: boolean } | { envoi: null; structure: string; raison: string };

export interface IssuedInvoiceView {
  fluxId: number;
  numero: string;
  totalCentimes: number;
  /** Only when the issue asked `envoyer` (R-MAIL-09). */
  envoiEmail?: IssueMailOutcome;
}

export interface BulkPreview {
  nombre: number;
  totalCentimes: number;
  structures: Array<{ structureId: number; structure: string; codeFederal: string | null }>;
  ignorees: Array<{ structureId: number; structure: string; raison: string }>;
}

export interface BulkLotView {
  id: number;
  cle: string;
  libelle: string;
  traitementId: number | null;
  nombre: number;
  emises: Array<{ structureId: number; structure: string; fluxId: number; numero: string }>;
  ignorees: Array<{ structureId: number; structure: string; raison: string }>;
}

export interface BulkIssueAccepted {
  lotId: number;
  traitement: JobView;
}
