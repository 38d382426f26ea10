import type { Cents } from '../money/money';
import { FluxCategory } from '../flux/categories';
import {
  FLUX_MAX_CENTS,
  FLUX_MIN_CENTS,
  MAX_PAYMENT_DAYS,
  dueDateProblem,
  labelProblem,
  type FluxLineToWrite,
  type FluxToWrite,
} from '../flux/flux-write-rules';
import { parisToday } from '../flux/paris-day';
import { seasonIdForDate } from '../seasons/season';
import { userTextProblem } from '../text/user-text';

/**
 * 'Création factures' (R-INV-01 to R-INV-09): invoices and avoirs the head office makes by hand
 * or in bulk. A draft is checked here as the flux it will become; issuing it goes through the
 * same flux rules (R-FLUX-10) and the same issuance (R-DOC-01) as any flux.
 */

/** R-INV-01: a line's quantity, 1 to 10,000 (the flux rules' bound). */
export const MAX_LINE_QUANTITY = 10_000;
/** R-INV-01: lines of one draft, as a written flux allows (MAX_DETAIL_LINES). */
export const MAX_DRAFT_LINES = 100;
/** R-INV-04: the draft's free note, kept with it. */
export const MAX_NOTE_LENGTH = 1_000;
/** R-INV-08: structures one bulk invoicing names at most. */
export const MAX_BULK_STRUCTURES = 5_000;

/** The categories an invoice made here may take (R-INV-02). */
export const INVOICE_CATEGORIES = [FluxCategory.Facture, FluxCategory.Prelevement] as const;
export type InvoiceCategory = (typeof INVOICE_CATEGORIES)[number];

/** A line of a draft: from the tarif catalogue (tarifId) or free (tarifId null). */
export interface DraftLine {
  label: string;
  tarifId: number | null;
  unitPriceCents: Cents;
  quantity: number;
}

export interface DraftToCheck {
  label: string;
  category: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  note: string;
  lines: readonly DraftLine[];
}

export const INVOICING_MESSAGES = {
  noLine: 'Une facture doit avoir au moins une ligne.',
  tooManyLines: `Au plus ${MAX_DRAFT_LINES} lignes par facture.`,
  category: 'La catégorie doit être 4 (facture payable par virement) ou 5 (prélèvement SEPA).',
  noMandate: "La structure n'a pas de mandat de prélèvement SEPA valide : choisissez la catégorie 4 (virement).",
  noteTooLong: `La note : au plus ${MAX_NOTE_LENGTH} caractères.`,
  total: 'Le total de la facture doit être compris entre 0,01 € et 1 000 000,00 €.',
  issued: 'Ce brouillon a été émis : une facture émise ne peut plus être modifiée ni supprimée.',
  staleVersion:
    "Ce brouillon a été modifié par quelqu'un d'autre depuis que vous l'avez ouvert. Rechargez-le avant de continuer.",
  avoirNothingLeft: 'Cette facture ne porte plus rien à créditer (réglée, relancée ou déjà couverte par des avoirs).',
  avoirInSepaBatch:
    "Cette facture est dans un fichier de prélèvement SEPA déjà généré : la banque prélèvera son montant entier. L'avoir attendra le prélèvement ou l'annulation du fichier.",
  avoirTooMuch: (left: string) => `L'avoir ne peut pas dépasser ce que la facture porte encore (${left}).`,
  avoirNotInvoice: 'Un avoir se fait sur une facture émise (un flux de débit).',
  avoirOfAvis: "Un avoir se fait sur la facture d'origine, pas sur un avis de prélèvement.",
  avoirNoLine: 'Choisissez au moins une ligne de la facture à créditer.',
  avoirLine: (rank: number) => `Ligne ${rank} : cette ligne n'existe pas sur la facture.`,
  avoirLineQuantity: (rank: number, max: number) => `Ligne ${rank} : au plus ${max} à créditer.`,
} as const;

/** R-INV-01: why a line is refused, or null (label, unit price in integer cents, quantity, amount). */
export function draftLineProblem(line: DraftLine, rank: number): string | null {
  const which = `Ligne ${rank}`;
  const label = labelProblem(line.label, `${which} : le libellé`);
  if (label) return label;
  if (
    !Number.isSafeInteger(line.unitPriceCents) ||
    line.unitPriceCents < FLUX_MIN_CENTS ||
    line.unitPriceCents > FLUX_MAX_CENTS
  ) {
    return `${which} : le prix unitaire doit être compris entre 0,01 € et 1 000 000,00 €.`;
  }
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY) {
    return `${which} : la quantité doit être un entier de 1 à ${MAX_LINE_QUANTITY.toLocaleString('fr-FR')}.`;
  }
  if (line.unitPriceCents * line.quantity > FLUX_MAX_CENTS) {
    return `${which} : le montant (prix unitaire × quantité) ne peut pas dépasser 1 000 000,00 €.`;
  }
  return null;
}

