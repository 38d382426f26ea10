import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { JOURNAL_LABELS } from '@gdf/domain';
import type { Path, PathValue } from 'react-hook-form';
import { DateField } from '@/components/DateField';
import { sageExportMessages as m } from '../messages';
import type { recentSeasons } from './period';

// Every journal the ledger writes, the settlements' RG and the opening entries' AN included.
const JOURNALS = Object.keys(JOURNAL_LABELS);

export interface SageFormValues {
  mode: 'season' | 'dates';
  seasonId: number;
  from: string;
  to: string;
  /** Empty: every journal. */
  journaux: string[];
  format: 'pnm' | 'csv';
}

/** Sets one value of the form (and takes back what the server said of the previous ones). */
export type SageFormEdit = <Name extends Path<SageFormValues>>(
  name: Name,
  value: PathValue<SageFormValues, Name>,
) => void;

/** The SAGE export's settings: a season or two dates, the journals and the file's format. */
export function SageExportFields({
  values,
  seasons,
  edit,
  fromError,
  toError,
  journauxError,
}: {
  values: SageFormValues;
  seasons: ReturnType<typeof recentSeasons>;
  edit: SageFormEdit;
  fromError: string | undefined;
  toError: string | undefined;
  journauxError: string | undefined;
}) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={values.mode}
        onChange={(_e, v: 'season' | 'dates' | null) => v && edit('mode', v)}
        aria-label={m.period}
      >
        <ToggleButton value="season">{m.bySeason}</ToggleButton>
        <ToggleButton value="dates">{m.byDates}</ToggleButton>
      </ToggleButtonGroup>
      {values.mode === 'season' ? (
        <TextField
          select
          size="small"
          label={m.season}
          value={values.seasonId}
          onChange={(e) => edit('seasonId', Number(e.target.value))}
          sx={{ minWidth: 140 }}
        >
          {seasons.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <>
          <DateField
            name="from"
            label={m.from}
            value={values.from}
            error={Boolean(fromError)}
            helperText={fromError}
            onChange={(value) => edit('from', value)}
          />
          <DateField
            name="to"
            label={m.to}
            value={values.to}
            min={values.from || undefined}
            error={Boolean(toError)}
            helperText={toError}
            onChange={(value) => edit('to', value)}
          />
        </>
      )}
      <TextField
        select
        size="small"
        label={m.journals}
        value={values.journaux}
        error={Boolean(journauxError)}
        helperText={journauxError}
        onChange={(e) => edit('journaux', e.target.value as unknown as string[])}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (v) => ((v as string[]).length ? (v as string[]).join(', ') : m.allJournals),
          },
          inputLabel: { shrink: true },
        }}
        sx={{ minWidth: 160 }}
      >
        {JOURNALS.map((j) => (
          <MenuItem key={j} value={j}>
            {j} ({JOURNAL_LABELS[j]})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={m.format}
        value={values.format}
        onChange={(e) => edit('format', e.target.value as 'pnm' | 'csv')}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="pnm">{m.formatPnm}</MenuItem>
        <MenuItem value="csv">{m.formatCsv}</MenuItem>
      </TextField>
    </Stack>
  );
}
