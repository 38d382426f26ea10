/** French texts of the 'Récapitulatif mensuel' (R-RECAP-01..08). */
export const RECAP_MESSAGES = {
  structureNotFound: 'Structure introuvable',
  recapNotFound: 'Récapitulatif mensuel introuvable',
  headOfficeOnly: 'Les récapitulatifs mensuels de toutes les structures sont émis par le siège fédéral.',
  issuedFor: (structureId: string) => `Récapitulatifs émis jusqu’à la structure ${structureId}`,
  mailed: 'Envois par e-mail demandés',
  alreadyRunning: 'Les récapitulatifs de ce mois sont déjà en cours d’émission.',
} as const;
