import Alert from '@mui/material/Alert';
import { FLUX_RELAUNCH, relaunchRefusal } from '@gdf/domain';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import type { FluxDetail } from '../api/get-flux-detail';
import { fluxSearchMessages as m } from '../messages';
import { sepaReturnReasonWithCode } from '../utils/return-reason';

/**
 * The bank's reject or return of this direct debit, with its ISO reason (R-RET-02); what can
 * follow, said to whoever reads it (R-RET-04): the relaunch to holders of its grant, the head
 * office's part to the others (a club cannot relaunch, R-PERM-08).
 */
export function FluxReturnNotice({ flux }: { flux: FluxDetail }) {
  const { me, grants } = useSession();
  const value = flux.MKP_RetourPrelevement;
  if (!value) return null;
  const canRelaunch = me.isSuperAdmin || grants.includes(FLUX_RELAUNCH);
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {m.rejectedNotice(value.TypeRetour, formatDate(value.DateRetour), sepaReturnReasonWithCode(value.CodeRaison))}
      {relaunchRefusal(flux) === null && ` ${canRelaunch ? m.rejectedRelaunchHint : m.rejectedHeadOfficeHint}`}
    </Alert>
  );
}

/** The day a settled flux was settled, when known (R-FLUX-09: the bank's booking day of its credit). */
export function FluxSettlementNotice({ flux }: { flux: FluxDetail }) {
  if (!flux.EST_Reglement || !flux.DateReglement) return null;
  return (
    <Alert severity="success" sx={{ mb: 2 }}>
      {m.settledOn(formatDate(flux.DateReglement))}
    </Alert>
  );
}
