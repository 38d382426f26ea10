/** French texts of relevés de compte issued in a batch (R-JOB-06): refusals, steps, the sommaire. */
export const statementBatchMessages = {
  notFollowing:
    'Les relevés de compte en lot sont émis par le siège, les ligues et les comités pour leurs structures : votre structure n’y a pas accès.',
  structureNotFound: 'Structure introuvable : une structure de la sélection n’est pas dans votre périmètre.',
  quotaReached:
    'Nombre maximal de relevés émis aujourd’hui pour cette structure atteint : retéléchargez un relevé émis, ou réessayez demain.',
  outOfScope: 'Structure introuvable ou hors de votre périmètre.',
  issuedFor: (structure: string) => `Relevé émis pour ${structure}`,
  zipped: 'Archive ZIP enregistrée',
  new: 'Émis par ce traitement',
  alreadyIssued: 'Déjà émis (le même relevé)',
} as const;
