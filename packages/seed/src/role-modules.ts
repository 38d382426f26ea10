import {
  ALL_MODULE_SLUGS,
  DEFAULT_ROLE_GRANTS,
  MODULE_WRITE_ACTIONS,
  ModuleSlug,
  PermissionAction,
  actionGrant,
  type ModuleSlugValue,
  type PermissionActionValue,
  type RoleSlugValue,
} from '@gdf/domain';

/**
 * Default module access per role (FEDE_RoleModule). Federation administrators see
 * everything; territorial administrators (ligues, comités) everything but the SEPA
 * export, the head office's RIB and 'Création factures' (the head office bills); club administrators the day-to-day finance pages and
 * the SAGE export, but neither SEPA nor the accounting settings.
 */
const AT_DENIED: ReadonlySet<ModuleSlugValue> = new Set([
  ModuleSlug.ExportSepa,
  ModuleSlug.Rib,
  ModuleSlug.CreationFactures,
]);

export const DEFAULT_ROLE_MODULES: Readonly<Record<RoleSlugValue, readonly ModuleSlugValue[]>> = {
  super_administrateur: ALL_MODULE_SLUGS,
  administrateur_si: ALL_MODULE_SLUGS,
  administrateur_at: ALL_MODULE_SLUGS.filter((slug) => !AT_DENIED.has(slug)),
  administrateur: [
    ModuleSlug.GestionDesFinancesDashboard,
    ModuleSlug.FluxFinanciers,
    ModuleSlug.Recapitulatif,
    ModuleSlug.EtatsStatistiques,
    ModuleSlug.ExportSage,
  ],
};

/** Whether `role` may open `module` by default. */
function defaultModuleAccess(role: RoleSlugValue, module: ModuleSlugValue): boolean {
  return DEFAULT_ROLE_MODULES[role].includes(module);
}

/** Every (module, action) pair a role row exists for: read access to each module, then its write actions. */
export const PERMISSION_PAIRS: ReadonlyArray<readonly [ModuleSlugValue, PermissionActionValue]> = [
  ...ALL_MODULE_SLUGS.map((module) => [module, PermissionAction.Lecture] as const),
  ...ALL_MODULE_SLUGS.flatMap((module) =>
    (MODULE_WRITE_ACTIONS[module] ?? []).map((action) => [module, action] as const),
  ),
];

/** Whether `role` holds (module, action) by default: module access for reading, DEFAULT_ROLE_GRANTS for writing. */
export function defaultPermission(
  role: RoleSlugValue,
  module: ModuleSlugValue,
  action: PermissionActionValue,
): boolean {
  if (action === PermissionAction.Lecture) return defaultModuleAccess(role, module);
  return DEFAULT_ROLE_GRANTS[role].includes(actionGrant(module, action));
}
