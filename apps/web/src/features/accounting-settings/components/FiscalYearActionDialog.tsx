import type { FiscalYearView, JobView, ValidationResult } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { JobProgress } from '@/components/JobProgress';
import { RouteLink } from '@/components/RouteLink';
import { formErrorText } from '@/lib/api-client';
import { fiscalYearsQueryKey } from '@/lib/fiscal-years';
import { acceptedJob, cancelJob, useJob } from '@/lib/jobs';
import { formatDate } from '@/lib/format';
import { showServerIssues } from '@/lib/forms';
import { useCurrentStructure } from '@/lib/session';
import { closeFiscalYear, validateFiscalYear } from '../api/fiscal-years-api';
import { accountingSettingsMessages as m } from '../messages';
import { defaultValidationDate, validationDateProblem } from './fiscal-year';

export type FiscalYearActionKind = 'validation' | 'cloture';
export interface FiscalYearAction {
  kind: FiscalYearActionKind;
  year: FiscalYearView;
}

/**
 * Confirmation of 'Valider les écritures' (with its date) or 'Clôturer l’exercice'. Unlike
 * ConfirmDialog it stays open while the request runs (a validation can take seconds) and
 * shows a refusal in place, so the user reads it next to what they asked.
 */
export function FiscalYearActionDialog({
  action,
  today,
  onClose,
  onDone,
}: {
  action: FiscalYearAction;
  /** The Paris day, YYYY-MM-DD. */
  today: string;
  onClose: () => void;
  onDone: (action: FiscalYearAction, result: ValidationResult) => void;
}) {
  const { structureId } = useCurrentStructure();
  const { kind, year } = action;
  const titleId = useId();
  const { register, watch, handleSubmit, setError, clearErrors, formState } = useForm<{ jusquau: string }>({
    defaultValues: { jusquau: defaultValidationDate(year, today) },
  });
  const jusquau = watch('jusquau');
  // Checked as typed with the year's contract (the server's words), before anything is asked.
  const problem = kind === 'validation' ? validationDateProblem(jusquau, year) : null;
  // A long validation runs as a job (R-JOB-01): the dialog follows it, and may close meanwhile.
  const [accepted, setAccepted] = useState<JobView | null>(null);
  const job = useJob(accepted?.id ?? null, accepted ?? undefined);
  const current = job.data ?? accepted;
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () =>
      kind === 'validation' ? validateFiscalYear(structureId, year.id, jusquau) : closeFiscalYear(structureId, year.id),
    onSuccess: (answer) => {
      const started = acceptedJob(answer);
      if (started) setAccepted(started);
      else onDone(action, answer as ValidationResult);
    },
    // The server's word on the date, when it names it, goes beside the field too.
    onError: (e) => showServerIssues(e, ['jusquau'], setError),
  });
  const cancel = useMutation({ mutationFn: () => cancelJob(accepted!.id), onSuccess: () => void job.refetch() });
  const finished = current?.statut === 'termine' ? current : null;
  const reported = useRef(false);
  useEffect(() => {
    if (!finished || reported.current) return;
    reported.current = true;
    onDone(action, finished.resultat as unknown as ValidationResult);
  }, [finished, action, onDone]);
  const jobOver = current !== null && (current.statut === 'annule' || current.statut === 'echoue');
  const serverProblem = formState.errors.jusquau?.message;
  const submit = handleSubmit(() => {
    // Once a job runs, Enter does not ask again (the server would refuse a second one anyway).
    if (!problem && !run.isPending && !accepted) run.mutate();
  });
  const { ref: jusquauRef, ...jusquauField } = register('jusquau', {
    onChange: () => {
      clearErrors();
      run.reset();
    },
  });
  // Closing while the request runs would hide its outcome: the dialog waits for the answer. Once
  // it is a job, closing leaves the job running ('Mes traitements' follows it).
  const close = () => {
    if (run.isPending) return;
    if (accepted) void queryClient.invalidateQueries({ queryKey: fiscalYearsQueryKey(structureId) });
    onClose();
  };
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>
          {kind === 'validation' ? m.validateTitle(year.libelle) : m.closeYearTitle(year.libelle)}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {kind === 'validation' ? m.validateText : m.closeYearText(formatDate(year.fin))}
          </DialogContentText>
          {kind === 'validation' && !accepted && (
            <TextField
              {...jusquauField}
              inputRef={jusquauRef}
              type="date"
              size="small"
              label={m.validateUntil}
              autoFocus
              disabled={run.isPending}
              error={Boolean(problem ?? serverProblem)}
              helperText={problem ?? serverProblem}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: year.debut, max: year.fin } }}
              sx={{ mt: 1 }}
            />
          )}
          {run.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {formErrorText(run.error, m.genericError, { jusquau: m.validateUntil })}
            </Alert>
          )}
          {current && (
            <Stack spacing={1} sx={{ mt: 2 }} aria-live="polite">
              <JobProgress job={current} onCancel={() => cancel.mutate()} cancelling={cancel.isPending} />
              {!jobOver && <Typography variant="body2">{m.jobRunning}</Typography>}
              {current.statut === 'annule' && <Alert severity="info">{m.jobCancelled}</Alert>}
              {current.statut === 'echoue' && <Alert severity="error">{current.erreur ?? m.jobFailed}</Alert>}
              <RouteLink to="mes_traitements" variant="body2">
                {m.jobLink}
              </RouteLink>
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={run.isPending}>
            {accepted ? m.close : m.cancel}
          </Button>
          {!accepted && (
            <Button
              type="submit"
              variant="contained"
              color={kind === 'cloture' ? 'warning' : 'primary'}
              loading={run.isPending}
              disabled={Boolean(problem)}
            >
              {kind === 'validation' ? m.validate : m.closeYear}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
