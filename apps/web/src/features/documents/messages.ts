/** French text of the printable documents (R-UI-10). */
export const documentMessages = {
  documentName: { facture: 'Facture', releve: 'Relevé d’opération' },
  pageTitle: (name: string, fluxId: number | undefined) =>
    fluxId === undefined ? name : `${name} du flux n° ${fluxId}`,
  frameTitle: (fileName: string) => `Aperçu du document ${fileName}`,
  download: 'Télécharger',
  print: 'Imprimer',
  loading: 'Préparation du document…',
  facture: 'Facture',
  justificatif: 'Justificatif',
  factureOf: (fluxId: number) => `Facture du flux n° ${fluxId}`,
  justificatifOf: (fluxId: number) => `Relevé d’opération (justificatif) du flux n° ${fluxId}`,
  invalidId: 'Numéro de flux invalide.',
  notFound: 'Ce flux financier est introuvable, ou il n’appartient pas à une structure que vous gérez.',
  // R-UI-09: the product's generic error message.
  error: 'Oups, une erreur est survenue...',
} as const;
