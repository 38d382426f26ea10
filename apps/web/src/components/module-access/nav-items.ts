import { MODULES, type ModuleId } from '@gdf/domain';
import type { SideNavItem } from '../SideNavLayout';
import type { ModuleAccessResult } from './use-module-access';

/**
 * Side navigation entries for modules: each opens the module's page, and one the user
 * cannot open becomes a disabled entry whose tooltip says why. While the access is being
 * checked the entries carry no reason (SideNavLayout shows placeholders then).
 */
export function navItemsOf(ids: readonly ModuleId[], access: ModuleAccessResult): SideNavItem[] {
  return ids.flatMap((id, index) => {
    const module = MODULES[id];
    const route = module.targets[0]?.route;
    if (!route) return [];
    const state = access.status === 'ready' ? access.modules[index]?.state : undefined;
    const disabledReason = state && !state.enabled ? (state.tooltip ?? undefined) : undefined;
    return [{ route, label: module.title, disabledReason }];
  });
}
