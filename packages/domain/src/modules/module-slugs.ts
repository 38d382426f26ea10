/**
 * Module slugs used for per-module permissions (R-PERM-01). They are the
 * route names (R-UI-02), plus the flux search.
 */
export const ModuleSlug = {
  GestionDesFinancesDashboard: 'gestion_des_finances__dashboard',
  PlanComptable: 'gestion_des_finances__parametrage_plan_comptable',
  EtatsStatistiques: 'gestion_des_finances__etats_statistiques',
  Rib: 'gestion_des_finances__rib',
  Recapitulatif: 'gestion_des_finances__recapitulatif',
  CreationFactures: 'gestion_des_finances__creation_factures',
  FluxFinanciers: 'gestion_des_finances__flux_financiers',
  ExportSepa: 'export__sepa',
  ExportSage: 'export__sage',
  GestionComptabiliteDashboard: 'gestion_comptabilite__dashboard',
  ParamPlanComptable: 'parametrages_comptables__plan_comptable',
  ParamTypeFacturation: 'parametrages_comptables__type_facturation',
  ParamPlanAnalytique: 'parametrages_comptables__plan_analytique',
  ParamFluxFinancier: 'parametrages_comptables__flux_financier',
} as const;
export type ModuleSlugValue = (typeof ModuleSlug)[keyof typeof ModuleSlug];
export const ALL_MODULE_SLUGS: readonly ModuleSlugValue[] = Object.values(ModuleSlug);
