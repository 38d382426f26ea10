import { frenchCount } from '@gdf/domain';

/** French refusals and job texts of the e-mail delivery (R-MAIL-01 to R-MAIL-08). */
export const mailMessages = {
  documentNotFound: {
    facture: 'Flux financier introuvable',
    releve: 'Relevé de compte introuvable',
    relance: 'Lettre de relance introuvable',
    recapitulatif: 'Récapitulatif mensuel introuvable',
  },
  deliveryNotFound: 'Envoi introuvable',
  recapNotResent: 'Le récapitulatif mensuel est envoyé une fois par le produit : téléchargez-le pour le transmettre.',
  structureNotFound: 'Structure introuvable',
  noAddress: (structure: string, reason: string) => `${structure} : ${reason}`,
  keyTaken: 'Cette clé de demande a déjà servi à un autre envoi.',
  batchKeyTaken: 'Cette clé de demande a déjà servi à un autre envoi groupé.',
  noFluxWrite: 'Vous n’avez pas le droit d’envoyer les documents des flux financiers.',
  noBillingEmailWrite: 'Vous n’avez pas le droit de modifier l’e-mail de facturation de cette structure.',
  notIssued: 'Ce document n’a pas encore de fichier émis à joindre.',
  altered: 'Le fichier émis ne correspond plus à sa somme de contrôle : il n’est pas envoyé.',
  sending: (to: string) => `Envoi à ${to}`,
  retrying: (failed: number) =>
    `${frenchCount(failed, 'message non remis', 'messages non remis')} par le serveur SMTP : nouvel essai plus tard`,
  grantRevoked: 'Non envoyé : le droit d’envoyer ce document a été retiré à la personne qui l’a demandé.',
  notPrepared: 'Non envoyé : le message n’a pas pu être préparé.',
  stoppedBeforeTry: 'Traitement arrêté avant l’envoi.',
} as const;
