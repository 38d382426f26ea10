/** French text of the export files page (SPEC.md screen 7). */
export const exportFilesMessages = {
  title: 'EXPORT FICHIERS SEPA',
  back: 'Retour',
  backLabel: 'Retour à Gestion des finances',
  navLabel: 'Fichiers à exporter',
  productName: 'Gestion des finances',
} as const;
