import type { Membership } from '@gdf/domain';
import { useSession } from '@/lib/session';

/**
 * The session's current structure, or null outside an authenticated page. useSession
 * throws there by design; components that must degrade quietly catch it (the context
 * is always read, so the hook order never changes).
 */
export function useOptionalCurrentStructure(): Membership | null {
  try {
    return useSession().currentStructure;
  } catch {
    return null;
  }
}
