import { isTargetDay, type SepaCalendar } from '@gdf/domain';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDate } from '@/lib/format';
import { collectionDateProblem } from '../collection-date';
import { sepaMessages } from '../messages';

const ISO = 'YYYY-MM-DD';

/**
 * The requested collection date: the calendar disables TARGET closing days and the days
 * before the first allowed one; a date typed anyway is kept and flagged (never previewed).
 */
export function SepaCollectionDateField({
  value,
  calendar,
  serverError,
  onChange,
}: {
  /** YYYY-MM-DD, or 'invalide' while a typed date is incomplete. */
  value: string;
  calendar: SepaCalendar;
  /** The server's word on the date, when it named the field. */
  serverError?: string | undefined;
  onChange: (value: string) => void;
}) {
  const problem = (value === '' ? null : collectionDateProblem(value, calendar)) ?? serverError ?? null;
  const parsed = value === '' || value === 'invalide' ? null : dayjs(value);
  return (
    <DatePicker
      label={sepaMessages.collectionDate}
      // JJ/MM/AAAA whatever the browser's language (R-SEPA-10).
      format="DD/MM/YYYY"
      value={parsed}
      minDate={dayjs(calendar.earliestDate)}
      shouldDisableDate={(day: Dayjs) => !isTargetDay(day.format(ISO))}
      onChange={(next: Dayjs | null) => onChange(next?.isValid() ? next.format(ISO) : next ? 'invalide' : '')}
      slotProps={{
        textField: {
          name: 'dateEcheance',
          error: problem !== null,
          helperText: problem ?? sepaMessages.collectionDateHelp(formatDate(calendar.earliestDate)),
          sx: { minWidth: 220 },
        },
      }}
    />
  );
}
