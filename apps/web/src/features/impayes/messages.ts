import {
  AGEING_BUCKET_LABELS,
  OVERDUE_LIST_TEXT,
  REMINDER_LEVEL_LABELS,
  frenchCount,
  type ReminderLevel,
} from '@gdf/domain';

/** French text of the Impayés page: the overdue list, its export and the reminder letters. */
export const impayesMessages = {
  title: 'Impayés',
  /** The button of the flux search page that opens this page. */
  openButton: 'Impayés',
  openHint: 'Structures ayant des flux échus non réglés, et lettres de relance',
  asOf: (day: string) => `Flux échus non réglés au ${day}, par ancienneté de retard.`,
  loading: 'Chargement des impayés…',
  loadError: 'Les impayés n’ont pas pu être chargés.',
  retry: 'Réessayer',
  empty: 'Aucune structure n’a de flux échu non réglé.',
  tableLabel: 'Structures ayant des impayés',
  /** R-UI-20: the search, the filters and what they keep. */
  filters: {
    label: 'Filtres des impayés',
    search: 'Nom ou code fédéral de la structure',
    type: 'Type de structure',
    anyType: 'Tous les types',
    ligue: 'Ligue',
    comite: 'Comité',
    minimum: 'Total échu minimum (€)',
    minimumInvalid: 'Montant attendu en euros, par exemple 150 ou 150,50.',
    ageing: 'Ancienneté',
    anyAgeing: 'Toutes les anciennetés',
    ageingOption: (label: string) => `Impayés de ${label.toLowerCase()}`,
    reminded: 'Relance',
    anyReminded: 'Relancées ou non',
    remindedYes: 'Déjà relancées',
    remindedNo: 'Jamais relancées',
    submit: 'Rechercher',
    clear: 'Effacer les filtres',
  },
  found: (count: number) => frenchCount(count, 'structure trouvée', 'structures trouvées'),
  noMatch: 'Aucune structure ayant des impayés ne correspond à ces filtres.',
  badRequest: 'Ces filtres n’ont pas pu être appliqués.',
  refusedTitle: 'Impayés',
  oldestDaysLate: 'Plus ancien retard',
  daysLate: (days: number) => frenchCount(days, 'jour', 'jours'),
  columns: {
    structure: 'Structure',
    buckets: AGEING_BUCKET_LABELS,
    total: OVERDUE_LIST_TEXT.columns.total,
    resteDu: OVERDUE_LIST_TEXT.columns.resteDu,
    lastReminder: 'Dernière relance',
    actions: 'Actions',
  },
  sortBy: (column: string) => `Trier par ${column}`,
  selectAll: 'Sélectionner toutes les structures de la page',
  selectRow: (name: string) => `Sélectionner ${name}`,
  // R-UI-19: 0 and 1 take the singular.
  selected: (count: number) => frenchCount(count, 'structure sélectionnée', 'structures sélectionnées'),
  never: 'Aucune',
  lastReminder: (level: ReminderLevel, day: string) => `Niveau ${level} · ${REMINDER_LEVEL_LABELS[level]} · ${day}`,
  downloadLast: (name: string) => `Télécharger la dernière relance de ${name}`,
  remindOne: 'Relancer',
  remindOneLabel: (name: string) => `Relancer ${name}`,
  remindSelection: 'Relancer la sélection',
  ownStructure: 'Votre structure : pas de relance à elle-même.',
  export: 'Exporter (Excel)',
  exportError: 'L’export n’a pas pu être généré.',
  rowsPerPage: 'Lignes par page',
  pageButton: (type: 'first' | 'last' | 'next' | 'previous') =>
    ({ first: 'Première page', last: 'Dernière page', next: 'Page suivante', previous: 'Page précédente' })[type],
  displayedRows: ({ from, to, count }: { from: number; to: number; count: number }) => `${from}–${to} sur ${count}`,
  dialog: {
    title: (count: number) => (count === 1 ? 'Émettre une lettre de relance' : `Émettre ${count} lettres de relance`),
    recipients: 'Destinataires',
    level: 'Niveau de relance',
    proposed: 'Niveau proposé pour chaque structure (selon sa dernière relance)',
    levelOption: (level: ReminderLevel) => `Niveau ${level} · ${REMINDER_LEVEL_LABELS[level]}`,
    proposedFor: (name: string, level: ReminderLevel) => `${name} : niveau ${level} proposé`,
    hint: 'Chaque lettre cite les factures échues, leur montant, leur échéance et le retard, avec les conditions de retard de paiement. Une lettre émise ne change plus.',
    cancel: 'Annuler',
    submit: 'Émettre et télécharger',
    submitting: 'Émission en cours…',
    error: 'Les lettres de relance n’ont pas pu être émises.',
    /** R-MAIL-08: 'Émettre et envoyer'. */
    send: 'Émettre et envoyer : chaque lettre est aussi envoyée par e-mail à sa structure',
    sendLimit: (above: number) =>
      `Émettre et envoyer : au plus ${above} structures à la fois. Pour une sélection plus grande, envoyez les lettres ensuite depuis leur journal d’envoi.`,
    submitAndSend: 'Émettre, télécharger et envoyer',
  },
  /** R-MAIL-08: what 'Émettre et envoyer' queued, and the structures left out with the reason. */
  mailQueued: (count: number) =>
    count === 1
      ? '1 lettre de relance en file d’envoi par e-mail.'
      : `${count} lettres de relance en file d’envoi par e-mail.`,
  mailNothingQueued: 'Aucune lettre envoyée par e-mail : aucune structure n’a d’adresse.',
  mailLeftOut: (count: number) =>
    count === 1 ? 'Non envoyée (1 structure sans adresse) :' : `Non envoyées (${count} structures sans adresse) :`,
  mailLeftOutLine: (structure: string, reason: string) => `${structure} : ${reason}`,
  issued: (count: number) =>
    count === 1
      ? 'Lettre de relance émise et téléchargée.'
      : `${count} lettres de relance émises et téléchargées (ZIP).`,
  downloadError: 'La lettre de relance n’a pas pu être téléchargée.',
  // R-JOB-06, R-JOB-09: work sent to the background.
  remindersQueued: (count: number) =>
    `Les ${count} lettres de relance sont émises en arrière-plan : vous pouvez continuer, leur fichier ZIP sera à télécharger dans « Mes traitements ».`,
  statementsSelection: 'Relevés de compte de la sélection',
  statementsHint: 'Émet en arrière-plan le relevé de compte de la saison en cours de chaque structure sélectionnée',
  statementsQueued: (count: number) =>
    count === 1
      ? 'Le relevé de compte de la structure sélectionnée est émis en arrière-plan : son fichier sera à télécharger dans « Mes traitements ».'
      : `Les relevés de compte des ${count} structures sélectionnées sont émis en arrière-plan : le fichier ZIP sera à télécharger dans « Mes traitements ».`,
  statementsError: 'Les relevés de compte n’ont pas pu être demandés.',
} as const;
