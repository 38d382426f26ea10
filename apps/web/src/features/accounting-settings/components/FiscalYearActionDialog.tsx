import type { JobView, ValidationResult } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { DateField } from '@/components/DateField';
import { JobProgress } from '@/components/JobProgress';
import { RouteLink } from '@/components/RouteLink';
import { formErrorText } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { accountingSettingsMessages as m } from '../messages';
import { useFiscalYearAction, type FiscalYearAction } from '../hooks/use-fiscal-year-action';
import { validationDateBounds } from './fiscal-year';

export type { FiscalYearAction } from '../hooks/use-fiscal-year-action';

/** The job a validation started: its progress, cancel, outcome and the link to 'Mes traitements'. */
function FiscalYearJob({ job, onCancel, cancelling }: { job: JobView; onCancel: () => void; cancelling: boolean }) {
  const over = job.statut === 'annule' || job.statut === 'echoue';
  return (
    <Stack spacing={1} sx={{ mt: 2 }} aria-live="polite">
      <JobProgress job={job} onCancel={onCancel} cancelling={cancelling} />
      {!over && <Typography variant="body2">{m.jobRunning}</Typography>}
      {job.statut === 'annule' && <Alert severity="info">{m.jobCancelled}</Alert>}
      {job.statut === 'echoue' && <Alert severity="error">{job.erreur ?? m.jobFailed}</Alert>}
      <RouteLink to="mes_traitements" variant="body2">
        {m.jobLink}
      </RouteLink>
    </Stack>
  );
}

const texts = (action: FiscalYearAction) =>
  action.kind === 'validation'
    ? {
        title: m.validateTitle(action.year.libelle),
        text: m.validateText,
        submit: m.validate,
        color: 'primary' as const,
      }
    : {
        title: m.closeYearTitle(action.year.libelle),
        text: m.closeYearText(formatDate(action.year.fin)),
        submit: m.closeYear,
        color: 'warning' as const,
      };

/**
 * Confirmation of 'Valider les écritures' (with its date) or 'Clôturer l’exercice'. Unlike
 * ConfirmDialog it stays open while the request runs (a validation can take seconds) and
 * shows a refusal in place, so the user reads it next to what they asked.
 */
export function FiscalYearActionDialog(props: {
  action: FiscalYearAction;
  /** The Paris day, YYYY-MM-DD. */
  today: string;
  onClose: () => void;
  onDone: (action: FiscalYearAction, result: ValidationResult) => void;
}) {
  const { kind, year } = props.action;
  const titleId = useId();
  const state = useFiscalYearAction(props);
  const { run, accepted, current, close } = state;
  const text = texts(props.action);
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={state.submit}>
        <DialogTitle id={titleId}>{text.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text.text}</DialogContentText>
          {kind === 'validation' && !accepted && (
            <DateField
              name="jusquau"
              label={m.validateUntil}
              value={state.jusquau}
              onChange={state.setJusquau}
              {...validationDateBounds(year, props.today)}
              autoFocus
              disabled={run.isPending}
              error={Boolean(state.dateProblem)}
              helperText={state.dateProblem}
              sx={{ mt: 1 }}
            />
          )}
          {run.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {formErrorText(run.error, m.genericError, { jusquau: m.validateUntil })}
            </Alert>
          )}
          {current && (
            <FiscalYearJob job={current} onCancel={() => state.cancel.mutate()} cancelling={state.cancel.isPending} />
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
              color={text.color}
              loading={run.isPending}
              disabled={Boolean(state.problem)}
            >
              {text.submit}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
