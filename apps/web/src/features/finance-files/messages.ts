import { FLUX_CATEGORY_NAMES, frenchCount, frenchPlural } from '@gdf/domain';

// French text of the finance files feature (Export des fichiers: the page, Sage and FEC, SEPA),
// one object per screen part.

/** French text of the export files page (R-UI-07). */
export const exportFilesMessages = {
  title: 'EXPORT FICHIERS SEPA',
  back: 'Retour',
  backLabel: 'Retour à Gestion des finances',
  navLabel: 'Fichiers à exporter',
  productName: 'Gestion des finances',
} as const;

/** French text of the SAGE export page (validation, FEC by fiscal year, history: R-LEDG). */
export const sageExportMessages = {
  period: 'Période',
  bySeason: 'Par saison',
  byDates: 'Par dates',
  season: 'Saison',
  from: 'Du',
  to: 'Au',
  journals: 'Journaux',
  allJournals: 'Tous les journaux',
  format: 'Format Sage',
  totalsLabel: 'Totaux des écritures',
  formatPnm: 'PNM (largeur fixe, 138 caractères)',
  formatCsv: 'CSV (;)',
  preview: 'Aperçu des écritures',
  downloadSage: 'Télécharger le fichier Sage',
  downloadFec: 'Télécharger le FEC',
  entries: 'Écritures',
  lines: 'Lignes',
  totalDebit: 'Total débit',
  totalCredit: 'Total crédit',
  balanced: 'Débit = crédit : les écritures sont équilibrées.',
  unbalanced: 'Attention : total débit et total crédit diffèrent.',
  unmappedTitle: (count: number) =>
    `${count} flux sans paramétrage comptable : ${frenchPlural(count, 'il n’est pas exporté tant que sa catégorie', 'ils ne sont pas exportés tant que leur catégorie')} n’a pas de compte associé.`,
  unmappedLink: 'Paramétrer les flux financiers',
  unmappedMore: (count: number) => `… et ${frenchCount(count, 'autre', 'autres')}.`,
  noEntry: 'Aucune écriture sur cette période.',
  genericError: 'Oups, une erreur est survenue...',
  previewValidated: 'Période validée : le fichier reprend les écritures validées.',
  previewDraft: 'Période non validée : le fichier sera un brouillard (écritures provisoires).',
  fecTitle: 'FEC (fichier des écritures comptables)',
  fecHelp: 'Le FEC couvre un exercice comptable entier et porte sa date de clôture.',
  fiscalYear: 'Exercice',
  fiscalYearOption: (libelle: string, closed: boolean) => (closed ? `${libelle} (clôturé)` : libelle),
  fiscalYearsLoading: 'Chargement des exercices comptables…',
  fiscalYearsError: 'Les exercices comptables n’ont pas pu être chargés.',
  noFiscalYear: 'Aucun exercice comptable pour cette structure.',
  fecDraft: (validatedUntil: string | null) =>
    `${validatedUntil ? `Exercice validé jusqu’au ${validatedUntil} seulement` : 'Aucune écriture validée sur cet exercice'} : le fichier sera un brouillard (écritures provisoires), pas un FEC.`,
  fecValidated: 'Exercice validé jusqu’à sa fin : le fichier est le FEC de l’exercice.',
  historyTitle: 'Historique des fichiers',
  historyLabel: 'Historique des fichiers produits',
  historyLoading: 'Chargement de l’historique…',
  historyError: 'L’historique des fichiers n’a pas pu être chargé.',
  historyEmpty: 'Aucun fichier produit pour l’instant.',
  historyDate: 'Date',
  historyFormat: 'Format',
  historyPeriod: 'Période',
  historyJournals: 'Journaux',
  historyAllJournals: 'Tous',
  historyStatus: 'Statut',
  historyUser: 'Utilisateur',
  historySize: 'Taille',
  historyEntries: 'Écritures',
  historySha: 'SHA-256',
  historyFile: 'Fichier',
  historyPeriodRange: (du: string, au: string) => `${du} – ${au}`,
  formatNames: { pnm: 'PNM', csv: 'CSV', fec: 'FEC' },
  statusValidated: 'Validé',
  statusDraft: 'Brouillard',
  download: 'Télécharger',
  downloadLabel: (fileName: string) => `Télécharger ${fileName}`,
  /** Binary units, as the file managers show them in French. */
  sizeUnits: ['octets', 'Ko', 'Mo', 'Go'],
  sizeOneByte: 'octet',
} as const;

