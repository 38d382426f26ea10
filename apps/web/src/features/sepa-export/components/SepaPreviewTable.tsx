import { formatEuros, type SepaPreview } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { sepaMessages } from '../messages';

/** The flux to collect, one row per structure, with the file's count and total. */
export function SepaPreviewTable({ preview }: { preview: SepaPreview }) {
  if (preview.structures.length === 0) return <Alert severity="info">{sepaMessages.nothingToCollect}</Alert>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={sepaMessages.previewLabel}>
        <TableHead>
          <TableRow>
            <TableCell>{sepaMessages.structure}</TableCell>
            <TableCell align="right">{sepaMessages.fluxCount}</TableCell>
            <TableCell align="right">{sepaMessages.amount}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.structures.map((structure) => (
            <TableRow key={structure.ID_Structure}>
              <TableCell>{structure.NomStructure}</TableCell>
              <TableCell align="right">{structure.nbFlux}</TableCell>
              <TableCell align="right">{formatEuros(structure.totalCents)}</TableCell>
            </TableRow>
          ))}
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
  );
}
