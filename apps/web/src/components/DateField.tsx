import type { SxProps, Theme } from '@mui/material/styles';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';

const ISO = 'YYYY-MM-DD';

/** What a date field holds: YYYY-MM-DD, '' when empty, 'invalide' while a typed date is incomplete. */
const dateFieldValue = (next: Dayjs | null) => (next?.isValid() ? next.format(ISO) : next ? 'invalide' : '');

interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD, '' or 'invalide'. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  /** Earliest and latest days offered (YYYY-MM-DD); a day typed outside is the caller's to flag. */
  min?: string | undefined;
  max?: string | undefined;
  disableFuture?: boolean;
  shouldDisableDate?: (day: string) => boolean;
  error?: boolean;
  helperText?: string | null | undefined;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * R-UI-18: the product's one date field, JJ/MM/AAAA whatever the browser's language, with a
 * calendar; it speaks ISO days to its caller.
 */
export function DateField({ label, value, onChange, min, max, shouldDisableDate, ...field }: DateFieldProps) {
  const parsed = value === '' || value === 'invalide' ? null : dayjs(value);
  return (
    <DatePicker
      label={label}
      format="DD/MM/YYYY"
      value={parsed}
      minDate={min ? dayjs(min) : undefined}
      maxDate={max ? dayjs(max) : undefined}
      disableFuture={field.disableFuture}
      disabled={field.disabled}
      autoFocus={field.autoFocus}
      shouldDisableDate={shouldDisableDate ? (day: Dayjs) => shouldDisableDate(day.format(ISO)) : undefined}
      onChange={(next: Dayjs | null) => onChange(dateFieldValue(next))}
      slotProps={{
        textField: {
          name: field.name,
          size: 'small',
          required: field.required,
          fullWidth: field.fullWidth,
          error: field.error,
          helperText: field.helperText,
          sx: field.sx ?? { minWidth: 180 },
          // Enter sends the form the field is in, as in any other field of a form.
          onKeyDown: (event) => {
            if (event.key === 'Enter') (event.currentTarget as HTMLElement).closest('form')?.requestSubmit();
          },
        },
      }}
    />
  );
}
