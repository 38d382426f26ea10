import Chip from '@mui/material/Chip';
import { sepaReturnReasonWithCode } from '../utils/return-reason';
import type { FluxReturn } from '../api/flux-row';
import { fluxSearchMessages as m } from '../messages';

/** 'Rejeté' beside the label of a direct debit the bank rejected or returned (issue 17). */
export function RejectedBadge({ value }: { value: FluxReturn }) {
  const reason = sepaReturnReasonWithCode(value.CodeRaison);
  return (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      label={m.rejectedBadge}
      title={m.rejectedBadgeTitle(reason)}
      aria-label={m.rejectedBadgeTitle(reason)}
      sx={{ ml: 1 }}
    />
  );
}
