import { formatEuros, type SepaReturnAlreadyRejected, type SepaReturnLine, type SepaReturnUnknown } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { formatDate } from '@/lib/format';
import { sepaReturnMessages as m } from '../messages';

const reasonText = (code: string | null, label: string) => (code ? `${code} - ${label}` : label);
const optionalEuros = (cents: number | null) => (cents === null ? '-' : formatEuros(cents));

function FluxNumber({ fluxId, fluxHref }: { fluxId: number; fluxHref?: (fluxId: number) => string }) {
  if (!fluxHref) return fluxId;
  return (
    <Link component={RouterLink} to={fluxHref(fluxId)} aria-label={m.fluxLink(fluxId)}>
      {fluxId}
    </Link>
  );
}

function FluxLabel({ line }: { line: SepaReturnLine }) {
  return (
    <>
      {line.NomFluxFinancier}
      {line.etaitRegle && (
        <Typography component="span" variant="body2" color="warning.main">
          {` (${m.wasPaid})`}
        </Typography>
      )}
    </>
  );
}

const lineColumns = (
  fluxHref: ((fluxId: number) => string) | undefined,
  withAnomalies: boolean,
): Array<DataColumn<SepaReturnLine> | false> => [
  {
    id: 'flux',
    header: m.flux,
    cell: (line) => <FluxNumber fluxId={line.ID_FluxFinancier} fluxHref={fluxHref} />,
  },
  { id: 'structure', header: m.structure, cell: (line) => line.NomStructure },
  { id: 'label', header: m.label, cell: (line) => <FluxLabel line={line} /> },
  { id: 'amount', header: m.amount, cell: (line) => formatEuros(line.montantCents), align: 'right' },
  withAnomalies && {
    id: 'reported',
    header: m.reportedAmount,
    cell: (line) => optionalEuros(line.montantFichierCents),
    align: 'right',
  },
  { id: 'reason', header: m.reason, cell: (line) => reasonText(line.code, line.motif) },
  { id: 'date', header: m.date, cell: (line) => formatDate(line.dateRetour) },
  withAnomalies && {
    id: 'anomaly',
    header: m.anomaly,
    cell: (line) => line.anomalies.map((anomaly) => anomaly.message).join(' ; '),
  },
];

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
    <DataTable
      label={label}
      columns={lineColumns(fluxHref, withAnomalies)}
      rows={lines}
      rowKey={(line) => line.ID_FluxFinancier}
    />
  );
}

const alreadyRejectedColumns: DataColumn<SepaReturnAlreadyRejected>[] = [
  { id: 'flux', header: m.flux, cell: (line) => line.ID_FluxFinancier },
  { id: 'structure', header: m.structure, cell: (line) => line.NomStructure },
  { id: 'reason', header: m.firstReason, cell: (line) => reasonText(line.codeExistant, line.motifExistant) },
  { id: 'date', header: m.date, cell: (line) => formatDate(line.dateExistante) },
];

/** Flux a previous report rejected already: they keep their first reason. */
export function SepaAlreadyRejectedTable({ lines }: { lines: readonly SepaReturnAlreadyRejected[] }) {
  if (lines.length === 0) return null;
  return (
    <>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        {m.alreadyRejectedTitle}
      </Typography>
      <DataTable
        label={m.alreadyRejectedLabel}
        columns={alreadyRejectedColumns}
        rows={lines}
        rowKey={(line) => line.ID_FluxFinancier}
      />
    </>
  );
}

const unknownColumns: DataColumn<SepaReturnUnknown>[] = [
  { id: 'reference', header: m.reference, cell: (item) => item.endToEndId },
  { id: 'amount', header: m.amount, cell: (item) => optionalEuros(item.montantFichierCents), align: 'right' },
  { id: 'reason', header: m.reason, cell: (item) => reasonText(item.code, item.motif) },
];

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
      <DataTable label={m.unknownLabel} columns={unknownColumns} rows={items} rowKey={(item) => item.endToEndId} />
    </>
  );
}
