import { REMINDER_LEVELS, reminderIssueFormSchema, type OverdueRow, type ReminderIssueForm } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { Controller, useForm } from 'react-hook-form';
import { contractResolver } from '@/lib/forms';
import { impayesMessages as m } from '../messages';

interface IssueReminderDialogProps {
  /** The structures to remind; the dialog is open while there are some. */
  rows: readonly OverdueRow[];
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (form: ReminderIssueForm) => void;
}

/** Recipients, then the level (each structure's proposed level by default), then issue. */
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
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          {m.dialog.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? m.dialog.submitting : m.dialog.submit}
        </Button>
      </DialogActions>
    </form>
  );
}
