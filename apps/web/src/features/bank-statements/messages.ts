import {
  MATCH_CONFIDENCE_LABELS,
  MATCH_REASON_LABELS,
  PAYER_SOURCE_LABELS,
  type BankEntryFilter,
  type BankEntryState,
  type PayerSource,
  frenchCount as plural,
} from '@gdf/domain';

/** French text of bank statements and their reconciliation (R-BANK-01 to R-BANK-07), SEPA section of the export files page. */
export const bankStatementMessages = {
  title: 'Relevés bancaires',
  intro:
    'Importez les relevés du compte du siège (camt.053 ou CFONB 120) : chaque crédit reçoit des propositions de flux à régler ; les rapprocher règle ces flux à la date de l’opération.',
  genericError: 'Oups, une erreur est survenue... Réessayez.',

  // Import.
  chooseFile: 'Importer un relevé…',
  fileInput: 'Fichier de relevé bancaire (camt.053 ou CFONB 120)',
  noFile: 'Aucun fichier choisi.',
  maxSize: '(5 Mo au maximum)',
  importing: 'Import du relevé…',
  imported: (count: number) => plural(count, 'relevé importé', 'relevés importés'),
  alreadyKnown: (count: number) => plural(count, 'relevé déjà importé', 'relevés déjà importés'),
  entriesAdded: (count: number) => plural(count, 'écriture ajoutée', 'écritures ajoutées'),
  sureProposals: (count: number) => plural(count, 'proposition sûre', 'propositions sûres'),
  importSummary: (fileName: string, format: string) => `${fileName} (${format})`,
  importResultLabel: 'Résultat de l’import',
  importQueued:
    'Ce relevé est volumineux : il est importé en arrière-plan. Ses écritures apparaîtront dans la liste une fois l’import terminé ; suivez-le dans « Mes traitements ».',

  // Statement list.
  listTitle: 'Relevés importés',
  listLabel: 'Relevés bancaires importés',
  listLoading: 'Chargement des relevés…',
  listError: 'Impossible de charger les relevés.',
  noStatements: 'Aucun relevé importé pour l’instant.',
  period: 'Période',
  periodText: (from: string, to: string) => (from === to ? `le ${from}` : `du ${from} au ${to}`),
  statementId: 'Relevé',
  account: 'Compte',
  openingBalance: 'Solde d’ouverture',
  closingBalance: 'Solde de clôture',
  reconciled: 'Rapprochées',
  toProcess: 'À traiter',
  reconciledCount: (count: number) => plural(count, 'rapprochée', 'rapprochées'),
  toProcessCount: (count: number) => `${count} à traiter`,
  actions: 'Écritures',
  open: 'Voir les écritures',
  openLabel: (id: string) => `Voir les écritures du relevé ${id}`,
  shown: 'Affiché',

  // Entries.
  entriesTitle: (id: string, period: string) => `Écritures du relevé ${id} (${period})`,
  entriesLabel: 'Écritures du relevé',
  filterLabel: 'Écritures à afficher',
  filters: { a_traiter: 'À traiter', rapprochees: 'Rapprochées', toutes: 'Toutes' } satisfies Record<
    BankEntryFilter,
    string
  >,
  entriesLoading: 'Chargement des écritures…',
  entriesError: 'Impossible de charger les écritures.',
  empty: {
    a_traiter: 'Aucune écriture à traiter.',
    rapprochees: 'Aucune écriture rapprochée.',
    toutes: 'Aucune écriture.',
  } satisfies Record<BankEntryFilter, string>,
  selectStatement: 'Choisissez un relevé pour voir ses écritures.',
  pagination: 'Pages des écritures',
  pageLabel: (type: string, page: number | null, selected: boolean) =>
    type === 'page'
      ? `${selected ? 'Page actuelle, ' : 'Aller à la '}page ${page ?? ''}`
      : type === 'next'
        ? 'Page suivante'
        : type === 'previous'
          ? 'Page précédente'
          : type === 'first'
            ? 'Première page'
            : 'Dernière page',
  entryCount: (count: number) => plural(count, 'écriture', 'écritures'),
  bookedOn: (date: string) => `Opération du ${date}`,
  credit: 'Crédit',
  debit: 'Débit',
  debtor: 'Payeur',
  // R-BANK-09: the structure identified as the payer, and by what.
  /** The link to a structure's page (R-BAL-01) beside a payer or a proposed flux. */
  structureSituation: (structure: string) => `(voir la situation de ${structure})`,
  identifiedPayer: (structure: string, sources: readonly PayerSource[]) =>
    `Payeur identifié : ${structure} (par ${sources.map((source) => PAYER_SOURCE_LABELS[source]).join(', ')})`,
  noIdentifiedPayer: 'Payeur non identifié',
  states: {
    a_traiter: 'À traiter',
    rapprochee: 'Rapprochée',
    debit: 'Débit',
    non_comptabilisee: 'Non comptabilisée',
  } satisfies Record<BankEntryState, string>,

  // Proposals.
  proposalsLabel: (amount: string) => `Propositions pour le crédit de ${amount}`,
  proposalCount: (count: number) => (count === 0 ? 'Aucune proposition' : plural(count, 'proposition', 'propositions')),
  entryDetails: (title: string) => `Détail : ${title}`,
  noProposal: 'Aucune proposition : cherchez le flux avec « Rechercher un flux ».',
  confidence: MATCH_CONFIDENCE_LABELS,
  confidenceLabel: (label: string) => `Confiance : ${label}`,
  reasons: MATCH_REASON_LABELS,
  reasonsLabel: 'Raisons',
  invoice: (number: string) => `Facture ${number}`,
  due: (amount: string) => `reste dû ${amount}`,
  createdOn: (date: string) => `créé le ${date}`,
  proposalTotal: (due: string) => `Total dû : ${due}`,
  confirm: 'Rapprocher',
  confirmLabel: (invoices: string) => `Rapprocher de ${invoices}`,
  confirming: 'Rapprochement…',
  correct: 'Rechercher un flux',
  correctLabel: (amount: string) => `Rechercher un flux pour le crédit de ${amount}`,
  // R-BANK-10: a proposal for another structure than the identified payer.
  otherStructureNote: (structure: string) => `Flux d’une autre structure que le payeur : ${structure}`,
  otherStructureTitle: 'Rapprocher le flux d’une autre structure ?',
  otherStructureText: (payer: string, structure: string) =>
    `Le payeur identifié est ${payer} ; ce flux appartient à ${structure}.`,
  otherStructureConfirm: 'Rapprocher quand même',
  // R-BANK-11: what the parts leave of the credit.
  rejectsDebit: (amount: string, date: string) => `Débit des rejets du lot : ${amount} le ${date}`,
  leftOverExplained: (amount: string, date: string) =>
    `Reste non affecté : ${amount}, expliqué par le débit des rejets du lot du ${date}`,
  confirmed: (amount: string, settled: number) =>
    `Crédit de ${amount} rapproché${settled > 0 ? ` : ${plural(settled, 'flux réglé', 'flux réglés')}` : ''}.`,

  // Reconciled entries.
  reconciledOn: (date: string, user: string | null) => `Rapprochée le ${date}${user ? ` par ${user}` : ''}`,
  partsLabel: 'Flux rapprochés',
  settledPart: 'réglé',
  undo: 'Annuler le rapprochement',
  undoing: 'Annulation…',
  undoTitle: 'Annuler ce rapprochement ?',
  undoText: (amount: string) =>
    `Le crédit de ${amount} redeviendra à traiter ; les flux qu’il réglait redeviendront non réglés.`,
  keep: 'Garder',
  undone: (amount: string) => `Rapprochement du crédit de ${amount} annulé.`,

  // Correct / split dialog.
  splitTitle: (amount: string) => `Rapprocher le crédit de ${amount}`,
  searchFlux: 'Chercher un flux',
  searchHelp: 'N° de facture ou de flux, structure, code fédéral ou libellé (2 caractères au moins)',
  search: 'Chercher',
  searching: 'Recherche…',
  searchResultsLabel: 'Flux à régler trouvés',
  noFluxFound: 'Aucun flux à régler ne correspond.',
  searchError: 'La recherche n’a pas abouti.',
  add: 'Ajouter',
  addLabel: (invoice: string) => `Ajouter ${invoice}`,
  partsTitle: 'Montants rapprochés',
  noPart: 'Aucun flux choisi : cherchez-en un ci-dessus.',
  partAmount: (invoice: string) => `Montant pour ${invoice} (€)`,
  remove: 'Retirer',
  removeLabel: (invoice: string) => `Retirer ${invoice}`,
  sumLine: (total: string, credit: string) => `Total : ${total} sur un crédit de ${credit}`,
  leftOver: (amount: string) => `Reste non affecté : ${amount}`,
  cancel: 'Annuler',
} as const;