/** French text of the SEPA direct-debit section (export files page, SEPA child). */
export const sepaMessages = {
  title: 'Prélèvements SEPA',
  intro:
    'Prélève les flux de débit non réglés des structures par mandat SEPA (fichier pain.008 à déposer à la banque).',
  collectionDate: 'Date d’échéance (prélèvement)',
  // TARGET calendar of the ECB (EPC SDD Core: the bank receives the file at least D-1 TARGET day).
  collectionDateHelp: (earliest: string) =>
    `Un jour ouvré TARGET (ni week-end, ni 1er janvier, Vendredi saint, lundi de Pâques, 1er mai, 25 ou 26 décembre), au plus tôt le ${earliest}.`,
  collectionDateClosed: (date: string, reason: string) =>
    `Le ${date} (${reason}) n’est pas un jour ouvré TARGET : aucun prélèvement n’y est réglé.`,
  collectionDateTooSoon: (earliest: string, leadDays: number) =>
    `Trop proche : la banque doit recevoir le fichier ${frenchCount(leadDays, 'jour ouvré TARGET', 'jours ouvrés TARGET')} avant l’échéance ; au plus tôt le ${earliest}.`,
  collectionDateInvalid: 'Date incomplète ou inexistante.',
  calendarLoading: 'Chargement du calendrier TARGET…',
  calendarError: 'Impossible de charger le calendrier des dates de prélèvement.',
  season: 'Saison',
  allSeasons: 'Toutes les saisons',
  categories: 'Catégories de flux',
  version: 'Format du fichier',
  versions: {
    'pain.008.001.08': 'pain.008.001.08 (2019, recommandé)',
    'pain.008.001.02': 'pain.008.001.02 (2009)',
  },
  // Each flux category's name comes from the domain (also the seeded MKP_CategoryFlux).
  categoryNames: FLUX_CATEGORY_NAMES as Record<number, string>,
  loading: 'Calcul des prélèvements…',
  previewError: 'Impossible de calculer les prélèvements.',
  previewLabel: 'Prélèvements à générer par structure',
  structure: 'Structure',
  fluxCount: 'Nombre de flux',
  amount: 'Montant',
  total: 'Total',
  nothingToCollect: 'Aucun flux à prélever pour cette sélection.',
  // R-SEPA-10: the file's totals and its button stay in view above a long list.
  summaryLabel: 'Fichier à générer',
  summary: (nbFlux: number, total: string, structures: number) =>
    `Total : ${nbFlux} flux pour ${total} · ${frenchCount(structures, 'structure', 'structures')}`,
  search: 'Rechercher une structure',
  searchHelp: 'Nom ou code fédéral',
  noMatch: (query: string) => `Aucune structure ne correspond à « ${query} ».`,
  matching: (shown: number, total: number) => `${frenchCount(shown, 'structure', 'structures')} sur ${total}`,
  excludedTitle: 'Structures exclues du fichier',
  excludedLabel: 'Structures exclues et motif',
  reason: 'Motif',
  generate: 'Générer et télécharger le fichier',
  generating: 'Génération…',
  collectionDatePast: 'La date d’échéance ne peut pas être passée.',
  confirmTitle: 'Générer le fichier de prélèvements ?',
  confirmText: (nbFlux: string, total: string, date: string, version: string) =>
    `${nbFlux} flux pour ${total}, échéance le ${date}, format ${version}. Ces flux seront rattachés au fichier et ne seront plus proposés au prélèvement.`,
  confirm: 'Générer',
  cancel: 'Annuler',
  generated: (fileName: string) => `Fichier ${fileName} généré.`,
  generatedWithExclusions: (fileName: string, count: number) =>
    `Fichier ${fileName} généré. ${frenchCount(count, 'structure laissée', 'structures laissées')} hors du fichier : voir les motifs ci-dessous.`,
  generatedExcludedTitle: 'Structures laissées hors du fichier généré',
  generatedExcludedLabel: 'Structures laissées hors du fichier généré et motif',
  batchesTitle: 'Fichiers déjà générés',
  batchesLabel: 'Fichiers SEPA déjà générés',
  batchFile: 'Fichier',
  batchDate: 'Créé le',
  batchAuthor: 'Par',
  download: 'Télécharger',
  noBatches: 'Aucun fichier généré pour l’instant.',
  fileNotKept: 'Fichier non conservé',
  // Cancelling a batch before it reaches the bank (R-SEPA-08).
  batchStatus: 'État',
  batchActions: 'Actions',
  batchCancelled: 'Annulé',
  batchCancelledBy: (date: string, author: string) => `le ${date}${author ? ` par ${author}` : ''}`,
  // R-RET-07: what became of a batch's debits.
  batchDue: (date: string) => `Échéance : ${date}`,
  batchCollected: (count: number, total: string) => `Prélevés : ${count} (${total})`,
  batchRejected: (count: number, total: string) => `Rejetés : ${count} (${total})`,
  batchRelaunched: (count: number, total: string) => `Relancés : ${count} (${total})`,
  cancelBatch: 'Annuler le lot',
  cancellingBatch: 'Annulation…',
  cancelBatchLabel: (fileName: string) => `Annuler le lot ${fileName}`,
  cancelBatchTitle: 'Annuler ce lot de prélèvements ?',
  cancelBatchText: (fileName: string, nbFlux: string, total: string, date: string) =>
    `Lot ${fileName} : ${nbFlux} flux pour ${total}, généré le ${date}. ` +
    'Annulez-le seulement si son fichier n’a pas été déposé à la banque : il ne pourra plus être téléchargé et ses flux seront repris dans le prochain fichier.',
  cancelBatchBack: 'Retour',
  cancelBatchDone: (fileName: string, nbFlux: number) =>
    `Lot ${fileName} annulé : ${nbFlux} flux seront repris dans le prochain fichier.`,
  genericError: 'Oups, une erreur est survenue...',
} as const;

