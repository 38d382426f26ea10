import { ROUTE_MODULES, type ModuleRouteName } from '@gdf/domain';
import type { ReactNode } from 'react';
import { AccessDenied } from '@/components/AccessDenied';
import { CenteredProgress } from '@/components/CenteredProgress';
import { componentMessages } from '@/components/messages';
import { useModuleAccess } from '@/components/module-access/use-module-access';

interface RequireModuleProps {
  route: ModuleRouteName;
  /** 'section' for a child page inside a layout that already has its title. */
  variant?: 'page' | 'section';
  children: ReactNode;
}

/**
 * Route guard: a module's page typed by URL opens only when its card would (same state,
 * R-PERM-02, R-PERM-09); otherwise 'Accès refusé' with the card's reason. Coming-soon
 * modules show their placeholder page. The server refuses the data anyway.
 */
export function RequireModule({ route, variant = 'page', children }: RequireModuleProps) {
  const access = useModuleAccess(guardedModules[route]);
  if (access.status === 'pending') return <CenteredProgress label={componentMessages.checkingAccess} />;
  const state = access.modules[0]?.state;
  if (!state || state.enabled || state.kind === 'coming_soon') return children;
  return <AccessDenied reason={state.tooltip ?? ''} variant={variant} />;
}

/** One stable array per route, as useModuleAccess expects. */
const guardedModules = Object.fromEntries(
  Object.entries(ROUTE_MODULES).map(([route, id]) => [route, [id]]),
) as unknown as Record<ModuleRouteName, readonly [(typeof ROUTE_MODULES)[ModuleRouteName]]>;