/** R-INV-02: category 4, or 5 only for a structure with a valid SEPA mandate. */
export function categoryProblem(category: number, hasMandate: boolean): string | null {
  if (!(INVOICE_CATEGORIES as readonly number[]).includes(category)) return INVOICING_MESSAGES.category;
  if (category === FluxCategory.Prelevement && !hasMandate) return INVOICING_MESSAGES.noMandate;
  return null;
}

/** R-INV-04: the free note: at most 1,000 characters, no control or hidden character. */
export function noteProblem(note: string): string | null {
  if (note.length > MAX_NOTE_LENGTH) return INVOICING_MESSAGES.noteTooLong;
  return userTextProblem(note, 'La note');
}

/** R-INV-05: a draft's total, the sum of its lines. */
export function draftTotal(lines: readonly Pick<DraftLine, 'unitPriceCents' | 'quantity'>[]): Cents {
  return lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/**
 * Every rule a draft breaks (R-INV-01 to R-INV-05), given whether its structure has a mandate
 * and the day it is checked on; empty: it may be saved or issued. The due date is checked
 * against that day when saved and again on the issue day, so a draft left for weeks never
 * issues an invoice due more than 60 days later.
 */
export function draftProblems(draft: DraftToCheck, context: { hasMandate: boolean; now: Date }): string[] {
  const problems: string[] = [];
  const add = (problem: string | null) => problem && problems.push(problem);
  add(labelProblem(draft.label, 'Le libellé'));
  add(categoryProblem(draft.category, context.hasMandate));
  add(dueDateProblem(draft.dueDate, context.now));
  add(noteProblem(draft.note));
  if (draft.lines.length === 0) problems.push(INVOICING_MESSAGES.noLine);
  if (draft.lines.length > MAX_DRAFT_LINES) problems.push(INVOICING_MESSAGES.tooManyLines);
  for (const [index, line] of draft.lines.entries()) add(draftLineProblem(line, index + 1));
  const total = draftTotal(draft.lines);
  if (problems.length === 0 && (total < FLUX_MIN_CENTS || total > FLUX_MAX_CENTS))
    problems.push(INVOICING_MESSAGES.total);
  return problems;
}

/** R-INV-03: the latest due date an invoice issued on `now` may carry (60 days, L441-10 C. com.). */
export function latestDueDate(now: Date): string {
  const today = parisToday(now);
  const day = new Date(Date.parse(`${today}T00:00:00Z`) + MAX_PAYMENT_DAYS * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/**
 * The flux a draft becomes when issued on `now` (R-INV-05): a debit of the current season,
 * no VAT (art. 293 B CGI), its lines in their rank order; checked again by fluxWriteProblems.
 */
export function draftAsFlux(
  draft: Pick<DraftToCheck, 'label' | 'dueDate' | 'lines'>,
  now: Date,
): { flux: FluxToWrite; lines: FluxLineToWrite[] } {
  const total = draftTotal(draft.lines);
  return {
    flux: {
      NomFluxFinancier: draft.label,
      MontantHT: total,
      MontantTVA: 0,
      MontantTTC: total,
      EST_Debit: true,
      Z_DateCreation: now,
      ID_Saison: invoiceSeason(now),
      DateEcheance: draft.dueDate,
    },
    lines: draft.lines.map((line) => ({
      NomFluxFinancierDetail: line.label,
      PrixUnitaire: line.unitPriceCents,
      Quantite: line.quantity,
      MontantHT: line.unitPriceCents * line.quantity,
      MontantTTC: line.unitPriceCents * line.quantity,
      EST_Debit: true,
    })),
  };
}

/** The season an invoice issued on `now` belongs to: that of its Paris day (R-FLUX-10). */
export function invoiceSeason(now: Date): number {
  return seasonIdForDate(new Date(`${parisToday(now)}T12:00:00Z`));
}

/** R-INV-06: a draft once issued (it names its flux) is never changed nor deleted. */
export function draftEditRefusal(draft: { issuedFluxId: number | null }): string | null {
  return draft.issuedFluxId === null ? null : INVOICING_MESSAGES.issued;
}

/** An issued invoice's line, as the avoir reads it. */
export interface InvoiceLineToCredit {
  rank: number;
  label: string;
  unitPriceCents: Cents;
  quantity: number;
  tarifId: number | null;
}

/**
 * R-INV-07: the lines of an avoir: the whole invoice ('total'), or chosen lines and quantities,
 * each at the invoice line's unit price. Returns the lines or a French refusal.
 */
export function avoirLines(
  invoiceLines: readonly InvoiceLineToCredit[],
  request: { mode: 'total' } | { mode: 'lignes'; lignes: readonly { rang: number; quantite: number }[] },
): { lines: DraftLine[] } | { problem: string } {
  if (request.mode === 'total') {
    return {
      lines: invoiceLines.map(({ label, unitPriceCents, quantity, tarifId }) => ({
        label,
        unitPriceCents,
        quantity,
        tarifId,
      })),
    };
  }
  if (request.lignes.length === 0) return { problem: INVOICING_MESSAGES.avoirNoLine };
  const lines: DraftLine[] = [];
  const seen = new Set<number>();
  for (const wanted of request.lignes) {
    const line = invoiceLines.find((candidate) => candidate.rank === wanted.rang);
    if (!line || seen.has(wanted.rang)) return { problem: INVOICING_MESSAGES.avoirLine(wanted.rang) };
    seen.add(wanted.rang);
    if (!Number.isSafeInteger(wanted.quantite) || wanted.quantite < 1 || wanted.quantite > line.quantity) {
      return { problem: INVOICING_MESSAGES.avoirLineQuantity(wanted.rang, line.quantity) };
    }
    lines.push({
      label: line.label,
      unitPriceCents: line.unitPriceCents,
      quantity: wanted.quantite,
      tarifId: line.tarifId,
    });
  }
  return { lines };
}

/**
 * R-INV-07 with R-BAL-02: an avoir never credits more than what its invoice still carries, its
 * reste dû by the balance rule (settled, relaunched or covered by earlier avoirs: nothing left).
 */
export function avoirAmountProblem(
  requested: Cents,
  invoiceResteDu: Cents,
  formatEuros: (cents: Cents) => string,
): string | null {
  if (invoiceResteDu <= 0) return INVOICING_MESSAGES.avoirNothingLeft;
  if (requested > invoiceResteDu) return INVOICING_MESSAGES.avoirTooMuch(formatEuros(invoiceResteDu));
  return null;
}

/**
 * R-INV-11: no avoir on an invoice still owed that a SEPA batch generated and not cancelled
 * collects: the bank takes the whole amount the file states, whatever the avoir says.
 */
export function avoirSepaBatchProblem(invoice: { inSepaBatch: boolean }, invoiceResteDu: number): string | null {
  return invoice.inSepaBatch && invoiceResteDu > 0 ? INVOICING_MESSAGES.avoirInSepaBatch : null;
}

/** What bulk invoicing knows of a structure to decide whether to bill it (R-INV-08). */
export interface BulkCandidate {
  blocked: boolean;
  hasAddress: boolean;
  hasMandate: boolean;
}

export const BULK_EXCLUSION_REASONS = {
  blocked: 'Structure bloquée',
  noAddress: 'Pas d’adresse postale',
  noMandate: 'Pas de mandat de prélèvement SEPA valide',
} as const;

/**
 * R-INV-08: why a structure is left out of a bulk invoicing, in French, or null when it is
 * billed: blocked, no postal address (the invoice's buyer block), no mandate for a direct debit.
 */
export function bulkExclusion(candidate: BulkCandidate, category: number): string | null {
  const refusal = recipientRefusal(candidate);
  if (refusal) return refusal;
  if (category === FluxCategory.Prelevement && !candidate.hasMandate) return BULK_EXCLUSION_REASONS.noMandate;
  return null;
}

/**
 * R-INV-08: why a structure can be billed no invoice at all, whether one by hand or in a lot:
 * blocked, or without the postal address its buyer block needs; null otherwise.
 */
export function recipientRefusal(candidate: Omit<BulkCandidate, 'hasMandate'>): string | null {
  if (candidate.blocked) return BULK_EXCLUSION_REASONS.blocked;
  if (!candidate.hasAddress) return BULK_EXCLUSION_REASONS.noAddress;
  return null;
}
