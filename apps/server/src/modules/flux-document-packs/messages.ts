/** French texts of a document pack built in the background (R-JOB-05): its steps in 'Mes traitements'. */
export const documentPackJobMessages = {
  reading: 'Lecture des documents',
  added: (documents: number) => `${documents.toLocaleString('fr-FR')} document(s) ajouté(s) à l’archive`,
  zipped: 'Archive ZIP enregistrée',
} as const;
