import { formatEuros, type Cents } from '../money/money';

/**
 * R-RET-05: a return is matched to its debit by EndToEndId, and then checked against it. A
 * report whose amount differs from the debit's, whose currency is not the euro, or dated
 * before the debit's collection date does not fit the debit it names (a mistyped reference,
 * a report of another creditor, a file of another year): it is shown as an anomaly and
 * applied only when the user confirms it.
 */
export type SepaReturnAnomalyCode = 'montant' | 'devise' | 'date';

export interface SepaReturnAnomaly {
  code: SepaReturnAnomalyCode;
  /** French, for the preview. */
  message: string;
}

export interface SepaReturnFit {
  /** The debit's amount (the flux's MontantTTC). */
  debitCents: Cents;
  /** The amount the bank reports; null when it gives none (nothing to compare). */
  reportedCents: Cents | null;
  /**
   * The amount as the bank wrote it when it gave one that is no amount the debit could have
   * (more than 10 integer digits, more than 2 decimals, a sign): it does not fit either.
   */
  unreadableAmount?: string | null | undefined;
  /** ISO 4217 currency of the reported amount; null when not given. */
  currency: string | null;
  /** Day of the reject or return (YYYY-MM-DD). */
  returnDate: string;
  /** The batch's requested collection date (YYYY-MM-DD); null when unknown (older batches). */
  collectionDate: string | null;
}

const frenchDay = (day: string) => day.split('-').reverse().join('/');

/** What does not fit, in a stable order; empty when the return fits its debit. */
export function sepaReturnAnomalies(fit: SepaReturnFit): SepaReturnAnomaly[] {
  const anomalies: SepaReturnAnomaly[] = [];
  if (typeof fit.unreadableAmount === 'string') {
    anomalies.push({
      code: 'montant',
      message: `Montant du retour illisible (« ${fit.unreadableAmount.slice(0, 30)} ») : le prélèvement était de ${formatEuros(fit.debitCents)}`,
    });
  } else if (fit.reportedCents !== null && fit.reportedCents !== fit.debitCents) {
    anomalies.push({
      code: 'montant',
      message: `Montant du retour (${formatEuros(fit.reportedCents)}) différent du prélèvement (${formatEuros(fit.debitCents)})`,
    });
  }
  if (fit.currency !== null && fit.currency !== 'EUR') {
    anomalies.push({ code: 'devise', message: `Devise ${fit.currency} : le prélèvement était en euros` });
  }
  // ISO days compare as text.
  if (fit.collectionDate !== null && fit.returnDate < fit.collectionDate) {
    anomalies.push({
      code: 'date',
      message: `Retour daté du ${frenchDay(fit.returnDate)}, avant l’échéance du prélèvement (${frenchDay(fit.collectionDate)})`,
    });
  }
  return anomalies;
}
