import type { ModuleId } from '@gdf/domain';
import { useRef, type ReactNode } from 'react';
import { AccessDenied } from '@/components/AccessDenied';
import { CenteredProgress } from '@/components/CenteredProgress';
import { componentMessages } from '@/components/messages';
import { useModuleAccess } from '@/components/module-access/use-module-access';

/**
 * A page gathering several modules (a dashboard) opens when at least one of them would
 * (enabled, or announced as coming soon); otherwise 'Accès refusé' with the first one's
 * reason, as RequireModule does for one module. `modules` must be a stable array.
 */
export function RequireAnyModule({ modules, children }: { modules: readonly ModuleId[]; children: ReactNode }) {
  const access = useModuleAccess(modules);
  // Once open, the page stays: its cards read the same structure status, and a failed read
  // refetched by them goes back to pending, which must not unmount them (a loop).
  const opened = useRef(false);
  if (access.status === 'pending')
    return opened.current ? children : <CenteredProgress label={componentMessages.checkingAccess} />;
  const states = access.modules.map((module) => module.state);
  opened.current = states.some((state) => state.enabled || state.kind === 'coming_soon');
  if (opened.current) return children;
  return <AccessDenied reason={states[0]?.tooltip ?? ''} />;
}
