import { formatEuros, type SepaPreview } from '@gdf/domain';
import Alert from '@mui/material/Alert';
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

/**
 * The flux to collect, one row per structure, with the file's count and total. Hundreds of
 * structures (R-SEPA-10): only those matching `query` (name or federal code), a page at a time.
 */
export function SepaPreviewTable({ preview, query = '' }: { preview: SepaPreview; query?: string }) {
  const matching = filterStructures(preview.structures, query);
  const { pageRows, paged, pagination } = usePagedRows(matching, query);
  if (preview.structures.length === 0) return <Alert severity="info">{sepaMessages.nothingToCollect}</Alert>;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={sepaMessages.previewLabel}>
          <TableHead>
            <TableRow>
              <TableCell>{sepaMessages.structure}</TableCell>
              <TableCell align="right">{sepaMessages.fluxCount}</TableCell>
              <TableCell align="right">{sepaMessages.amount}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((structure) => (
              <TableRow key={structure.ID_Structure}>
                <TableCell>{structure.NomStructure}</TableCell>
                <TableCell align="right">{structure.nbFlux}</TableCell>
                <TableCell align="right">{formatEuros(structure.totalCents)}</TableCell>
              </TableRow>
            ))}
            {matching.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>{sepaMessages.noMatch(query.trim())}</TableCell>
              </TableRow>
            )}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell>{sepaMessages.total}</TableCell>
              <TableCell align="right">{preview.nbFlux}</TableCell>
              <TableCell align="right">{formatEuros(preview.totalCents)}</TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
      {paged && <TablePagination component="div" {...pagination} />}
    </Paper>
  );
}
