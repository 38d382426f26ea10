/** French text of 'Mes traitements' (R-JOB-03, R-JOB-04). */
export const jobsMessages = {
  title: 'Mes traitements',
  intro:
    'Les traitements longs (validation et clôture des exercices, lots de documents, relevés de compte en lot, imports de relevés bancaires volumineux, lettres de relance en nombre) continuent sans vous : suivez-les ici, annulez-les, téléchargez leur résultat.',
  loading: 'Chargement des traitements…',
  loadFailed: 'Impossible de charger vos traitements.',
  empty:
    'Aucun traitement pour l’instant. Une validation d’exercice longue, un lot de documents préparé en arrière-plan ou des relevés émis en lot apparaîtront ici.',
  requested: (when: string) => `Demandé le ${when}`,
  finished: (when: string) => `terminé le ${when}`,
  download: 'Télécharger le résultat',
  downloadFailed: 'Le résultat n’a pas pu être téléchargé.',
  cancelFailed: 'L’annulation n’a pas abouti.',
  validated: (entries: string) => `${entries} écriture(s) validée(s)`,
  // R-JOB-05 to R-JOB-09: what each kind of job left.
  packed: (documents: string) => `${documents} document(s) dans l’archive`,
  statementsIssued: (issued: string, left: string) => `${issued} relevé(s) de compte, ${left} structure(s) sans relevé`,
  importedEntries: (entries: string, sure: string) =>
    `${entries} écriture(s) ajoutée(s), ${sure} proposition(s) sûre(s)`,
  remindersIssued: (issued: string, left: string) =>
    `${issued} lettre(s) émise(s), ${left} structure(s) non relancée(s)`,
  leftOut: 'Structures écartées',
  leftOutLine: (structure: string, reason: string) => `${structure} : ${reason}`,
  listLabel: 'Traitements, du plus récent au plus ancien',
} as const;
