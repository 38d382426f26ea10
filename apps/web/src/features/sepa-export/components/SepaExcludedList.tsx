import { formatEuros, type SepaExcludedStructure } from '@gdf/domain';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { sepaMessages } from '../messages';

/** Structures left out of the file (no RIB, mandate expired, EPC rules...), never silently dropped. */
export function SepaExcludedList({
  excluded,
  title = sepaMessages.excludedTitle,
  label = sepaMessages.excludedLabel,
}: {
  excluded: readonly SepaExcludedStructure[];
  title?: string;
  label?: string;
}) {
  if (excluded.length === 0) return null;
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {title} ({excluded.length})
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>{sepaMessages.structure}</TableCell>
              <TableCell>{sepaMessages.reason}</TableCell>
              <TableCell align="right">{sepaMessages.fluxCount}</TableCell>
              <TableCell align="right">{sepaMessages.amount}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {excluded.map((structure) => (
              <TableRow key={structure.ID_Structure}>
                <TableCell>{structure.NomStructure}</TableCell>
                <TableCell>{structure.motif}</TableCell>
                <TableCell align="right">{structure.nbFlux}</TableCell>
                <TableCell align="right">{formatEuros(structure.totalCents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
