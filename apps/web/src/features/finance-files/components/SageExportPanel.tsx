import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formErrorText } from '@/lib/api-client';
import { useCurrentStructure } from '@/lib/session';
import { exportHistoryQueryKey } from '../api/export-history-api';
import { downloadSageFile, previewSageExport, type SageExportRequest } from '../api/sage-export-api';
import { sageExportMessages as m } from '../messages';
import { ExportHistory } from './ExportHistory';
import { FecDownload } from './FecDownload';
import { recentSeasons, seasonPeriod } from './period';
import { SagePreview } from './SagePreview';

const JOURNALS = ['VE', 'AC', 'BQ', 'OD'];

/**
 * SAGE child of the export files page: period and journals, preview, then download; the FEC
 * of a fiscal year; the history of the files produced.
 */
export function SageExportPanel() {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const seasons = recentSeasons(new Date());
  const [mode, setMode] = useState<'season' | 'dates'>('season');
  const [seasonId, setSeasonId] = useState(seasons[0]?.id ?? 0);
  const [dates, setDates] = useState(seasonPeriod(seasonId));
  const [journals, setJournals] = useState<string[]>([]);
  const [format, setFormat] = useState<'pnm' | 'csv'>('pnm');
  const request: SageExportRequest = {
    structureId,
    ...(mode === 'season' ? seasonPeriod(seasonId) : dates),
    format,
    journals,
  };
  const errorText = (e: unknown) => formErrorText(e, m.genericError, { from: m.from, to: m.to, journals: m.journals });
  const preview = useMutation({ mutationFn: (previewed: SageExportRequest) => previewSageExport(previewed) });
  // A preview describes the settings it was made with: once they change, it is hidden
  // until asked again, so totals never sit next to settings they do not describe.
  const previewIsCurrent = JSON.stringify(preview.variables) === JSON.stringify(request);
  // Dates are checked here, under their fields, before anything is asked of the server.
  const fromError = mode === 'dates' && !dates.from ? m.dateRequired : undefined;
  const toError =
    mode === 'dates'
      ? !dates.to
        ? m.dateRequired
        : dates.from && dates.to < dates.from
          ? m.periodReversed
          : undefined
      : undefined;
  const periodInvalid = Boolean(fromError || toError);
  const download = useMutation({
    mutationFn: (downloaded: SageExportRequest) => downloadSageFile(downloaded),
    // The file just produced is now in the history.
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportHistoryQueryKey(structureId) }),
  });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_e, v: 'season' | 'dates' | null) => v && setMode(v)}
          aria-label={m.period}
        >
          <ToggleButton value="season">{m.bySeason}</ToggleButton>
          <ToggleButton value="dates">{m.byDates}</ToggleButton>
        </ToggleButtonGroup>
        {mode === 'season' ? (
          <TextField
            select
            size="small"
            label={m.season}
            value={seasonId}
            onChange={(e) => setSeasonId(Number(e.target.value))}
            sx={{ minWidth: 140 }}
          >
            {seasons.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <>
            <TextField
              type="date"
              size="small"
              label={m.from}
              value={dates.from}
              error={Boolean(fromError)}
              helperText={fromError}
              onChange={(e) => setDates({ ...dates, from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label={m.to}
              value={dates.to}
              error={Boolean(toError)}
              helperText={toError}
              onChange={(e) => setDates({ ...dates, to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
        <TextField
          select
          size="small"
          label={m.journals}
          value={journals}
          onChange={(e) => setJournals(e.target.value as unknown as string[])}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (v) => ((v as string[]).length ? (v as string[]).join(', ') : m.allJournals),
            },
            inputLabel: { shrink: true },
          }}
          sx={{ minWidth: 160 }}
        >
          {JOURNALS.map((j) => (
            <MenuItem key={j} value={j}>
              {j}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={m.format}
          value={format}
          onChange={(e) => setFormat(e.target.value as 'pnm' | 'csv')}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="pnm">{m.formatPnm}</MenuItem>
          <MenuItem value="csv">{m.formatCsv}</MenuItem>
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          onClick={() => preview.mutate(request)}
          disabled={periodInvalid || preview.isPending}
        >
          {m.preview}
        </Button>
        <Button
          variant="contained"
          onClick={() => download.mutate(request)}
          disabled={periodInvalid}
          loading={download.isPending}
        >
          {m.downloadSage}
        </Button>
      </Stack>
      {preview.isError && previewIsCurrent && <Alert severity="error">{errorText(preview.error)}</Alert>}
      {download.isError && <Alert severity="error">{errorText(download.error)}</Alert>}
      {preview.data && previewIsCurrent && <SagePreview preview={preview.data} />}
      <FecDownload />
      <ExportHistory />
    </Stack>
  );
}
