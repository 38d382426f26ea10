import { formatEuros } from '@gdf/domain';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PayoutSelection } from '../hooks/use-payout-selection';
import { payoutMessages } from '../messages';
import { PayeeTable } from './PayeeTable';

/** The payees of the preview, each ticked by default, and the total of those ticked (R-PAY-07). */
export function PayoutPayablesTable({ selection }: { selection: PayoutSelection }) {
  return (
    <PayeeTable
      title={payoutMessages.payablesTitle}
      label={payoutMessages.payablesLabel}
      rows={selection.preview.data?.payables ?? []}
      before={{
        id: 'include',
        header: payoutMessages.include,
        headerHidden: true,
        padding: 'checkbox',
        cell: (row) => (
          <Checkbox
            checked={selection.isTicked(row)}
            onChange={(event) => selection.toggle(row, event.target.checked)}
            slotProps={{ input: { 'aria-label': payoutMessages.includeLabel(row.nom) } }}
          />
        ),
      }}
      footer={(columnCount) => (
        <TableRow>
          <TableCell colSpan={columnCount} align="right">
            <Typography variant="body2" sx={{ fontWeight: 600 }} role="status">
              {payoutMessages.checkedTotal(selection.ticked.length, formatEuros(selection.totalCentimes))}
            </Typography>
          </TableCell>
        </TableRow>
      )}
    />
  );
}
