/** French texts of reminder letters issued as a job (R-JOB-09): its steps and its sommaire. */
export const reminderBatchMessages = {
  rankTaken: (structure: string) =>
    `Une lettre de relance a été émise pour ${structure} pendant le traitement : elle n’a pas été relancée une seconde fois.`,
  issuedFor: (structure: string) => `Lettre traitée pour ${structure}`,
  zipped: 'Archive ZIP enregistrée',
  issued: 'Émise par ce traitement',
} as const;
