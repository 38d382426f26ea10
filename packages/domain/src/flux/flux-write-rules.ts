import type { Cents } from '../money/money';
import { seasonBounds } from '../seasons/season';
import { parisToday } from './paris-day';
import { userTextProblem } from '../text/user-text';

/**
 * What a flux written through the API must satisfy (R-FLUX-10, R-PERM-07): the
 * server checks the whole row as it will be stored, after an insert or an update, so no
 * partial write can leave an absurd debt behind. Messages are French, shown as given.
 */

/** 0.01 € to 1 000 000,00 €: a federation's invoices and refunds, never a typo's billions. */
export const FLUX_MIN_CENTS: Cents = 1;
export const FLUX_MAX_CENTS: Cents = 100_000_000;
export const LABEL_MAX_LENGTH = 255;
/** L441-10 C. com.: payment within 60 days of the invoice date at most. */
export const MAX_PAYMENT_DAYS = 60;

// Spreadsheets read a cell starting with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^\s*[=+\-@]/;

/**
 * Why a label is refused, or null (at most 255 characters, no control, bidi or zero-width
 * character (R-SEC-17), no formula start).
 */
export function labelProblem(label: string, field: string): string | null {
  if (label.trim() === '') return `${field} est obligatoire.`;
  if (label.length > LABEL_MAX_LENGTH) return `${field} : au plus ${LABEL_MAX_LENGTH} caractères.`;
  const characters = userTextProblem(label, field);
  if (characters) return characters;
  if (FORMULA_START.test(label)) return `${field} ne peut pas commencer par =, +, - ou @.`;
  return null;
}

/** Why an amount is refused, or null: between 0,01 € and 1 000 000,00 €. */
export function amountProblem(cents: Cents, field: string): string | null {
  if (!Number.isSafeInteger(cents) || cents < FLUX_MIN_CENTS || cents > FLUX_MAX_CENTS) {
    return `${field} doit être compris entre 0,01 € et 1 000 000,00 €.`;
  }
  return null;
}

export interface FluxLineToWrite {
  NomFluxFinancierDetail: string;
  PrixUnitaire: Cents;
  Quantite: number;
  MontantHT: Cents;
  MontantTTC: Cents;
  EST_Debit: boolean;
}

export interface FluxToWrite {
  NomFluxFinancier: string;
  MontantHT: Cents;
  MontantTVA: Cents;
  MontantTTC: Cents;
  EST_Debit: boolean;
  Z_DateCreation: Date;
  ID_Saison: number;
  /** YYYY-MM-DD or null. */
  DateEcheance: string | null;
}

/** Every rule a written flux breaks, with its lines (empty: it may be stored). */
export function fluxWriteProblems(flux: FluxToWrite, lines: readonly FluxLineToWrite[]): string[] {
  const problems: string[] = [];
  const add = (problem: string | null) => problem && problems.push(problem);
  add(labelProblem(flux.NomFluxFinancier, 'Le libellé'));
  add(amountProblem(flux.MontantHT, 'Le montant HT'));
  add(amountProblem(flux.MontantTTC, 'Le montant TTC'));
  // Art. 293 B CGI: the invoices print 'TVA NON APPLICABLE', so no VAT may be charged.
  if (flux.MontantTVA !== 0 || flux.MontantHT !== flux.MontantTTC) {
    problems.push('TVA non applicable (art. 293 B du CGI) : le montant TVA doit être nul et le HT égal au TTC.');
  }
  add(creationDateProblem(flux.Z_DateCreation, flux.ID_Saison));
  if (flux.DateEcheance !== null) add(dueDateProblem(flux.DateEcheance, flux.Z_DateCreation));
  add(linesProblem(flux, lines));
  return problems;
}

/** The creation date lies within the flux's season (1 September to 31 August, Paris days). */
export function creationDateProblem(date: Date, seasonId: number): string | null {
  if (Number.isNaN(date.getTime())) return 'La date de création est invalide.';
  const day = parisToday(date);
  const { start, end } = seasonBounds(seasonId);
  if (day < start || day > end) {
    return `La date de création doit être dans la saison ${seasonId - 1}-${seasonId} (du ${frenchDay(start)} au ${frenchDay(end)}).`;
  }
  return null;
}

/** L441-10 C. com.: due on or after the invoice day, and within 60 days of it. */
export function dueDateProblem(dueDate: string, created: Date): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate) || Number.isNaN(Date.parse(`${dueDate}T00:00:00Z`))) {
    return "La date d'échéance est invalide.";
  }
  const createdDay = parisToday(created);
  const days = (Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${createdDay}T00:00:00Z`)) / 86_400_000;
  if (days < 0) return "La date d'échéance ne peut pas précéder la date de création.";
  if (days > MAX_PAYMENT_DAYS) {
    return `La date d'échéance doit être au plus ${MAX_PAYMENT_DAYS} jours après la date de création (art. L441-10 du Code de commerce).`;
  }
  return null;
}

/** At least one line; each line consistent (PU x quantité = HT = TTC); lines sum to the totals. */
export function linesProblem(
  flux: Pick<FluxToWrite, 'MontantHT' | 'MontantTTC' | 'EST_Debit'>,
  lines: readonly FluxLineToWrite[],
): string | null {
  if (lines.length === 0) return 'Un flux doit avoir au moins une ligne de détail.';
  let ht = 0;
  let ttc = 0;
  for (const [index, line] of lines.entries()) {
    const which = `Ligne ${index + 1}`;
    if (!Number.isSafeInteger(line.Quantite) || line.Quantite < 1 || line.Quantite > 10_000) {
      return `${which} : la quantité doit être un entier de 1 à 10 000.`;
    }
    const problem =
      labelProblem(line.NomFluxFinancierDetail, `${which} : le libellé`) ??
      amountProblem(line.PrixUnitaire, `${which} : le prix unitaire`) ??
      amountProblem(line.MontantTTC, `${which} : le montant TTC`);
    if (problem) return problem;
    if (line.PrixUnitaire * line.Quantite !== line.MontantHT || line.MontantHT !== line.MontantTTC) {
      return `${which} : le montant doit être égal au prix unitaire multiplié par la quantité.`;
    }
    if (line.EST_Debit !== flux.EST_Debit) return `${which} : le sens (débit ou crédit) doit être celui du flux.`;
    ht += line.MontantHT;
    ttc += line.MontantTTC;
  }
  if (ht !== flux.MontantHT || ttc !== flux.MontantTTC) {
    return 'La somme des lignes de détail doit être égale aux montants HT et TTC du flux.';
  }
  return null;
}

const frenchDay = (isoDate: string) => isoDate.split('-').reverse().join('/');
