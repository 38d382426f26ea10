/** French text of the shared components. */
export const componentMessages = {
  back: 'Retour',
  loading: 'Chargement…',
  // R-UI-06, spelling kept as specified.
  underDevelopment: 'Module en dévelopement',
  productName: 'Gestion des finances',
  accessDeniedTitle: 'Accès refusé',
  accessDeniedBack: 'Retour à Gestion des finances',
  comingSoon: 'Prochainement',
  unavailable: 'Indisponible',
  structureAvatar: (name: string) => `Logo de ${name}`,
  checkingAccess: 'Vérification de vos droits…',
  retry: 'Réessayer',
  jobCancel: 'Annuler le traitement',
  jobCancelling: 'Annulation demandée : arrêt après l’étape en cours',
  jobWaitingTotal: 'Préparation…',
  jobCount: (done: string, total: string) => `${done} sur ${total}`,
  jobFollow: 'Suivre dans « Mes traitements »',
} as const;
