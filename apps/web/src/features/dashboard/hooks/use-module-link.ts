import type { ModuleAccess } from '@/components/module-access/use-module-access';
import type { ModuleCardLink } from '@/components/ModuleCard';
import { useAppMode } from '@/lib/app-mode';
import { href } from '@/lib/routes';
import { useRouteHref } from '@/lib/use-route-href';

/**
 * Where a card leads. Pages of this app keep the URL's context; the external flux search
 * link always names the structure and the app mode (R-UI-03), as
 * it may be opened by the parent club-management app too.
 */
export function useModuleLink(): (access: ModuleAccess, structureId: number) => ModuleCardLink | undefined {
  const routeHref = useRouteHref();
  const appMode = useAppMode();
  return (access, structureId) => {
    const target = access.target;
    if (!target) return undefined;
    if (access.module.kind === 'external') {
      return { kind: 'external', href: href(target.route, undefined, { structureId, appMode }) };
    }
    return { kind: 'route', href: routeHref(target.route) };
  };
}
