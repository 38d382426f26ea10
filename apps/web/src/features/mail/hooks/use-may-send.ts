import { FLUX_WRITE, ModuleSlug, REMINDER_LETTER, type MailDocumentType } from '@gdf/domain';
import { useSession } from '@/lib/session';

/**
 * R-MAIL-05 as the screens show it (the server still checks): a flux's documents with the flux
 * write grant, a relevé with the flux module, a reminder letter with the letters' grant.
 */
export function useMaySend(): Record<MailDocumentType, boolean> {
  const { me, grants, modules } = useSession();
  return {
    facture: me.isSuperAdmin || grants.includes(FLUX_WRITE),
    releve: me.isSuperAdmin || modules.includes(ModuleSlug.FluxFinanciers),
    relance: me.isSuperAdmin || grants.includes(REMINDER_LETTER),
  };
}
