import type { Cents } from '../money/money';

/**
 * R-RET-07: what became of a SEPA batch, derived from its flux (no state is stored): its
 * debits presented, those the bank rejected or returned (MKP_RetourPrelevement), those
 * relaunched since (a new debit a month later), and the rest, collected or still to be.
 */
export type SepaBatchStateCode = 'genere' | 'annule' | 'rejete_partiel' | 'rejete' | 'rejets_relances';

export const SEPA_BATCH_STATE_LABELS: Record<SepaBatchStateCode, string> = {
  genere: 'Généré',
  annule: 'Annulé',
  rejete_partiel: 'Partiellement rejeté',
  rejete: 'Rejeté',
  rejets_relances: 'Rejets relancés',
};

/** A number of debits and their total. */
export interface SepaCountAmount {
  nb: number;
  cents: Cents;
}

export interface SepaBatchFigures {
  /** Every debit the file presented. */
  presented: SepaCountAmount;
  /** Those the bank rejected or returned. */
  rejected: SepaCountAmount;
  /** Rejected ones relaunched since (a debit relaunched without a return is not counted). */
  relaunchedRejected: SepaCountAmount;
}

/** The batch's state: cancelled first; then by its rejected debits and their relaunches. */
export function sepaBatchState(cancelled: boolean, figures: SepaBatchFigures): SepaBatchStateCode {
  if (cancelled) return 'annule';
  const { presented, rejected, relaunchedRejected } = figures;
  if (rejected.nb === 0) return 'genere';
  if (relaunchedRejected.nb >= rejected.nb) return 'rejets_relances';
  return rejected.nb >= presented.nb ? 'rejete' : 'rejete_partiel';
}

/** The debits not rejected: collected, or to be on the collection date. */
export function sepaCollectedFigures(figures: SepaBatchFigures): SepaCountAmount {
  return {
    nb: Math.max(0, figures.presented.nb - figures.rejected.nb),
    cents: Math.max(0, figures.presented.cents - figures.rejected.cents),
  };
}
