import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';

interface DateFilterProps {
  label: string;
  /** YYYY-MM-DD or ''. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Earliest day allowed (the end date may not precede the start date). */
  minDate?: string;
}

/** A date picker that refuses future days (R-SEARCH-02) and speaks ISO dates. */
export function DateFilter({ label, value, onChange, error, minDate }: DateFilterProps) {
  const parsed = value ? dayjs(value) : null;
  return (
    <DatePicker
      label={label}
      value={parsed}
      disableFuture
      minDate={minDate ? dayjs(minDate) : undefined}
      onChange={(next: Dayjs | null) => onChange(next?.isValid() ? next.format('YYYY-MM-DD') : next ? 'invalide' : '')}
      slotProps={{ textField: { size: 'small', fullWidth: true, error: Boolean(error), helperText: error } }}
    />
  );
}
