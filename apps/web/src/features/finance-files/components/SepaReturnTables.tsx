import { formatEuros, type SepaReturnAlreadyRejected, type SepaReturnLine, type SepaReturnUnknown } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '@/lib/format';
import { sepaReturnMessages as m } from '../messages';

const reasonText = (code: string | null, label: string) => (code ? `${code} - ${label}` : label);

/**
 * The flux the report rejects: flux, structure, label, amount, ISO reason in French, date;
 * `fluxHref` makes each flux number a link to it (R-RET-06); `withAnomalies` adds the
 * reported amount and what does not fit (R-RET-05).
 */
export function SepaReturnLinesTable({
  lines,
  label,
  fluxHref,
  withAnomalies = false,
}: {
  lines: readonly SepaReturnLine[];
  label: string;
  fluxHref?: (fluxId: number) => string;
  withAnomalies?: boolean;
}) {
  if (lines.length === 0) return <Alert severity="info">{m.nothingToReject}</Alert>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{m.flux}</TableCell>
            <TableCell>{m.structure}</TableCell>
            <TableCell>{m.label}</TableCell>
            <TableCell align="right">{m.amount}</TableCell>
            {withAnomalies && <TableCell align="right">{m.reportedAmount}</TableCell>}
            <TableCell>{m.reason}</TableCell>
            <TableCell>{m.date}</TableCell>
            {withAnomalies && <TableCell>{m.anomaly}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.ID_FluxFinancier}>
              <TableCell>
                {fluxHref ? (
                  <Link
                    component={RouterLink}
                    to={fluxHref(line.ID_FluxFinancier)}
                    aria-label={m.fluxLink(line.ID_FluxFinancier)}
                  >
                    {line.ID_FluxFinancier}
                  </Link>
                ) : (
                  line.ID_FluxFinancier
                )}
              </TableCell>
              <TableCell>{line.NomStructure}</TableCell>
              <TableCell>
                {line.NomFluxFinancier}
                {line.etaitRegle && (
                  <Typography component="span" variant="body2" color="warning.main">
                    {` (${m.wasPaid})`}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{formatEuros(line.montantCents)}</TableCell>
              {withAnomalies && (
                <TableCell align="right">
                  {line.montantFichierCents === null ? '-' : formatEuros(line.montantFichierCents)}
                </TableCell>
              )}
              <TableCell>{reasonText(line.code, line.motif)}</TableCell>
              <TableCell>{formatDate(line.dateRetour)}</TableCell>
              {withAnomalies && <TableCell>{line.anomalies.map((anomaly) => anomaly.message).join(' ; ')}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Flux a previous report rejected already: they keep their first reason. */
export function SepaAlreadyRejectedTable({ lines }: { lines: readonly SepaReturnAlreadyRejected[] }) {
  if (lines.length === 0) return null;
  return (
    <>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        {m.alreadyRejectedTitle}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={m.alreadyRejectedLabel}>
          <TableHead>
            <TableRow>
              <TableCell>{m.flux}</TableCell>
              <TableCell>{m.structure}</TableCell>
              <TableCell>{m.firstReason}</TableCell>
              <TableCell>{m.date}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.ID_FluxFinancier}>
                <TableCell>{line.ID_FluxFinancier}</TableCell>
                <TableCell>{line.NomStructure}</TableCell>
                <TableCell>{reasonText(line.codeExistant, line.motifExistant)}</TableCell>
                <TableCell>{formatDate(line.dateExistante)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/** EndToEndIds that name no flux within scope: listed, nothing changes for them. */
export function SepaUnknownReferences({ items }: { items: readonly SepaReturnUnknown[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        {m.unknownTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {m.unknownHelp}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={m.unknownLabel}>
          <TableHead>
            <TableRow>
              <TableCell>{m.reference}</TableCell>
              <TableCell align="right">{m.amount}</TableCell>
              <TableCell>{m.reason}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.endToEndId}>
                <TableCell>{item.endToEndId}</TableCell>
                <TableCell align="right">
                  {item.montantFichierCents === null ? '-' : formatEuros(item.montantFichierCents)}
                </TableCell>
                <TableCell>{reasonText(item.code, item.motif)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
