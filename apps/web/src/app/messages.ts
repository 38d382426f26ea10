/** French text of the application shell and its pages. */
export const appMessages = {
  productName: 'Gestion des finances',
  logout: 'Se déconnecter',
  switchStructure: 'Changer de structure',
  menu: 'Menu',
  myJobs: 'Mes traitements',
  noMembership: 'Votre compte n’est rattaché à aucune structure. Merci de contacter un administrateur.',
  notFoundTitle: 'Page introuvable',
  notFoundText: 'L’adresse demandée n’existe pas ou a été déplacée.',
  backToDashboard: 'Retour à Gestion des finances',
  reload: 'Recharger la page',
} as const;

/** Page titles, by screen (R-UI-02). */
export const pageTitles = {
  financesDashboard: 'Gestion des finances',
  comptabiliteDashboard: 'Gestion comptabilité',
  fluxFinanciers: 'Rechercher les flux financiers',
  planComptable: 'Paramétrages comptable',
  etatsStatistiques: 'Etats statistiques',
  rib: 'RIB',
  recapitulatif: 'Récapitulatif mensuel',
  parametragesComptables: 'Paramétrages Comptables',
  paramPlanComptable: 'Plan Comptable',
  paramTypeFacturation: 'Type de facturation',
  paramPlanAnalytique: 'Plan analytique',
  paramFluxFinancier: 'Flux financier',
  export: 'EXPORT FICHIERS SEPA',
  exportSepa: 'Générer les virements SEPA',
  exportSage: 'Export SAGE',
  sepaNav: 'SEPA',
  sageNav: 'SAGE',
} as const;

/** The SEPA page's tabs (R-BANK-07): one screen per bank exchange. */
export const sepaTabMessages = {
  label: 'Échanges SEPA avec la banque',
  prelevements: 'Prélèvements',
  retours: 'Retours',
  releves: 'Relevés bancaires',
} as const;
