import type { StructureTypeId } from '../structures/structure-types';
import type { ModuleSlugValue } from './module-slugs';

/**
 * 'coming_soon' modules are announced on the dashboard but cannot be opened (R-UI-04);
 * 'grant_holders' ones are available to the users holding their permission and still coming
 * soon to the others ('Récapitulatif mensuel', R-RECAP-08).
 */
export type ModuleStatus = 'available' | 'coming_soon' | 'grant_holders';

/**
 * 'route': a page of this app, opened by client-side navigation.
 * 'external': a plain link that loads the page anew, in the same tab (R-UI-04,
 * 'Recherche flux financiers'), carrying structureId and appMode.
 */
export type ModuleLinkKind = 'route' | 'external';

/** Names of the web route map (apps/web/src/lib/routes.ts) a module can open. */
export type ModuleRouteName =
  | 'gestion_des_finances__parametrage_plan_comptable'
  | 'gestion_des_finances__etats_statistiques'
  | 'gestion_des_finances__rib'
  | 'gestion_des_finances__recapitulatif'
  | 'gestion_des_finances__creation_factures'
  | 'flux_financiers__gestion_des_finances'
  | 'flux_financiers__gestion_comptabilite'
  | 'export__sepa'
  | 'export__sage'
  | 'parametrages_comptables__plan_comptable'
  | 'parametrages_comptables__type_facturation'
  | 'parametrages_comptables__plan_analytique'
  | 'parametrages_comptables__flux_financier';

/** A page a module opens, and the per-module permission it requires (R-PERM-01). */
export interface ModuleTarget {
  route: ModuleRouteName;
  permission: ModuleSlugValue;
}

export type ModuleId =
  | 'parametrage_plan_comptable'
  | 'creation_factures'
  | 'recapitulatif_mensuel'
  | 'recherche_flux_financiers'
  | 'sage_sepa'
  | 'rib'
  | 'etats_statistiques'
  | 'recherche_flux_comptabilite'
  | 'plan_comptable'
  | 'type_facturation'
  | 'plan_analytique'
  | 'flux_financier'
  | 'export_sepa'
  | 'export_sage';

export interface ModuleDefinition {
  id: ModuleId;
  /** French title of the card or navigation entry. */
  title: string;
  /** One French sentence under the card's title. */
  description: string;
  status: ModuleStatus;
  kind: ModuleLinkKind;
  /**
   * What the module opens. Usually one target; a card with several (SAGE/SEPA) opens the
   * first whose permission the user holds, and is enabled when the user holds any.
   * Empty only for a coming-soon module that has no page yet.
   */
  targets: readonly ModuleTarget[];
  /** Structure types the module applies to; on others it reads 'Vous n'avez pas accès à ce module.' */
  structureTypes: readonly StructureTypeId[] | 'all';
  /** When set, the module exists only for these structures: elsewhere its card is not shown at all. */
  onlyStructureIds?: readonly number[];
}
