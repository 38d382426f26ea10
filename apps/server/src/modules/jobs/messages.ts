/** The French texts of durable jobs ('traitements', R-JOB-01 to R-JOB-04). */
export const jobMessages = {
  notFound: 'Traitement introuvable',
  alreadyRunning: 'Un traitement identique est déjà en cours : suivez-le dans « Mes traitements ».',
  cancelled: 'Le traitement a été annulé : ce qu’il avait terminé reste fait.',
  notCancellable: 'Ce traitement est terminé : il ne peut plus être annulé.',
  noResult: 'Ce traitement n’a pas de résultat à télécharger.',
  interrupted: 'Le traitement s’est interrompu trop de fois : relancez-le.',
  unexpected:
    'Le traitement a échoué sur une erreur inattendue : relancez-le ; si elle revient, prévenez l’assistance.',
  waiting: 'En attente',
  preparing: 'Préparation',
  resuming: 'Reprise après interruption',
  ownerGone: 'Le compte qui a demandé ce traitement n’est plus actif : il ne peut pas se poursuivre.',
  structureGone:
    'Vous n’avez plus accès à la structure pour laquelle ce traitement a été demandé : il ne peut pas se poursuivre.',
} as const;
