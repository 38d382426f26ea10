/** French text of the shared components. */
export const componentMessages = {
  back: 'Retour',
  loading: 'Chargement…',
  // SPEC.md screen 3, spelling kept as specified.
  underDevelopment: 'Module en dévelopement',
  productName: 'Gestion des finances',
} as const;
