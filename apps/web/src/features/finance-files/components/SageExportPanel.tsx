import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { exportQuerySchema, JOURNAL_LABELS } from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type Path, type PathValue } from 'react-hook-form';
import { formErrorText } from '@/lib/api-client';
import { contractProblems, showServerIssues } from '@/lib/forms';
import { useCurrentStructure } from '@/lib/session';
import { exportHistoryQueryKey } from '../api/export-history-api';
import { downloadSageFile, previewSageExport, type SageExportRequest } from '../api/sage-export-api';
import { sageExportMessages as m } from '../messages';
import { ExportHistory } from './ExportHistory';
import { FecDownload } from './FecDownload';
import { recentSeasons, seasonPeriod } from './period';
import { SagePreview } from './SagePreview';

// Every journal the ledger writes, the settlements' RG and the opening entries' AN included.
const JOURNALS = Object.keys(JOURNAL_LABELS);

interface SageFormValues {
  mode: 'season' | 'dates';
  seasonId: number;
  from: string;
  to: string;
  /** Empty: every journal. */
  journaux: string[];
  format: 'pnm' | 'csv';
}
/** The fields a refusal of the server may name (the request's names). */
const REQUEST_FIELDS = ['from', 'to', 'journaux'] as const;

/** The form as the export's query, which the server parses with the same contract. */
function periodOf(values: SageFormValues): { from: string; to: string } {
  return values.mode === 'season' ? seasonPeriod(values.seasonId) : { from: values.from, to: values.to };
}
const toQuery = (values: SageFormValues) => ({
  ...periodOf(values),
  format: values.format,
  journaux: values.journaux.length > 0 ? values.journaux.join(',') : undefined,
});

/** The latest season; its bounds wait in the dates until 'Par dates' is chosen. */
function firstValues(seasonId: number): SageFormValues {
  return { mode: 'season', seasonId, ...seasonPeriod(seasonId), journaux: [], format: 'pnm' };
}

/**
 * SAGE child of the export files page: period and journals, preview, then download; the FEC
 * of a fiscal year; the history of the files produced.
 */
export function SageExportPanel() {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const seasons = recentSeasons(new Date());
  const { watch, setValue, setError, clearErrors, formState } = useForm<SageFormValues>({
    defaultValues: firstValues(seasons[0]?.id ?? 0),
  });
  const values = watch();
  // A change takes back what the server said of the previous values.
  const edit = <Name extends Path<SageFormValues>>(name: Name, value: PathValue<SageFormValues, Name>) => {
    setValue(name, value);
    clearErrors();
  };
  const request: SageExportRequest = {
    structureId,
    ...periodOf(values),
    format: values.format,
    journals: values.journaux,
  };
  const errorText = (e: unknown) => formErrorText(e, m.genericError, { from: m.from, to: m.to, journaux: m.journals });
  const placeServerIssues = (e: unknown) => showServerIssues(e, REQUEST_FIELDS, setError);
  const preview = useMutation({
    mutationFn: (previewed: SageExportRequest) => previewSageExport(previewed),
    onError: placeServerIssues,
  });
  // A preview describes the settings it was made with: once they change, it is hidden
  // until asked again, so totals never sit next to settings they do not describe.
  const previewIsCurrent = JSON.stringify(preview.variables) === JSON.stringify(request);
  // The dates are checked as typed, under their fields, with the contract the server parses
  // the query with, before anything is asked of the server.
  const problems = contractProblems(exportQuerySchema, toQuery(values));
  const fromError = problems.from ?? formState.errors.from?.message;
  const toError = problems.to ?? formState.errors.to?.message;
  const periodInvalid = Object.keys(problems).length > 0;
  const download = useMutation({
    mutationFn: (downloaded: SageExportRequest) => downloadSageFile(downloaded),
    onError: placeServerIssues,
    // The file just produced is now in the history.
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportHistoryQueryKey(structureId) }),
  });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={values.mode}
          onChange={(_e, v: 'season' | 'dates' | null) => v && edit('mode', v)}
          aria-label={m.period}
        >
          <ToggleButton value="season">{m.bySeason}</ToggleButton>
          <ToggleButton value="dates">{m.byDates}</ToggleButton>
        </ToggleButtonGroup>
        {values.mode === 'season' ? (
          <TextField
            select
            size="small"
            label={m.season}
            value={values.seasonId}
            onChange={(e) => edit('seasonId', Number(e.target.value))}
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
              value={values.from}
              error={Boolean(fromError)}
              helperText={fromError}
              onChange={(e) => edit('from', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label={m.to}
              value={values.to}
              error={Boolean(toError)}
              helperText={toError}
              onChange={(e) => edit('to', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
        <TextField
          select
          size="small"
          label={m.journals}
          value={values.journaux}
          error={Boolean(formState.errors.journaux)}
          helperText={formState.errors.journaux?.message}
          onChange={(e) => edit('journaux', e.target.value as unknown as string[])}
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
              {j} ({JOURNAL_LABELS[j]})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={m.format}
          value={values.format}
          onChange={(e) => edit('format', e.target.value as 'pnm' | 'csv')}
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
