/** French texts of 'Création factures' on the server (R-INV-01 to R-INV-10). */
export const invoicingMessages = {
  outOfScope: 'Vous n’avez pas accès à cette structure.',
  ownStructure: 'Une structure ne peut pas se facturer elle-même : choisissez une autre structure.',
  draftNotFound: 'Brouillon introuvable',
  invoiceNotFound: 'Facture introuvable',
  lotNotFound: 'Lot de facturation introuvable',
  unknownTarifs: (ids: readonly number[]) => `Tarif inconnu : ${ids.join(', ')}.`,
  noSeason: (seasonId: number) =>
    `La saison ${seasonId - 1}-${seasonId} n’existe pas encore : une facture ne peut pas être émise sur une saison absente.`,
  avoirLabel: (number: string) => `Avoir sur la facture n° ${number}`,
  previewFileName: (draftId: number) => `brouillon-facture-${draftId}.pdf`,
  nobodyToBill: 'Aucune structure à facturer dans cette sélection.',
  lotOtherContent:
    'Cette clé de lot a déjà servi pour un autre lot : une même clé désigne toujours le même lot (rechargez la page).',
  /** R-MAIL-09: an app built without the e-mail delivery (never the product's). */
  sendUnavailable: 'L’envoi par e-mail n’est pas disponible sur ce serveur : émettez la facture sans l’envoyer.',
  bulkStep: (done: number, total: number) => `${done} / ${total} structures traitées`,
} as const;
