import { formatEuros, type SepaPreviewStructure } from '@gdf/domain';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
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
  const columns = reasonOf ? 4 : 3;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>{sepaMessages.structure}</TableCell>
              {reasonOf && <TableCell>{sepaMessages.reason}</TableCell>}
              <TableCell align="right">{sepaMessages.fluxCount}</TableCell>
              <TableCell align="right">{sepaMessages.amount}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((structure) => (
              <TableRow key={structure.ID_Structure}>
                <TableCell>{structure.NomStructure}</TableCell>
                {reasonOf && <TableCell>{reasonOf(structure)}</TableCell>}
                <TableCell align="right">{structure.nbFlux}</TableCell>
                <TableCell align="right">{formatEuros(structure.totalCents)}</TableCell>
              </TableRow>
            ))}
            {matching.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns}>{sepaMessages.noMatch(query.trim())}</TableCell>
              </TableRow>
            )}
          </TableBody>
          {total && (
            <TableFooter>
              <TableRow>
                <TableCell>{sepaMessages.total}</TableCell>
                <TableCell align="right">{total.nbFlux}</TableCell>
                <TableCell align="right">{formatEuros(total.totalCents)}</TableCell>
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      {paged && <TablePagination component="div" {...pagination} />}
    </Paper>
  );
}
