import { z } from 'zod';
import { userTextProblem } from '../text/user-text';

/** zod contracts of the Paramétrages comptables and SAGE/FEC routes (French messages). */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date invalide (AAAA-MM-JJ attendu)');
const code = (label: string, max: number) =>
  z
    .string({ error: `${label} invalide` })
    .trim()
    .regex(new RegExp(`^[A-Z0-9]{1,${max}}$`), `${label} invalide : 1 à ${max} lettres majuscules ou chiffres`);
/** R-SEC-17: control, bidi and zero-width characters refused, in French, before any trim. */
const withoutHiddenCharacters = (text: string, context: z.RefinementCtx) => {
  const problem = userTextProblem(text, 'Libellé invalide');
  if (problem) context.addIssue({ code: 'custom', message: problem });
};
const libelle = z
  .string({ error: 'Libellé invalide' })
  .superRefine(withoutHiddenCharacters)
  .trim()
  .min(1, 'Libellé invalide : obligatoire')
  .max(120, 'Libellé invalide : 120 caractères au plus');
const positiveId = z
  .number({ error: 'Identifiant invalide' })
  .int('Identifiant invalide')
  .min(1, 'Identifiant invalide')
  .max(2_147_483_647, 'Identifiant invalide');

export const compteInputSchema = z.strictObject({
  Numero: z
    .string({ error: 'Numéro de compte invalide' })
    .trim()
    .regex(/^[1-7][0-9A-Z]{2,12}$/, 'Numéro de compte invalide : une classe de 1 à 7 puis 2 à 12 chiffres ou lettres'),
  Libelle: libelle,
});
export const typeFacturationInputSchema = z.strictObject({ Code: code('Code', 10), Libelle: libelle });
export const sectionAnalytiqueInputSchema = z.strictObject({ Code: code('Code', 13), Libelle: libelle });
export const mappingFluxInputSchema = z
  .strictObject({
    ID_CategoryFlux: positiveId.nullable().default(null),
    ID_Tarif: positiveId.nullable().default(null),
    CompteNumero: compteInputSchema.shape.Numero,
    // AN is the opening entries' journal (R-LEDG-13): no flux is booked there.
    JournalCode: code('Code journal', 3).refine((journal) => journal !== 'AN', {
      message: 'Code journal invalide : AN est réservé aux à-nouveaux',
    }),
    CodeSection: code('Section analytique', 13).nullable().default(null),
  })
  .refine((m) => (m.ID_CategoryFlux === null) !== (m.ID_Tarif === null), {
    message: 'Mapping invalide : choisir une catégorie de flux ou un tarif (un seul)',
  });
export const parametresInputSchema = z
  .strictObject({
    CompteCollectif: compteInputSchema.shape.Numero,
    TiersPrefixe: z
      .string()
      .trim()
      .regex(/^[0-9]{1,8}$/, 'Préfixe invalide : 1 à 8 chiffres')
      .nullable(),
    TiersCompteFixe: z
      .string()
      .trim()
      .regex(/^[0-9A-Z]{3,13}$/, 'Compte tiers invalide')
      .nullable(),
    TiersLibelleFixe: z.string().superRefine(withoutHiddenCharacters).trim().max(60, 'Libellé invalide').nullable(),
    SIREN: z
      .string()
      .trim()
      .regex(/^\d{9}$/, 'SIREN invalide : 9 chiffres')
      .nullable(),
    /** R-PAY-10: the class-4 account of the debts to ligues and comités; kept as it is when left out. */
    CompteQuotesParts: z
      .string({ error: 'Compte des quotes-parts invalide' })
      .trim()
      .regex(/^4[0-9A-Z]{2,12}$/, 'Compte des quotes-parts invalide : un compte de classe 4 (467000 par exemple)')
      .optional(),
    LibelleQuotesParts: libelle.optional(),
  })
  .refine((p) => (p.TiersPrefixe === null) !== (p.TiersCompteFixe === null), {
    message: 'Règle de compte tiers invalide : un préfixe ou un compte fixe (un seul)',
  });

export const ACCOUNTING_RESOURCES = ['comptes', 'types-facturation', 'sections-analytiques', 'mappings-flux'] as const;
export type AccountingResource = (typeof ACCOUNTING_RESOURCES)[number];
export const resourceParamsSchema = z.strictObject({
  resource: z.enum(ACCOUNTING_RESOURCES, { error: 'Ressource inconnue' }),
});
export const resourceIdParamsSchema = resourceParamsSchema.extend({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Identifiant invalide')
    .transform(Number),
});

/** Rejects 2025-02-30 and the like, which the regular expression lets through. */
const isRealDate = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
};

export const EXPORT_PERIOD_MESSAGES = {
  dateRequired: 'Date obligatoire',
  periodReversed: 'La date de fin précède la date de début',
} as const;

const periodBound = z.string().min(1, EXPORT_PERIOD_MESSAGES.dateRequired).pipe(isoDate);

/** GET /api/exports/sage and its preview; the export page's period is checked with it as typed. */
export const exportQuerySchema = z
  .object({
    from: periodBound,
    to: periodBound,
    format: z.enum(['pnm', 'csv'], { error: 'Format invalide (pnm ou csv)' }).default('pnm'),
    /** Comma-separated journal codes; all journals when absent. */
    journaux: z
      .string()
      .regex(/^[A-Z0-9]{1,3}(,[A-Z0-9]{1,3}){0,19}$/, 'Journaux invalides')
      .transform((s) => s.split(','))
      .optional(),
    structureId: z.string().optional(),
  })
  // A missing bound is already refused on its field.
  .refine((q) => [q.from, q.to].every((day) => day === '' || isRealDate(day)), { message: 'Date invalide' })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: EXPORT_PERIOD_MESSAGES.periodReversed, path: ['to'] });
export type ExportQuery = z.infer<typeof exportQuerySchema>;

export interface UnmappedFlux {
  id: number;
  label: string;
  date: string;
  category: number;
  structureName: string;
}
export interface ExportPreview {
  entryCount: number;
  lineCount: number;
  totalDebitCents: number;
  totalCreditCents: number;
  journals: string[];
  unmappedCount: number;
  /** true when every day of the range is validated: the file will read the validated ledger. */
  valide: boolean;
  /** The first unmapped flux (at most 100), so the page can list them. */
  unmapped: UnmappedFlux[];
}
