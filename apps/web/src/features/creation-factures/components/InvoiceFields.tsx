import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { INVOICE_CATEGORIES, MAX_NOTE_LENGTH, latestDueDate } from '@gdf/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDate } from '@/lib/format';
import { creationFacturesMessages as m } from '../messages';

const ISO = 'YYYY-MM-DD';

/** What every invoice says besides its lines. */
export interface InvoiceFieldsForm {
  libelle: string;
  categorie: 4 | 5;
  /** YYYY-MM-DD, '' when empty, 'invalide' while a typed date is incomplete. */
  echeance: string;
  note: string;
}

export const emptyInvoiceFields = (): InvoiceFieldsForm => ({
  libelle: '',
  categorie: 4,
  echeance: dayjs().add(30, 'day').format(ISO),
  note: '',
});

/** Label, category, due date (JJ/MM/AAAA, at most 60 days ahead: R-INV-03) and the free note. */
export function InvoiceFields({
  value,
  onChange,
}: {
  value: InvoiceFieldsForm;
  onChange: (value: InvoiceFieldsForm) => void;
}) {
  const last = latestDueDate(new Date());
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label={m.fields.label}
          value={value.libelle}
          required
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 255 } }}
          onChange={(event) => onChange({ ...value, libelle: event.target.value })}
        />
        <TextField
          select
          label={m.fields.category}
          value={value.categorie}
          sx={{ minWidth: 260 }}
          onChange={(event) => onChange({ ...value, categorie: Number(event.target.value) as 4 | 5 })}
        >
          {INVOICE_CATEGORIES.map((category) => (
            <MenuItem key={category} value={category}>
              {m.categories[category]}
            </MenuItem>
          ))}
        </TextField>
        <DatePicker
          label={m.fields.dueDate}
          format="DD/MM/YYYY"
          value={value.echeance === '' || value.echeance === 'invalide' ? null : dayjs(value.echeance)}
          minDate={dayjs()}
          maxDate={dayjs(last)}
          onChange={(next: Dayjs | null) =>
            onChange({ ...value, echeance: next?.isValid() ? next.format(ISO) : next ? 'invalide' : '' })
          }
          slotProps={{ textField: { name: 'echeance', required: true, helperText: m.dueDateHelp(formatDate(last)) } }}
        />
      </Stack>
      <TextField
        label={m.fields.note}
        value={value.note}
        multiline={false}
        slotProps={{ htmlInput: { maxLength: MAX_NOTE_LENGTH } }}
        onChange={(event) => onChange({ ...value, note: event.target.value })}
      />
    </Stack>
  );
}
