import { frenchCount } from '@gdf/domain';

/** French texts of the payout files' answers (R-PAY-05..08). */
export const PAYOUT_TEXTS = {
  headOfficeOnly: 'Les virements des quotes-parts et des remboursements sont générés par le siège fédéral.',
  executionDayOutOfRange: 'La date d’exécution doit être aujourd’hui ou plus tard, dans l’année qui vient.',
  executionDayClosed: 'La date d’exécution doit être un jour ouvré TARGET (ni week-end ni jour férié TARGET).',
  nothingToPay: 'Rien à verser : aucune ligue, aucun comité ni aucun club n’attend de virement payable.',
  totalMoved: (confirmed: string, due: string) =>
    `Les montants dus ont changé depuis l’aperçu (${confirmed} confirmés, ${due} dus maintenant) : vérifiez l’aperçu mis à jour, puis générez à nouveau. Rien n’a été enregistré.`,
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

/** French texts of the relevé de reversements (R-PAY-09). */
export const PAYOUT_STATEMENT_TEXTS = {
  clubRefused: 'Le relevé de reversements est celui d’une ligue ou d’un comité : un club n’en a pas.',
  notFound: 'Structure introuvable',
  notAPayee: 'Relevé de reversements introuvable : seuls une ligue et un comité reçoivent des quotes-parts.',
  issuedNotFound: 'Relevé de reversements introuvable',
  dailyLimit: (count: number) =>
    `Vous avez déjà émis ${frenchCount(count, 'relevé', 'relevés')} de reversements aujourd’hui pour cette structure, le maximum par jour : ` +
    'retéléchargez un relevé émis, ou réessayez demain.',
} as const;
