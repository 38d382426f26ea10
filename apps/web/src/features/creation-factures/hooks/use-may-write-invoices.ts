import { INVOICING_WRITE } from '@gdf/domain';
import { useSession } from '@/lib/session';

/**
 * R-INV-10 as the screens show it (the server still checks): drafts, issues, avoirs and bulk
 * invoicing need the module's write grant; the read access alone shows the lists.
 */
export function useMayWriteInvoices(): boolean {
  const { me, grants } = useSession();
  return me.isSuperAdmin || grants.includes(INVOICING_WRITE);
}