/** French text of 'Importer un retour bancaire' (R-RET-01), part of the SEPA messages. */
export const sepaReturnMessages = {
  title: 'Importer un retour bancaire',
  intro:
    'Rapport de rejets (pain.002) ou avis de débit (camt.054) envoyé par la banque : les prélèvements rejetés ou retournés sont marqués « rejeté » avec leur motif, et peuvent être relancés depuis la recherche de flux.',
  chooseFile: 'Choisir un fichier XML…',
  fileInput: 'Fichier de retour bancaire (XML)',
  noFile: 'Aucun fichier choisi',
  maxSize: '(XML, 5 Mo au maximum)',
  reading: 'Lecture du fichier…',
  importing: 'Import…',
  summary: (fileName: string, format: string, transactions: number) =>
    `${fileName} (${format}) : ${frenchCount(transactions, 'transaction rejetée ou retournée', 'transactions rejetées ou retournées')}.`,
  ignored: (count: number) =>
    `${frenchCount(count, 'autre transaction sans rejet (acceptée ou en attente) : ignorée', 'autres transactions sans rejet (acceptées ou en attente) : ignorées')}.`,
  alreadyImported: 'Ce fichier a déjà été importé : l’importer à nouveau ne changera rien.',
  toRejectLabel: 'Flux qui seront marqués rejetés',
  rejectedLabel: 'Flux marqués rejetés',
  nothingToReject: 'Aucun flux à marquer rejeté dans ce fichier.',
  alreadyRejectedTitle: 'Déjà rejetés (inchangés)',
  alreadyRejectedLabel: 'Flux déjà rejetés par un retour précédent',
  unknownTitle: 'Références inconnues',
  unknownLabel: 'Références de bout en bout sans flux correspondant',
  unknownHelp:
    'Ces références ne désignent aucun prélèvement d’un fichier SEPA accessible à votre structure : rien ne sera modifié pour elles.',
  flux: 'N° de flux',
  structure: 'Structure',
  label: 'Libellé',
  amount: 'Montant',
  reason: 'Motif',
  date: 'Date',
  reference: 'Référence (EndToEndId)',
  firstReason: 'Motif enregistré',
  wasPaid: 'marqué réglé : redeviendra non réglé',
  confirm: 'Importer le retour',
  confirmTitle: 'Importer le retour bancaire ?',
  confirmText: (count: number) =>
    `${frenchCount(count, 'flux sera marqué rejeté', 'flux seront marqués rejetés')} avec le motif de la banque. Importer le même fichier une seconde fois ne changera rien.`,
  cancel: 'Annuler',
  done: (count: number) =>
    count === 0
      ? 'Import terminé : aucun flux modifié.'
      : `Import terminé : ${frenchCount(count, 'flux marqué rejeté', 'flux marqués rejetés')}.`,
  // R-RET-05: returns that do not fit their debit.
  anomaliesTitle: 'Retours en anomalie',
  anomaliesLabel: 'Retours qui ne correspondent pas à leur prélèvement',
  anomaliesHelp:
    'Le montant, la devise ou la date de ces retours ne correspondent pas au prélèvement désigné : vérifiez-les avec la banque. Ils ne sont appliqués que si vous le confirmez.',
  anomaly: 'Anomalie',
  reportedAmount: 'Montant du retour',
  confirmAnomalies: (count: number) =>
    `Appliquer aussi ${frenchPlural(count, 'ce retour en anomalie', `ces ${count} retours en anomalie`)}`,
  notApplied: (count: number) =>
    `${frenchCount(count, 'retour en anomalie n’a pas été appliqué', 'retours en anomalie n’ont pas été appliqués')} : importez de nouveau le fichier en les confirmant pour les appliquer.`,
  // R-RET-06: after the import, the rejected flux and what to do with them.
  fluxLink: (id: number) => `Voir le flux ${id} dans la recherche`,
  seeInSearch: 'Voir dans la recherche',
  tooManyForSearch: (max: number) => `Plus de ${max} flux : retrouvez-les dans la recherche avec le statut « Rejeté ».`,
  relaunchSelection: 'Relancer la sélection',
  relaunching: 'Relance…',
  relaunchTitle: 'Relancer ces prélèvements ?',
  relaunchText: (count: number) =>
    `${frenchCount(count, 'nouveau prélèvement sera créé', 'nouveaux prélèvements seront créés')}, datés d’un mois plus tard, pour être présentés dans un prochain fichier SEPA. Les flux rejetés seront marqués relancés.`,
  relaunchDone: (created: number, already: number) =>
    frenchCount(created, 'prélèvement relancé', 'prélèvements relancés') +
    (already > 0 ? ` ; ${frenchCount(already, 'l’était déjà', 'l’étaient déjà')}.` : '.'),
  genericError: 'Oups, une erreur est survenue...',
} as const;
