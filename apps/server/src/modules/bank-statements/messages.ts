/** French texts of a large bank statement file imported as a job (R-JOB-07): its steps in 'Mes traitements'. */
export const bankImportJobMessages = {
  reading: 'Lecture du fichier',
  written: (statement: string) => `Écritures enregistrées (relevé ${statement})`,
  proposals: 'Propositions de rapprochement',
} as const;
