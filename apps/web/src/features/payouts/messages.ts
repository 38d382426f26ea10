import { frenchCount, frenchPlural, type PayeeKind } from '@gdf/domain';

// French text of 'Générer les virements SEPA' (R-PAY-05 to R-PAY-08): the shares of the ligues
// and comités and the refunds to the clubs, previewed, generated as a pain.001 file, cancelled.

export const PAYEE_KIND_LABELS: Record<PayeeKind, string> = {
  ligue: 'Ligue',
  comite: 'Comité',
  club: 'Club (remboursement)',
};

export const payoutMessages = {
  intro:
    'Les quotes-parts acquises par les ligues et les comités, moins ce que les fichiers non annulés leur ont déjà versé, et les remboursements aux clubs, réunis dans un fichier de virements SEPA (pain.001) à déposer à la banque.',
  selectionLabel: 'Virements à verser',
  au: 'Quotes-parts acquises jusqu’au',
  refunds: 'Inclure les remboursements aux clubs',
  dateInvalid: 'Date incomplète ou inexistante.',
  loading: 'Chargement des virements à verser…',
  loadError: 'Les virements à verser n’ont pas pu être calculés.',
  nothingDue: 'Aucune quote-part ni aucun remboursement à verser.',
  payablesTitle: 'Virements à verser',
  payablesLabel: 'Structures à payer et montants dus',
  include: 'Inclure',
  includeLabel: (name: string) => `Verser à ${name}`,
  structure: 'Structure',
  federalCode: 'Code fédéral',
  level: 'Niveau',
  earned: 'Acquis',
  paid: 'Déjà versé',
  due: 'À verser',
  reason: 'Motif',
  checkedTotal: (count: number, total: string) =>
    `Total ${frenchPlural(count, 'du virement coché', 'des virements cochés')} (${count}) : ${total}`,
  excludedTitle: 'Structures laissées hors du fichier',
  excludedLabel: 'Structures laissées hors du fichier et motif',
  generateTitle: 'Fichier de virements',
  executionDate: 'Date d’exécution',
  executionHelp: 'Un jour ouvré TARGET, aujourd’hui ou plus tard.',
  executionNotTarget: 'Choisissez un jour ouvré TARGET, aujourd’hui ou plus tard.',
  version: 'Format du fichier',
  versionLabels: {
    'pain.001.001.09': 'pain.001.001.09 (recommandé)',
    'pain.001.001.03': 'pain.001.001.03',
  },
  generate: 'Générer le fichier de virements',
  generating: 'Génération…',
  confirmTitle: 'Générer le fichier de virements ?',
  confirmText: (count: number, total: string) =>
    `Générer ${frenchCount(count, 'virement', 'virements')} pour ${total} ? Les montants seront comptés comme versés tant que le fichier n’est pas annulé.`,
  confirm: 'Générer',
  back: 'Retour',
  generated: (fileName: string, count: number, total: string) =>
    `Fichier ${fileName} généré : ${frenchCount(count, 'virement', 'virements')} pour ${total}.`,
  generatedExclusions: (count: number) =>
    `${frenchCount(count, 'structure laissée', 'structures laissées')} hors du fichier : voir les motifs ci-dessous.`,
  download: 'Télécharger',
  downloadLabel: (fileName: string) => `Télécharger ${fileName}`,
  genericError: 'Oups, une erreur est survenue...',
  historyTitle: 'Fichiers de virements générés',
  historyLabel: 'Fichiers de virements générés',
  historyLoading: 'Chargement des fichiers de virements…',
  historyError: 'Les fichiers de virements n’ont pas pu être chargés.',
  noBatches: 'Aucun fichier de virements généré pour l’instant.',
  latestOnly: (count: number) => `Les ${count} fichiers les plus récents.`,
  date: 'Date',
  file: 'Fichier',
  execution: 'Exécution',
  transfers: 'Virements',
  amount: 'Montant',
  state: 'État',
  actions: 'Actions',
  standing: 'Généré',
  cancelledOn: (when: string) => `Annulé le ${when}`,
  cancelBatch: 'Annuler le lot',
  cancelBatchLabel: (fileName: string) => `Annuler le lot ${fileName}`,
  cancelling: 'Annulation…',
  cancelTitle: 'Annuler ce fichier de virements ?',
  cancelText: (fileName: string, count: number, total: string) =>
    `Le fichier ${fileName} (${frenchCount(count, 'virement', 'virements')} pour ${total}) ne doit pas avoir été déposé à la banque. Ses montants redeviendront à verser et ses remboursements seront libérés.`,
  cancelDone: (fileName: string) => `Fichier ${fileName} annulé : ses montants sont de nouveau à verser.`,
} as const;
