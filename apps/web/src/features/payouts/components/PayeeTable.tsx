import type { PayoutPayeeRow } from '@gdf/domain';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { payeeColumns, payeeKey } from './payee-columns';

/**
 * A table of payees under its heading: who, at which level, earned, paid and due (R-PAY-07),
 * with a column `before` (the tick) or `after` (the reason, R-PAY-06).
 */
export function PayeeTable({
  title,
  label,
  rows,
  before,
  after,
  footer,
}: {
  title: string;
  label: string;
  rows: readonly PayoutPayeeRow[];
  before?: DataColumn<PayoutPayeeRow>;
  after?: DataColumn<PayoutPayeeRow>;
  footer?: (columnCount: number) => ReactNode;
}) {
  const columns = [before, ...payeeColumns(), after].filter((column) => column !== undefined);
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {title}
      </Typography>
      <DataTable label={label} rows={rows} rowKey={payeeKey} columns={columns} footer={footer?.(columns.length)} />
    </>
  );
}
