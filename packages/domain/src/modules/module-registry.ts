import { HEAD_OFFICE_STRUCTURE_ID, StructureType } from '../structures/structure-types';
import type { ModuleDefinition, ModuleId, ModuleRouteName } from './module-definition';
import { ModuleSlug } from './module-slugs';

/**
 * Every module the finance area knows: the dashboards' cards (R-UI-04 and
 * R-PERM-02), the Paramétrages Comptables links (R-UI-05) and the export
 * entries (screen 7). The web app draws cards and links from here, and guards routes
 * with the same definitions, so a card and its page can never disagree.
 */
export const MODULES: Readonly<Record<ModuleId, ModuleDefinition>> = {
  parametrage_plan_comptable: {
    id: 'parametrage_plan_comptable',
    title: 'Paramétrages comptable',
    description: 'Plan comptable, types de facturation et plan analytique.',
    status: 'coming_soon',
    kind: 'route',
    targets: [{ route: 'gestion_des_finances__parametrage_plan_comptable', permission: ModuleSlug.PlanComptable }],
    structureTypes: 'all',
  },
  creation_factures: {
    id: 'creation_factures',
    title: 'Création factures',
    description: 'Émettre des factures pour les structures.',
    // R-INV-10: a real module since invoices are made here (docs/product, deliberate change).
    status: 'available',
    kind: 'route',
    targets: [{ route: 'gestion_des_finances__creation_factures', permission: ModuleSlug.CreationFactures }],
    structureTypes: 'all',
  },
  recapitulatif_mensuel: {
    id: 'recapitulatif_mensuel',
    title: 'Récapitulatif mensuel',
    description: 'La synthèse des flux du mois.',
    // R-RECAP-08: the module for holders of its permission, coming soon to others (docs/product, deliberate change).
    status: 'grant_holders',
    kind: 'route',
    targets: [{ route: 'gestion_des_finances__recapitulatif', permission: ModuleSlug.Recapitulatif }],
    structureTypes: 'all',
  },
  recherche_flux_financiers: {
    id: 'recherche_flux_financiers',
    title: 'Recherche flux financiers',
    description: 'Rechercher les flux, télécharger factures et relevés.',
    status: 'available',
    kind: 'external',
    targets: [{ route: 'flux_financiers__gestion_des_finances', permission: ModuleSlug.FluxFinanciers }],
    structureTypes: 'all',
  },
  sage_sepa: {
    id: 'sage_sepa',
    title: 'SAGE/SEPA',
    description: 'Exporter les fichiers SEPA et SAGE.',
    status: 'available',
    kind: 'route',
    // R-PERM-05: the card opens the SEPA export; a user who may only export SAGE
    // lands on SAGE rather than on a refusal.
    targets: [
      { route: 'export__sepa', permission: ModuleSlug.ExportSepa },
      { route: 'export__sage', permission: ModuleSlug.ExportSage },
    ],
    structureTypes: 'all',
  },
  rib: {
    id: 'rib',
    title: 'RIB',
    description: 'Les coordonnées bancaires du siège fédéral.',
    status: 'available',
    kind: 'route',
    targets: [{ route: 'gestion_des_finances__rib', permission: ModuleSlug.Rib }],
    structureTypes: [StructureType.Federation],
    // R-PERM-11: only the national head office sees the RIB card.
    onlyStructureIds: [HEAD_OFFICE_STRUCTURE_ID],
  },
  etats_statistiques: {
    id: 'etats_statistiques',
    title: 'Etats statistiques',
    description: 'Les états statistiques des finances.',
    status: 'available',
    kind: 'route',
    targets: [{ route: 'gestion_des_finances__etats_statistiques', permission: ModuleSlug.EtatsStatistiques }],
    structureTypes: 'all',
  },
  recherche_flux_comptabilite: {
    id: 'recherche_flux_comptabilite',
    title: 'Recherche flux financiers',
    description: 'Rechercher les flux, télécharger factures et relevés.',
    status: 'available',
    kind: 'external',
    targets: [{ route: 'flux_financiers__gestion_comptabilite', permission: ModuleSlug.FluxFinanciers }],
    structureTypes: 'all',
  },
  plan_comptable: {
    id: 'plan_comptable',
    title: 'Plan Comptable',
    description: 'Les comptes utilisés pour ventiler les flux.',
    status: 'available',
    kind: 'route',
    targets: [{ route: 'parametrages_comptables__plan_comptable', permission: ModuleSlug.ParamPlanComptable }],
    structureTypes: 'all',
  },
  type_facturation: {
    id: 'type_facturation',
    title: 'Type de facturation',
    description: 'Les types de facturation proposés.',
    status: 'available',
    kind: 'route',
    targets: [{ route: 'parametrages_comptables__type_facturation', permission: ModuleSlug.ParamTypeFacturation }],
    structureTypes: 'all',
  },
  plan_analytique: {
    id: 'plan_analytique',
    title: 'Plan analytique',
    description: 'Les axes et sections analytiques.',
    status: 'available',
    kind: 'route',
    targets: [{ route: 'parametrages_comptables__plan_analytique', permission: ModuleSlug.ParamPlanAnalytique }],
    structureTypes: 'all',
  },
  flux_financier: {
    id: 'flux_financier',
    title: 'Flux financier',
    description: 'Le paramétrage des flux financiers.',
    status: 'available',
    kind: 'route',
    targets: [{ route: 'parametrages_comptables__flux_financier', permission: ModuleSlug.ParamFluxFinancier }],
    structureTypes: 'all',
  },
  export_sepa: {
    id: 'export_sepa',
    title: 'SEPA',
    description: 'Générer les virements SEPA.',
    status: 'available',
    kind: 'route',
    // R-PERM-05: the SEPA entry requires the SEPA authorisation; SAGE does not.
    targets: [{ route: 'export__sepa', permission: ModuleSlug.ExportSepa }],
    structureTypes: 'all',
  },
  export_sage: {
    id: 'export_sage',
    title: 'SAGE',
    description: 'Exporter les écritures vers SAGE.',
    status: 'available',
    kind: 'route',
    targets: [{ route: 'export__sage', permission: ModuleSlug.ExportSage }],
    structureTypes: 'all',
  },
};

