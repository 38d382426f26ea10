import { formatEuros, type SepaPreviewStructure } from '@gdf/domain';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { DataTable } from '@/components/DataTable';
import { usePagedRows } from '../hooks/use-paged-rows';
import { sepaMessages } from '../messages';
import { filterStructures } from '../structure-filter';

interface SepaStructureTableProps<Row extends SepaPreviewStructure> {
  rows: readonly Row[];
  label: string;
  /** Name or federal code: only the matching structures, a page at a time. */
  query: string;
  /** A 'Motif' column, read from each row. */
  reasonOf?: (row: Row) => string;
  /** A total line under the rows. */
  total?: { nbFlux: number; totalCents: number };
}

/** Structures of a SEPA selection, one row each with its flux count and amount (R-SEPA-10). */
export function SepaStructureTable<Row extends SepaPreviewStructure>({
  rows,
  label,
  query,
  reasonOf,
  total,
}: SepaStructureTableProps<Row>) {
  const matching = filterStructures(rows, query);
  const { pageRows, paged, pagination } = usePagedRows(matching, query);
  return (
    <DataTable
      label={label}
      container="framed"
      columns={[
        { id: 'structure', header: sepaMessages.structure, cell: (row) => row.NomStructure },
        reasonOf && { id: 'reason', header: sepaMessages.reason, cell: reasonOf },
        { id: 'count', header: sepaMessages.fluxCount, cell: (row) => row.nbFlux, align: 'right' },
        { id: 'amount', header: sepaMessages.amount, cell: (row) => formatEuros(row.totalCents), align: 'right' },
      ]}
      rows={pageRows}
      rowKey={(row) => row.ID_Structure}
      empty={sepaMessages.noMatch(query.trim())}
      footer={
        total && (
          <TableRow>
            <TableCell>{sepaMessages.total}</TableCell>
            <TableCell align="right">{total.nbFlux}</TableCell>
            <TableCell align="right">{formatEuros(total.totalCents)}</TableCell>
          </TableRow>
        )
      }
      below={paged ? <TablePagination component="div" {...pagination} /> : undefined}
    />
  );
}
