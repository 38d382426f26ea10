/** French text of the export files page (R-UI-07). */
export const exportFilesMessages = {
  title: 'EXPORT FICHIERS SEPA',
  back: 'Retour',
  backLabel: 'Retour à Gestion des finances',
  navLabel: 'Fichiers à exporter',
  productName: 'Gestion des finances',
} as const;