/** The finance dashboard's cards, in display order (R-UI-04). */
export const FINANCES_DASHBOARD_MODULES: readonly ModuleId[] = [
  'parametrage_plan_comptable',
  'creation_factures',
  'recapitulatif_mensuel',
  'recherche_flux_financiers',
  'sage_sepa',
  'rib',
];

/** The accounting dashboard: the Paramétrages Comptables pages and the flux search. */
export const COMPTABILITE_DASHBOARD_MODULES: readonly ModuleId[] = [
  'plan_comptable',
  'type_facturation',
  'plan_analytique',
  'flux_financier',
  'recherche_flux_comptabilite',
];

/**
 * R-PERM-12: the accounting dashboard opens as its own cards do. Its cards are the
 * Paramétrages Comptables (each behind its parametrages_comptables__* permission); the
 * flux search card beside them is the finance dashboard's search, so it alone does not
 * open this dashboard. A structure that may open none of them gets 'Accès refusé'.
 */
export const COMPTABILITE_DASHBOARD_GATE: readonly ModuleId[] = [
  'plan_comptable',
  'type_facturation',
  'plan_analytique',
  'flux_financier',
];

/** The Paramétrages Comptables side navigation (R-UI-05). */
export const PARAMETRAGES_NAV_MODULES: readonly ModuleId[] = [
  'plan_comptable',
  'type_facturation',
  'plan_analytique',
  'flux_financier',
];

/** The export files page's side navigation (R-UI-07). */
export const EXPORT_NAV_MODULES: readonly ModuleId[] = ['export_sepa', 'export_sage'];

/**
 * The module whose state decides whether a page opens when its URL is typed. Every
 * module route is listed (the Record type makes forgetting one a compile error).
 */
export const ROUTE_MODULES: Readonly<Record<ModuleRouteName, ModuleId>> = {
  gestion_des_finances__parametrage_plan_comptable: 'parametrage_plan_comptable',
  gestion_des_finances__etats_statistiques: 'etats_statistiques',
  gestion_des_finances__rib: 'rib',
  gestion_des_finances__recapitulatif: 'recapitulatif_mensuel',
  gestion_des_finances__creation_factures: 'creation_factures',
  flux_financiers__gestion_des_finances: 'recherche_flux_financiers',
  flux_financiers__gestion_comptabilite: 'recherche_flux_comptabilite',
  export__sepa: 'export_sepa',
  export__sage: 'export_sage',
  parametrages_comptables__plan_comptable: 'plan_comptable',
  parametrages_comptables__type_facturation: 'type_facturation',
  parametrages_comptables__plan_analytique: 'plan_analytique',
  parametrages_comptables__flux_financier: 'flux_financier',
};

export function modulesOf(ids: readonly ModuleId[]): ModuleDefinition[] {
  return ids.map((id) => MODULES[id]);
}
