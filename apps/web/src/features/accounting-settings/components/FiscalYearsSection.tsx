import {
  DEFAULT_FISCAL_YEAR_START_MONTH,
  fiscalYearSettingsSchema,
  parisToday,
  type FiscalYearsResponse,
} from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ErrorAlert';
import { ApiError, formErrorText } from '@/lib/api-client';
import { contractResolver, showServerIssues } from '@/lib/forms';
import { useCurrentStructure } from '@/lib/session';
import { fiscalYearsQueryKey, useFiscalYears } from '@/lib/fiscal-years';
import { saveFiscalYearStart } from '../api/fiscal-years-api';
import { accountingSettingsMessages as m } from '../messages';
import { FiscalYearActionDialog, type FiscalYearAction } from './FiscalYearActionDialog';
import { FiscalYearTable } from './FiscalYearTable';

/** 'Exercices comptables': the start month, the fiscal years, their validation and closing (R-LEDG-06 to R-LEDG-09). */
export function FiscalYearsSection() {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const headingId = useId();
  const years = useFiscalYears(structureId);
  const [action, setAction] = useState<FiscalYearAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const today = parisToday();
  return (
    <Stack component="section" spacing={2} sx={{ mt: 4 }} aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1">
        {m.fiscalYearsTitle}
      </Typography>
      {years.isPending && <LinearProgress aria-label={m.fiscalYearsLoading} />}
      {years.isError && (
        <ErrorAlert error={years.error} onRetry={() => void years.refetch()}>
          {(years.error instanceof ApiError && years.error.serverMessage) || m.fiscalYearsLoadFailed}
        </ErrorAlert>
      )}
      {years.isSuccess && (
        <>
          <FiscalYearStartForm settings={years.data} />
          {notice && <Alert severity="success">{notice}</Alert>}
          <FiscalYearTable
            years={years.data.exercices}
            canValidate={years.data.peutValider}
            today={today}
            onAction={(chosen) => {
              setNotice(null);
              setAction(chosen);
            }}
          />
        </>
      )}
      {action && (
        <FiscalYearActionDialog
          action={action}
          today={today}
          onClose={() => setAction(null)}
          onDone={(done, result) => {
            setAction(null);
            setNotice(
              done.kind === 'validation'
                ? m.validationDone(result.nbEcritures, done.year.libelle)
                : m.closingDone(result.nbEcritures, done.year.libelle),
            );
            // The year's status, its validations and whether the start month may change.
            void queryClient.invalidateQueries({ queryKey: fiscalYearsQueryKey(structureId) });
          }}
        />
      )}
    </Stack>
  );
}

interface StartMonthValues {
  moisDebut: number;
}
const checkStartMonth = contractResolver(fiscalYearSettingsSchema);

/** The month the fiscal years start; locked once anything is validated (the server says so). */
function FiscalYearStartForm({ settings }: { settings: FiscalYearsResponse }) {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const locked = !settings.moisDebutModifiable;
  const { control, handleSubmit, setError, formState } = useForm<StartMonthValues>({
    resolver: checkStartMonth,
    // The saved month, and again after a save (the answer is the new list).
    values: { moisDebut: settings.moisDebut ?? DEFAULT_FISCAL_YEAR_START_MONTH },
  });
  const save = useMutation({
    mutationFn: (moisDebut: number) => saveFiscalYearStart(structureId, moisDebut),
    onSuccess: (saved) => {
      // The answer is the new list: the years were cut again from the new month.
      queryClient.setQueryData(fiscalYearsQueryKey(structureId), saved);
      setMessage({ ok: true, text: m.moisDebutSaved });
    },
    onError: (e) => {
      showServerIssues(e, ['moisDebut'], setError);
      setMessage({ ok: false, text: formErrorText(e, m.genericError, { moisDebut: m.moisDebut }) });
    },
  });
  const submit = handleSubmit(({ moisDebut }) => {
    if (!locked) save.mutate(moisDebut);
  });
  const monthError = formState.errors.moisDebut?.message;
  return (
    <Stack spacing={1}>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        onSubmit={submit}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <Controller
          name="moisDebut"
          control={control}
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={m.moisDebut}
              value={field.value}
              name={field.name}
              disabled={locked}
              error={Boolean(monthError)}
              helperText={monthError ?? (locked ? m.moisDebutLocked : m.moisDebutHelp)}
              // Why the field is locked must stay readable (contrast AA), not greyed out with it.
              slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
              onChange={(e) => {
                field.onChange(Number(e.target.value));
                setMessage(null);
              }}
              sx={{ minWidth: 240, maxWidth: 480 }}
            >
              {m.months.map((name, index) => (
                <MenuItem key={name} value={index + 1}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button type="submit" variant="contained" disabled={locked} loading={save.isPending}>
          {m.save}
        </Button>
      </Stack>
      {message && <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert>}
    </Stack>
  );
}
