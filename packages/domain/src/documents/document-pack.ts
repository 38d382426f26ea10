/**
 * Document packs (R-DOC-08): one ZIP of the factures and/or relevés of every flux
 * matching the flux search's filters. The request, the cap and the `sommaire.csv` lines: pure,
 * so the server and the web share them. Entries are named as single downloads are (R-DOC-05,
 * documentFileName).
 */
import { z } from 'zod';
import { centsToDecimal, type Cents } from '../money/money';
import { neutraliseFormula, quoteCsvField } from '@gdf/file-formats';
import { fluxSearchFiltersSchema } from '../flux/search-filters-contract';
import { invoiceNumber } from './document-rules';

/** POST /api/flux/documents/pack.zip: the flux search's filters in the body, the ZIP streamed back. */
export const DOCUMENT_PACK_PATH = '/api/flux/documents/pack.zip';

/** R-DOC-08: no pack beyond this many documents (a flux with both kinds counts twice). */
export const DOCUMENT_PACK_MAX_DOCUMENTS = 5_000;

export const DOCUMENT_PACK_MESSAGES = {
  tooMany: (count: number, cap: number) =>
    `Ces filtres retiennent ${count.toLocaleString('fr-FR')} documents : un lot en contient au plus ` +
    `${cap.toLocaleString('fr-FR')}. Affinez la recherche (saison, dates, structure…).`,
  empty: 'Aucun flux ne correspond à ces filtres : aucun document à télécharger.',
  invalidFilters: 'Filtres de recherche invalides',
  noKind: 'Choisissez au moins un type de document.',
  busy: 'Un lot de documents est déjà en préparation pour vous : attendez qu’il se termine ou annulez-le, puis recommencez.',
  serverBusy: 'Plusieurs lots de documents sont en préparation en ce moment : réessayez dans quelques minutes.',
} as const;

export const documentPackRequestSchema = z
  .object({
    filters: fluxSearchFiltersSchema,
    kinds: z
      .array(z.enum(['facture', 'releve']))
      .min(1, DOCUMENT_PACK_MESSAGES.noKind)
      .max(2)
      .refine((kinds) => new Set(kinds).size === kinds.length, 'Type de document en double'),
    /** Built as a job whatever its size (R-JOB-05); a large pack is anyway. */
    arrierePlan: z.boolean({ message: 'arrierePlan attendu : true ou false' }).optional(),
  })
  .strict();

export type DocumentPackRequest = z.infer<typeof documentPackRequestSchema>;

/** A flux as the pack lists it. */
export interface DocumentPackFlux {
  id: number;
  seasonId: number;
  structureName: string;
  label: string;
  amountCents: Cents;
}

export const DOCUMENT_PACK_SUMMARY_NAME = 'sommaire.csv';

const SUMMARY_HEADER = ['Numéro de facture', 'Flux', 'Structure', 'Libellé', 'Montant', 'Fichier'];

/** The summary's first bytes: UTF-8 BOM (so spreadsheets read the accents) and its header line. */
export function documentPackSummaryHeader(): string {
  return `\uFEFF${SUMMARY_HEADER.join(';')}\r\n`;
}

/** One ';'-separated line per document in the pack; amounts as 1234,50; text a spreadsheet would run as a formula neutralised (R-SEC-16). */
export function documentPackSummaryLine(flux: DocumentPackFlux, fileName: string): string {
  return (
    [
      invoiceNumber(flux.seasonId, flux.id),
      String(flux.id),
      flux.structureName,
      flux.label,
      centsToDecimal(flux.amountCents).replace('.', ','),
      fileName,
    ]
      .map((cell) => quoteCsvField(neutraliseFormula(cell), ';'))
      .join(';') + '\r\n'
  );
}
