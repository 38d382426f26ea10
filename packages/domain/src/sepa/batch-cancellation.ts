/**
 * When a SEPA batch may still be cancelled ('Annuler le lot', R-SEPA-08).
 *
 * The product never learns when the treasurer uploads a file to the bank, so "before it
 * reaches the bank" is read from what the bank's answer would leave behind: a batch may be
 * cancelled while it is not cancelled already and none of its flux has been marked settled
 * (the debit was collected) or returned since it was generated (a reject or return, or a
 * relaunch, which re-presents a failed debit). Once the bank has answered for any of its
 * flux, the file was presented: cancelling it would put collected debits back in the next file.
 */
export interface SepaBatchCancellationState {
  /** When the batch was cancelled; null while it stands. */
  cancelledAt: Date | string | null;
  /** Its flux marked settled (EST_Reglement) since the file was generated. */
  settledFlux: number;
  /** Its flux returned or rejected by the bank, or relaunched, since the file was generated. */
  returnedFlux: number;
}

export type SepaCancellationRefusalCode = 'deja_annule' | 'flux_regles' | 'flux_retournes';

export const SEPA_CANCELLATION_REFUSALS: Record<SepaCancellationRefusalCode, string> = {
  deja_annule: 'Ce lot SEPA est déjà annulé.',
  flux_regles:
    'Ce lot SEPA ne peut plus être annulé : des prélèvements de ce lot ont déjà été marqués réglés (le fichier a été traité par la banque).',
  flux_retournes:
    'Ce lot SEPA ne peut plus être annulé : des prélèvements de ce lot ont déjà été rejetés, retournés ou relancés (le fichier a été traité par la banque).',
};

/** Why this batch can no longer be cancelled, or null when it can. */
export function sepaCancellationRefusal(state: SepaBatchCancellationState): SepaCancellationRefusalCode | null {
  if (state.cancelledAt !== null) return 'deja_annule';
  if (state.settledFlux > 0) return 'flux_regles';
  if (state.returnedFlux > 0) return 'flux_retournes';
  return null;
}

export const canCancelSepaBatch = (state: SepaBatchCancellationState): boolean =>
  sepaCancellationRefusal(state) === null;
