/**
 * R-PAY-07: a payout file can be cancelled only before the bank executes it: its execution day
 * still ahead (the bank debits the federation's account on that day) and none of its refunds
 * settled since. Returns the French refusal, or null.
 */
export function payoutCancellationRefusal(
  file: { dateExecution: string; refundSettled: boolean },
  today: string,
): string | null {
  if (file.dateExecution <= today)
    return 'Ce fichier de virements a atteint sa date d’exécution : la banque l’a exécuté, il ne s’annule plus.';
  if (file.refundSettled)
    return 'Un remboursement de ce fichier est déjà réglé : la banque l’a exécuté, il ne s’annule plus.';
  return null;
}
