import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { frenchMonth } from '@gdf/domain';
import { useMutation } from '@tanstack/react-query';
import { DataTable } from '@/components/DataTable';
import { ErrorAlert } from '@/components/ErrorAlert';
import { formErrorText } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useCurrentStructure } from '@/lib/session';
import { downloadRecap } from '../api/recap-api';
import type { IssuedRecap, RecapFormat } from '../api/recap-types';
import { monthlyRecapMessages as m } from '../messages';

const FORMATS: readonly RecapFormat[] = ['pdf', 'xlsx'];

/** The recaps issued, newest month first, each with its PDF and xlsx. */
export function RecapTable({ recaps }: { recaps: readonly IssuedRecap[] }) {
  const { structureId } = useCurrentStructure();
  const download = useMutation({
    mutationFn: ({ recap, format }: { recap: IssuedRecap; format: RecapFormat }) =>
      downloadRecap(recap, structureId, format),
  });
  const rows = [...recaps].sort((a, b) => b.mois.localeCompare(a.mois));
  return (
    <Stack spacing={1}>
      <DataTable
        label={m.listLabel}
        rows={rows}
        rowKey={(recap) => recap.id}
        empty={m.empty}
        columns={[
          { id: 'mois', header: m.columns.month, rowHeader: true, cell: (recap) => frenchMonth(recap.mois) },
          { id: 'numero', header: m.columns.number, cell: (recap) => recap.numero },
          { id: 'emis', header: m.columns.issued, cell: (recap) => formatDate(recap.emisLe) },
          {
            id: 'envoye',
            header: m.columns.sent,
            cell: (recap) => (recap.envoyeLe ? formatDate(recap.envoyeLe) : m.notSent),
          },
          {
            id: 'fichiers',
            header: m.columns.files,
            cell: (recap) => (
              <Stack direction="row" spacing={1}>
                {FORMATS.map((format) => (
                  <Button
                    key={format}
                    size="small"
                    variant="outlined"
                    disabled={download.isPending}
                    aria-label={m.download(format === 'pdf' ? m.pdf : m.xlsx, frenchMonth(recap.mois))}
                    onClick={() => download.mutate({ recap, format })}
                  >
                    {format === 'pdf' ? m.pdf : m.xlsx}
                  </Button>
                ))}
              </Stack>
            ),
          },
        ]}
      />
      {download.isError && (
        <ErrorAlert error={download.error}>{formErrorText(download.error, m.downloadError)}</ErrorAlert>
      )}
    </Stack>
  );
}
