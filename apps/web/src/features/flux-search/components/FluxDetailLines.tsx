import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { creditCell, debitCell } from '@gdf/domain';
import { formatAmount, formatDateTime } from '@/lib/format';
import type { FluxDetail } from '../api/get-flux-detail';
import { fluxSearchMessages as m } from '../messages';

const HEADERS = [
  m.columns.id,
  m.columns.createdAt,
  m.columns.label,
  m.columns.unitPrice,
  m.columns.quantity,
  m.columns.debit,
  m.columns.credit,
];

/** SPEC.md section 3, "Detail modal columns": N° de flux, Date création, Libellé, PU, Quantité, Débit, Crédit. */
export function FluxDetailLines({ flux }: { flux: FluxDetail }) {
  if (flux.MKP_FluxFinancierDetail.length === 0) return <Typography>{m.noDetail}</Typography>;
  return (
    <Table size="small" aria-label={m.detailLinesLabel}>
      <TableHead>
        <TableRow>
          {HEADERS.map((header) => (
            <TableCell key={header} sx={{ fontWeight: 600 }}>
              {header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {flux.MKP_FluxFinancierDetail.map((line) => (
          <TableRow key={line.id}>
            <TableCell>{flux.id}</TableCell>
            <TableCell>{formatDateTime(line.Z_DateCreation)}</TableCell>
            <TableCell>{line.NomFluxFinancierDetail}</TableCell>
            <TableCell align="right">{formatAmount(line.PrixUnitaire)}</TableCell>
            <TableCell align="right">{line.Quantite}</TableCell>
            <TableCell align="right">{debitCell(line, formatAmount)}</TableCell>
            <TableCell align="right">{creditCell(line, formatAmount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
