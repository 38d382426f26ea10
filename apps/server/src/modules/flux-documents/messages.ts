/** French texts of the issuance backfill as a job (R-JOB-08): its step in the jobs' records. */
export const issuanceBackfillMessages = {
  issued: (count: number) => `${count.toLocaleString('fr-FR')} flux émis`,
} as const;
