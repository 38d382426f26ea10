import { fecQuerySchema, type FecQuery, type FiscalYearView } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ErrorAlert';
import { ApiError, formErrorText } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { contractResolver, showServerIssues } from '@/lib/forms';
import { useCurrentStructure } from '@/lib/session';
import { exportHistoryQueryKey } from '../api/export-history-api';
import { useFiscalYears } from '@/lib/fiscal-years';
import { downloadFec } from '../api/sage-export-api';
import { sageExportMessages as m } from '../messages';
import { defaultFecYear, fecNewestFirst } from './fec-year';

/** The fiscal year's id as the query's `exercice`; '' until one is picked (the proposed one). */
interface FecFormValues {
  exercice: string;
}

/** 'Télécharger le FEC': one fiscal year (A47 A-1), a 'brouillard' until it is validated to its end. */
export function FecDownload() {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const headingId = useId();
  const years = useFiscalYears(structureId);
  const choices = fecNewestFirst(years.data?.exercices ?? []);
  const proposed = defaultFecYear(choices);
  // The query the server parses with the same contract: the picked year, else the proposed one.
  const toQuery = (values: FecFormValues) => ({ exercice: values.exercice || String(proposed?.id ?? '') });
  const { watch, setValue, setError, clearErrors, handleSubmit, formState } = useForm<FecFormValues, unknown, FecQuery>(
    {
      defaultValues: { exercice: '' },
      resolver: contractResolver(fecQuerySchema, toQuery),
    },
  );
  const chosenId = Number(watch('exercice'));
  const selected: FiscalYearView | undefined = choices.find((year) => year.id === chosenId) ?? proposed;
  const download = useMutation({
    mutationFn: (year: FiscalYearView) => downloadFec(structureId, year.id),
    onError: (e) => showServerIssues(e, ['exercice'], setError),
    // The file just produced is now in the history.
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportHistoryQueryKey(structureId) }),
  });
  const yearError = formState.errors.exercice?.message;
  return (
    <Stack component="section" spacing={1} aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} component="h3" variant="subtitle1">
        {m.fecTitle}
      </Typography>
      <Typography variant="body2">{m.fecHelp}</Typography>
      {years.isPending && <LinearProgress aria-label={m.fiscalYearsLoading} />}
      {years.isError && (
        <ErrorAlert error={years.error} onRetry={() => void years.refetch()}>
          {(years.error instanceof ApiError && years.error.serverMessage) || m.fiscalYearsError}
        </ErrorAlert>
      )}
      {years.isSuccess && choices.length === 0 && <Alert severity="info">{m.noFiscalYear}</Alert>}
      {selected && (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={m.fiscalYear}
              value={selected.id}
              error={Boolean(yearError)}
              helperText={yearError}
              onChange={(e) => {
                setValue('exercice', String(e.target.value));
                clearErrors();
                download.reset();
              }}
              sx={{ minWidth: 200 }}
            >
              {choices.map((year) => (
                <MenuItem key={year.id} value={year.id}>
                  {m.fiscalYearOption(year.libelle, year.statut === 'cloture')}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              loading={download.isPending}
              onClick={() => void handleSubmit(() => download.mutate(selected))()}
            >
              {m.downloadFec}
            </Button>
          </Stack>
          {selected.valideJusquau === selected.fin ? (
            <Typography variant="body2" color="text.secondary">
              {m.fecValidated}
            </Typography>
          ) : (
            <Alert severity="warning">
              {m.fecDraft(selected.valideJusquau ? formatDate(selected.valideJusquau) : null)}
            </Alert>
          )}
        </>
      )}
      {download.isError && <Alert severity="error">{formErrorText(download.error, m.genericError)}</Alert>}
    </Stack>
  );
}
