import type { PayoutPayeeRow } from '@gdf/domain';
import { payoutMessages } from '../messages';
import { PayeeTable } from './PayeeTable';

/** The payees left out, each with its reason (R-PAY-06); nothing when there is none. */
export function PayoutExcludedTable({ rows }: { rows: readonly PayoutPayeeRow[] }) {
  if (rows.length === 0) return null;
  return (
    <PayeeTable
      title={payoutMessages.excludedTitle}
      label={payoutMessages.excludedLabel}
      rows={rows}
      after={{ id: 'reason', header: payoutMessages.reason, cell: (row) => row.exclusion?.motif ?? '—' }}
    />
  );
}
