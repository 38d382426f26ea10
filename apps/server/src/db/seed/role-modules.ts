import { ALL_MODULE_SLUGS, ModuleSlug, type ModuleSlugValue, type RoleSlugValue } from '@gdf/domain';

/**
 * Default module access per role (FEDE_RoleModule). Federation administrators see
 * everything; territorial administrators (ligues, comités) everything but the SEPA
 * export and the head office's RIB; club administrators the day-to-day finance pages and
 * the SAGE export, but neither SEPA nor the accounting settings.
 */
const AT_DENIED: ReadonlySet<ModuleSlugValue> = new Set([ModuleSlug.ExportSepa, ModuleSlug.Rib]);

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
export function defaultModuleAccess(role: RoleSlugValue, module: ModuleSlugValue): boolean {
  return DEFAULT_ROLE_MODULES[role].includes(module);
}
