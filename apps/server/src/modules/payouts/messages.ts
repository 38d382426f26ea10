import { frenchCount } from '@gdf/domain';

/** French texts of the payout files' answers (R-PAY-05..08). */
export const PAYOUT_TEXTS = {
  headOfficeOnly: 'Les virements des quotes-parts et des remboursements sont générés par le siège fédéral.',
  executionDayOutOfRange: 'La date d’exécution doit être aujourd’hui ou plus tard, dans l’année qui vient.',
  executionDayClosed: 'La date d’exécution doit être un jour ouvré TARGET (ni week-end ni jour férié TARGET).',
  nothingToPay: 'Rien à verser : aucune ligue, aucun comité ni aucun club n’attend de virement payable.',
  refundTaken: 'Un remboursement a été pris par un autre fichier de virements : recommencez.',
  cancelledFile: 'Ce fichier de virements a été annulé : il n’est plus servi.',
  fileNotFound: 'Fichier de virements introuvable.',
  alreadyCancelled: 'Ce fichier de virements est déjà annulé.',
  invalidFile: (problems: readonly string[]) =>
    `Le fichier de virements n’a pas été généré car il ne respecte pas les règles SEPA ; rien n’a été enregistré. ${problems.join(' ')}`,
  shareRemittance: (payee: string) => `Reversement des quotes-parts ${payee}`,
  refundRemittance: (fluxIds: readonly number[]) =>
    `Remboursement ${frenchCount(fluxIds.length, 'flux', 'flux')} ${fluxIds.join(' ')}`,
} as const;
