/** French text of 'Mes traitements' (R-JOB-03, R-JOB-04). */
export const jobsMessages = {
  title: 'Mes traitements',
  intro:
    'Les traitements longs (validation et clôture des exercices…) continuent sans vous : suivez-les ici, annulez-les, téléchargez leur résultat.',
  loading: 'Chargement des traitements…',
  loadFailed: 'Impossible de charger vos traitements.',
  empty: 'Aucun traitement pour l’instant. Une validation ou une clôture d’exercice longue apparaîtra ici.',
  requested: (when: string) => `Demandé le ${when}`,
  finished: (when: string) => `terminé le ${when}`,
  download: 'Télécharger le résultat',
  downloadFailed: 'Le résultat n’a pas pu être téléchargé.',
  cancelFailed: 'L’annulation n’a pas abouti.',
  validated: (entries: string) => `${entries} écriture(s) validée(s)`,
  listLabel: 'Traitements, du plus récent au plus ancien',
} as const;
