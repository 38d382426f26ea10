import Chip from '@mui/material/Chip';
import { FLUX_PAYMENT_STATUS_LABELS, fluxPaymentStatus, type FluxPaymentStatus } from '@gdf/domain';
import { formatDate } from '@/lib/format';
import type { FluxRow } from '../api/flux-row';
import { fluxSearchMessages as m } from '../messages';
import { sepaReturnReasonWithCode } from '../utils/return-reason';

const COLORS: Record<FluxPaymentStatus, 'success' | 'warning' | 'info' | 'error'> = {
  paye: 'success',
  impaye: 'warning',
  relance: 'info',
  rejete: 'error',
};

/**
 * The row's payment status (payé, impayé, relancé, rejeté: fluxPaymentStatus) beside its
 * label, inside the ten columns (R-SEARCH-08); a rejected debit names the bank's reason (R-RET-02),
 * a settled one the day it was settled when known (R-SEARCH-16: 'Réglé le …').
 */
export function FluxStatusBadge({ row }: { row: FluxRow }) {
  const status = fluxPaymentStatus(row);
  const settledOn = status === 'paye' && row.DateReglement ? formatDate(row.DateReglement) : '';
  const label = settledOn ? m.settledOn(settledOn) : FLUX_PAYMENT_STATUS_LABELS[status];
  const title =
    status === 'rejete' && row.MKP_RetourPrelevement
      ? m.rejectedBadgeTitle(sepaReturnReasonWithCode(row.MKP_RetourPrelevement.CodeRaison))
      : settledOn
        ? m.settledBadgeTitle(settledOn)
        : m.statusBadgeTitle(label);
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant="outlined"
      label={label}
      title={title}
      aria-label={title}
      data-status={status}
      sx={{ ml: 1, height: 20, '& .MuiChip-label': { px: 0.75, fontSize: '0.75rem' } }}
    />
  );
}
