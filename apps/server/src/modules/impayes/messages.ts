/** French texts of the Impayés list and its letters. */
export const IMPAYES_MESSAGES = {
  notReminding: 'Les impayés sont suivis par le siège, les ligues et les comités : votre structure n’y a pas accès.',
  structureNotFound: 'Structure introuvable',
  reminderNotFound: 'Lettre de relance introuvable',
  ownStructure: 'Votre structure ne peut pas s’adresser une relance à elle-même : retirez-la de la sélection.',
  alreadyReminded: (name: string) =>
    `Une lettre de relance vient d’être émise pour ${name} : rechargez la liste des impayés avant de relancer à nouveau.`,
  nothingOverdue: (names: string) =>
    `Aucun impayé échu pour ${names} : il n’y a rien à relancer. Désélectionnez ces structures et recommencez.`,
} as const;

/** French texts of reminder letters issued as a job (R-JOB-09): its steps and its sommaire. */
export const reminderBatchMessages = {
  rankTaken: (structure: string) =>
    `Une lettre de relance a été émise pour ${structure} pendant le traitement : elle n’a pas été relancée une seconde fois.`,
  issuedFor: (structure: string) => `Lettre traitée pour ${structure}`,
  zipped: 'Archive ZIP enregistrée',
  issued: 'Émise par ce traitement',
} as const;
