/** French texts of the shares and their payouts ('Générer les virements SEPA', R-PAY). */
export const PAYOUT_MESSAGES = {
  ruleNotWhole: 'La quote-part doit être un nombre entier positif de centimes ou de points de base.',
  rateAboveAll: 'Un taux ne peut dépasser 100 %.',
  amountNeedsTarif:
    'Une quote-part en montant se fixe sur un tarif (son prix est connu) ; pour une catégorie, indiquez un taux.',
  amountTooLarge: 'Une quote-part ne peut dépasser 1 000 000 €.',
  amountAbovePrice: 'La quote-part dépasse le prix du tarif.',
  bothAbovePrice:
    'Les quotes-parts de la ligue et du comité dépassent ensemble le prix : la part de la fédération serait négative.',
  unknownTarget: 'Catégorie ou tarif inconnu.',
  unknownSeason: 'Saison inconnue.',
  notHeadOffice: 'Les quotes-parts et leurs reversements sont fixés par le siège fédéral.',
} as const;
