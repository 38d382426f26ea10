import type { MeResponse, Membership } from '@gdf/domain';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { resolveCurrentStructure } from './current-structure';
import { contextQueryOf } from './routes';

export interface Session {
  me: MeResponse;
  /** Always one of `me.memberships` (the provider is only rendered when there is one). */
  currentStructure: Membership;
  /** Module slugs the user may open for the current structure (the server still checks). */
  modules: readonly string[];
  /** Write grants ('module:action') held for the current structure (the server still checks). */
  grants: readonly string[];
  /** Switches structure in the URL, on the same page. */
  selectStructure: (structureId: number) => void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ me, children }: { me: MeResponse; children: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = resolveCurrentStructure(me.memberships, searchParams.get('structureId'));

  const selectStructure = useCallback(
    (structureId: number) => {
      // The page's own query (filters, page number) belongs to the previous structure's
      // view, so only the context parameters survive the switch.
      setSearchParams((previous) => {
        const next = new URLSearchParams(contextQueryOf(previous) as Record<string, string>);
        next.set('structureId', String(structureId));
        return next;
      });
    },
    [setSearchParams],
  );

  const value = useMemo<Session | null>(
    () =>
      current
        ? {
            me,
            currentStructure: current,
            modules: me.permissions[String(current.structureId)] ?? [],
            grants: me.grants[String(current.structureId)] ?? [],
            selectStructure,
          }
        : null,
    [me, current, selectStructure],
  );
  if (!value) throw new Error('SessionProvider requires a user with at least one membership');
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used under SessionProvider (an authenticated page)');
  return session;
}

/** The structure the pages work for, and how to switch to another one. */
export function useCurrentStructure(): Pick<Session, 'currentStructure' | 'selectStructure'> & { structureId: number } {
  const { currentStructure, selectStructure } = useSession();
  return { currentStructure, structureId: currentStructure.structureId, selectStructure };
}
