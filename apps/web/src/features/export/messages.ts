/** French text of the export feature. */
export const exportMessages = {
  label: 'Exporter',
  cancel: 'Annuler',
  preparing: 'Préparation de l’export…',
  progressLabel: 'Progression de l’export',
  progress: (percent: number) => `${percent} %`,
  // SPEC.md section 8: the product's generic error message.
  error: 'Oups, une erreur est survenue...',
} as const;
