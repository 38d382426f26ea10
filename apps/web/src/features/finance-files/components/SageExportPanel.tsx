import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { exportQuerySchema } from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FiscalYearsLink } from '@/components/FiscalYearsLink';
import { formErrorText } from '@/lib/api-client';
import { contractProblems, showServerIssues } from '@/lib/forms';
import { useCurrentStructure } from '@/lib/session';
import { exportHistoryQueryKey } from '../api/export-history-api';
import { downloadSageFile, previewSageExport, type SageExportRequest } from '../api/sage-export-api';
import { sageExportMessages as m } from '../messages';
import { ExportHistory } from './ExportHistory';
import { FecDownload } from './FecDownload';
import { recentSeasons, seasonPeriod } from './period';
import { SageExportFields, type SageFormEdit, type SageFormValues } from './SageExportFields';
import { SagePreview } from './SagePreview';

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
  const edit: SageFormEdit = (name, value) => {
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
      <SageExportFields
        values={values}
        seasons={seasons}
        edit={edit}
        fromError={fromError}
        toError={toError}
        journauxError={formState.errors.journaux?.message}
      />
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
      <FiscalYearsLink />
      <ExportHistory />
    </Stack>
  );
}
