import {
  REMINDER_LEVELS,
  REMINDERS_BACKGROUND_ABOVE,
  reminderIssueFormSchema,
  type OverdueRow,
  type ReminderIssueForm,
} from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { contractResolver } from '@/lib/forms';
import { impayesMessages as m } from '../messages';

interface IssueReminderDialogProps {
  /** The structures to remind; the dialog is open while there are some. */
  rows: readonly OverdueRow[];
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  /** `send`: 'Émettre et envoyer' (R-MAIL-08), the letters issued then e-mailed to their structures. */
  onSubmit: (form: ReminderIssueForm, send: boolean) => void;
}

/**
 * Recipients, then the level (each structure's proposed level by default), then issue, and
 * send by e-mail when ticked (R-MAIL-08): not above the selection a request issues itself (a
 * larger one is a job, R-JOB-09, whose letters are sent afterwards), so the box is disabled then.
 */
export function IssueReminderDialog({ rows, pending, error, onCancel, onSubmit }: IssueReminderDialogProps) {
  const open = rows.length > 0;
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="relance-title"
    >
      {open && <IssueForm rows={rows} pending={pending} error={error} onCancel={onCancel} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function IssueForm({ rows, pending, error, onCancel, onSubmit }: IssueReminderDialogProps) {
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ReminderIssueForm>({
    resolver: contractResolver(reminderIssueFormSchema),
    defaultValues: { level: 'propose', structureIds: rows.map((row) => row.structure.id) },
  });
  const shown = rows.slice(0, 10);
  const [send, setSend] = useState(false);
  const tooManyToSend = rows.length > REMINDERS_BACKGROUND_ABOVE;
  const sending = send && !tooManyToSend;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit((form) => onSubmit(form, sending))(event)}>
      <DialogTitle id="relance-title">{m.dialog.title(rows.length)}</DialogTitle>
      <DialogContent>
        {pending && <LinearProgress aria-label={m.dialog.submitting} sx={{ mb: 2 }} />}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {errors.structureIds && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {errors.structureIds.message}
          </Alert>
        )}
        <Typography variant="subtitle2" component="h3">
          {m.dialog.recipients}
        </Typography>
        <ul style={{ marginTop: 4 }}>
          {shown.map((row) => (
            <li key={row.structure.id}>
              <Typography variant="body2">{m.dialog.proposedFor(row.structure.name, row.proposedLevel)}</Typography>
            </li>
          ))}
          {rows.length > shown.length && <li>…</li>}
        </ul>
        <Controller
          name="level"
          control={control}
          render={({ field }) => (
            <FormControl error={Boolean(errors.level)} disabled={pending}>
              <FormLabel id="relance-level">{m.dialog.level}</FormLabel>
              <RadioGroup {...field} aria-labelledby="relance-level">
                <FormControlLabel value="propose" control={<Radio />} label={m.dialog.proposed} />
                {REMINDER_LEVELS.map((level) => (
                  <FormControlLabel
                    key={level}
                    value={String(level)}
                    control={<Radio />}
                    label={m.dialog.levelOption(level)}
                  />
                ))}
              </RadioGroup>
              {errors.level && <FormHelperText>{errors.level.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {m.dialog.hint}
        </Typography>
        <FormControl sx={{ mt: 1 }} disabled={pending || tooManyToSend}>
          <FormControlLabel
            control={<Checkbox checked={sending} onChange={(event) => setSend(event.target.checked)} />}
            label={m.dialog.send}
          />
          {tooManyToSend && <FormHelperText>{m.dialog.sendLimit(REMINDERS_BACKGROUND_ABOVE)}</FormHelperText>}
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          {m.dialog.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? m.dialog.submitting : sending ? m.dialog.submitAndSend : m.dialog.submit}
        </Button>
      </DialogActions>
    </form>
  );
}
