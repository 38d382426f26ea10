import type { ExportPreview } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { formatAmount, formatDate, formatInteger } from '@/lib/format';
import { useRouteHref } from '@/lib/use-route-href';
import { sageExportMessages as m } from '../messages';

const totalColumns: DataColumn<[string, string]>[] = [
  { id: 'label', header: null, cell: ([label]) => label, rowHeader: true },
  { id: 'value', header: null, cell: ([, value]) => value, align: 'right' },
];

/** Counts and totals of the entries; unmapped flux listed with a link to their settings. */
export function SagePreview({ preview }: { preview: ExportPreview }) {
  const href = useRouteHref();
  const rows: Array<[string, string]> = [
    [m.entries, formatInteger(preview.entryCount)],
    [m.lines, formatInteger(preview.lineCount)],
    [m.totalDebit, formatAmount(preview.totalDebitCents / 100)],
    [m.totalCredit, formatAmount(preview.totalCreditCents / 100)],
  ];
  return (
    <>
      {/* Whether the file will read the validated ledger or be a provisional 'brouillard'. */}
      {preview.valide ? (
        <Alert severity="info">{m.previewValidated}</Alert>
      ) : (
        <Alert severity="warning">{m.previewDraft}</Alert>
      )}
      {preview.entryCount === 0 ? (
        <Alert severity="info">{m.noEntry}</Alert>
      ) : (
        <DataTable
          label={m.totalsLabel}
          container="none"
          noHeader
          tableSx={{ maxWidth: 420 }}
          columns={totalColumns}
          rows={rows}
          rowKey={([label]) => label}
        />
      )}
      {preview.entryCount > 0 && (
        <Alert severity={preview.totalDebitCents === preview.totalCreditCents ? 'success' : 'error'}>
          {preview.totalDebitCents === preview.totalCreditCents ? m.balanced : m.unbalanced}
        </Alert>
      )}
      {preview.unmappedCount > 0 && (
        <Alert severity="warning">
          {m.unmappedTitle(preview.unmappedCount)}{' '}
          <Link component={RouterLink} to={href('parametrages_comptables__flux_financier')}>
            {m.unmappedLink}
          </Link>
          <List dense>
            {preview.unmapped.map((f) => (
              <ListItem key={f.id} disableGutters>
                {`N° ${f.id} — ${formatDate(f.date)} — ${f.structureName} — ${f.label}`}
              </ListItem>
            ))}
          </List>
          {preview.unmappedCount > preview.unmapped.length &&
            m.unmappedMore(preview.unmappedCount - preview.unmapped.length)}
        </Alert>
      )}
    </>
  );
}
