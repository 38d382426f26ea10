/** French text of the export feature. */
export const exportMessages = {
  label: 'Exporter',
  cancel: 'Annuler',
  preparing: 'Préparation de l’export…',
  progressLabel: 'Progression de l’export',
  progress: (percent: number) => `${percent} %`,
  // R-UI-09: the product's generic error message.
  error: 'Oups, une erreur est survenue...',
} as const;
