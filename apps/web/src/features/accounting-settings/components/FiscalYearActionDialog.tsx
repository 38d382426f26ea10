import type { FiscalYearView, ValidationResult } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { formErrorText } from '@/lib/api-client';
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
  const run = useMutation({
    mutationFn: () =>
      kind === 'validation' ? validateFiscalYear(structureId, year.id, jusquau) : closeFiscalYear(structureId, year.id),
    onSuccess: (result) => onDone(action, result),
    // The server's word on the date, when it names it, goes beside the field too.
    onError: (e) => showServerIssues(e, ['jusquau'], setError),
  });
  const serverProblem = formState.errors.jusquau?.message;
  const submit = handleSubmit(() => {
    if (!problem && !run.isPending) run.mutate();
  });
  const { ref: jusquauRef, ...jusquauField } = register('jusquau', {
    onChange: () => {
      clearErrors();
      run.reset();
    },
  });
  // Closing while the request runs would hide its outcome: the dialog waits for the answer.
  const close = () => {
    if (!run.isPending) onClose();
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
          {kind === 'validation' && (
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
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={run.isPending}>
            {m.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={kind === 'cloture' ? 'warning' : 'primary'}
            loading={run.isPending}
            disabled={Boolean(problem)}
          >
            {kind === 'validation' ? m.validate : m.closeYear}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
