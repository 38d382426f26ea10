import { z } from 'zod';
import { accountStatementQuerySchema, issuedAccountStatementQuerySchema } from '../account-statement/statement-request';
import type { Cents } from '../money/money';
import { MAX_SHARE_CENTS } from './share-rules';
import { PAIN001_VERSIONS, type Pain001Version } from './pain001-types';
import type { PayoutExclusionCode } from './payee-eligibility';
import type { PayoutStatement } from './payout-statement';
import { RATE_BASE, SHARE_LEVELS, SHARE_MODES, type ShareLevel, type ShareMode } from './shares';

/** The routes of the shares and their payouts (R-PAY). */
export const SHARE_RULES_PATH = '/api/quotes-parts/regles';
export const structureSharesPath = (structureId: number) => `/api/structures/${structureId}/quotes-parts`;

const id = z.number().int().positive().max(2_147_483_647);

/** A real calendar day, AAAA-MM-JJ (a malformed text is refused, never parsed). */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date attendue au format AAAA-MM-JJ')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'date inexistante');

/** PUT body of a share rule (R-PAY-01): a category or a tarif, never both. */
export const shareRuleInputSchema = z
  .object({
    categorie: id.optional(),
    tarif: id.optional(),
    niveau: z.enum(SHARE_LEVELS),
    mode: z.enum(SHARE_MODES),
    valeur: z
      .number()
      .int('valeur entière attendue (centimes ou points de base)')
      .min(0)
      .max(Math.max(MAX_SHARE_CENTS, RATE_BASE)),
    saisonDebut: z.number().int().min(2000).max(2100),
  })
  .strict()
  .refine((input) => (input.categorie === undefined) !== (input.tarif === undefined), {
    message: 'Indiquez une catégorie ou un tarif, l’un des deux.',
  });
export type ShareRuleInput = z.infer<typeof shareRuleInputSchema>;

export interface ShareRuleView {
  id: number;
  categorie: number | null;
  tarif: number | null;
  /** The category's or the tarif's name. */
  cible: string;
  niveau: ShareLevel;
  mode: ShareMode;
  valeur: number;
  saisonDebut: number;
  creeLe: string;
}

export interface ShareRulesAnswer {
  regles: ShareRuleView[];
  categories: Array<{ id: number; nom: string }>;
  tarifs: Array<{ id: number; nom: string; prixCentimes: Cents; saison: number | null }>;
  saisons: Array<{ id: number; nom: string }>;
}

/** GET query of a structure's shares: a period of days, both optional; `structureId` is the caller's scope. */
export const structureSharesQuerySchema = z
  .object({
    structureId: z.string().optional(),
    du: isoDay.optional(),
    au: isoDay.optional(),
  })
  .strict()
  .refine((query) => !query.du || !query.au || query.du <= query.au, {
    message: 'La période finit avant de commencer.',
  });

export interface ShareMovementView {
  jour: string;
  fluxId: number;
  /** The sale's printed invoice number. */
  facture: string;
  club: string;
  /** The money kept that moved, and this level's share of it (negative: reversed). */
  baseCentimes: Cents;
  partCentimes: Cents;
}

/** A ligue's or a comité's shares over a period (R-PAY-03). */
export interface StructureSharesAnswer {
  structureId: number;
  niveau: ShareLevel | null;
  du: string;
  au: string;
  /** Σ of its share movements in the period. */
  acquisCentimes: Cents;
  /** Σ of its share movements up to the period's end, since the first. */
  cumulCentimes: Cents;
  /** Σ of the transfers it received in the period (files not cancelled, on their execution day). */
  recuCentimes: Cents;
  /** Σ of the transfers it received up to the period's end: what it waits for is cumul − cumulRecu. */
  cumulRecuCentimes: Cents;
  mouvements: ShareMovementView[];
  /** True when more movements than listed fall in the period. */
  tronque: boolean;
}

/** The credit-transfer files (R-PAY-05..08), beside the direct debits of the SEPA page. */
export const PAYOUTS_PATH = '/api/exports/sepa/virements';
export const PAYOUTS_PREVIEW_PATH = `${PAYOUTS_PATH}/apercu`;

/** GET query of the preview: shares earned up to `au` (today by default), refunds or not. */
export const payoutPreviewQuerySchema = z
  .object({
    structureId: z.string().optional(),
    au: isoDay.optional(),
    remboursements: z.enum(['oui', 'non']).optional(),
  })
  .strict();

/** POST body of a generation: the payees chosen (all payable by default), the bank's execution day. */
export const payoutGenerateBodySchema = z
  .object({
    au: isoDay.optional(),
    dateExecution: isoDay,
    structures: z.array(id).min(1).max(20_000).optional(),
    remboursements: z.boolean().optional(),
    version: z.enum(PAIN001_VERSIONS).optional(),
    /** The total the user confirmed in the preview: the file is refused if what is due has moved since (R-PAY-07). */
    totalAttenduCentimes: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict();
export type PayoutGenerateBody = z.infer<typeof payoutGenerateBodySchema>;

export type PayeeKind = ShareLevel | 'club';

/** A payee of the preview: what it earned up to the day, what was paid, what is due. */
export interface PayoutPayeeRow {
  structureId: number;
  nom: string;
  codeFederal: string | null;
  niveau: PayeeKind;
  acquisCentimes: Cents;
  verseCentimes: Cents;
  dueCentimes: Cents;
  /** Refunds only: the category-6 flux paid by this transfer. */
  fluxIds?: number[];
  /** Set when the payee is left out (R-PAY-06), with the French reason. */
  exclusion?: { code: PayoutExclusionCode; motif: string };
}

export interface PayoutPreviewAnswer {
  au: string;
  payables: PayoutPayeeRow[];
  exclues: PayoutPayeeRow[];
  totalCentimes: Cents;
}

/** A generated credit-transfer file, as listed in its history. */
export interface PayoutBatchView {
  id: number;
  fichier: string;
  creeLe: string;
  version: Pain001Version;
  dateExecution: string;
  nbVirements: number;
  totalCentimes: Cents;
  annuleLe: string | null;
}

export interface PayoutGenerated extends PayoutBatchView {
  exclues: PayoutPayeeRow[];
}

/**
 * R-PAY-09: a ligue's or a comité's relevé de reversements, as the relevé de compte's routes
 * (R-STMT-03, ADR 0031): `?du&au|saison&format=json|pdf|xlsx` on the structure (a file is issued),
 * the statements issued for it, and one issued statement's stored file.
 */
export const payoutStatementPath = (structureId: number) => `/api/structures/${structureId}/releve-de-reversements`;
export const issuedPayoutStatementsPath = (structureId: number) =>
  `/api/structures/${structureId}/releves-de-reversements`;
export const issuedPayoutStatementPath = (statementId: number) => `/api/releves-de-reversements/${statementId}`;

/** The same query as the relevé de compte's: a period (two days, or a season), a format. */
export const payoutStatementQuerySchema = accountStatementQuerySchema;
export const issuedPayoutStatementQuerySchema = issuedAccountStatementQuerySchema;

/** A relevé de reversements as computed for the screen (format=json), amounts in cents. */
export interface PayoutStatementAnswer extends PayoutStatement {
  structure: { id: number; name: string };
}

/** An issued relevé de reversements as the list shows it. */
export interface IssuedPayoutStatementSummary {
  id: number;
  number: string;
  from: string;
  to: string;
  /** The Paris day it was issued. */
  issuedOn: string;
  issuedAt: string;
  closingBalance: Cents;
}
