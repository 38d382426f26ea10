import Alert from '@mui/material/Alert';
import { relaunchRefusal } from '@gdf/domain';
import { formatDate } from '@/lib/format';
import type { FluxDetail } from '../api/get-flux-detail';
import { fluxSearchMessages as m } from '../messages';
import { sepaReturnReasonWithCode } from '../utils/return-reason';

/** The bank's reject or return of this direct debit, with its ISO reason (issue 17). */
export function FluxReturnNotice({ flux }: { flux: FluxDetail }) {
  const value = flux.MKP_RetourPrelevement;
  if (!value) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {m.rejectedNotice(value.TypeRetour, formatDate(value.DateRetour), sepaReturnReasonWithCode(value.CodeRaison))}
      {relaunchRefusal(flux) === null && ` ${m.rejectedRelaunchHint}`}
    </Alert>
  );
}
