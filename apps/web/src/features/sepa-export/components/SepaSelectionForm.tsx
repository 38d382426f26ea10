import { PAIN008_VERSIONS, type Pain008Version } from '@gdf/domain';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Season } from '@/lib/seasons';
import { sepaMessages } from '../messages';

export interface SepaFormValues {
  dateEcheance: string;
  saison: string;
  categories: number[];
  version: Pain008Version;
}

const CATEGORY_IDS = Object.keys(sepaMessages.categoryNames).map(Number);

/** Collection date (never in the past), a season or all, categories and file format. */
export function SepaSelectionForm({
  values,
  minDate,
  seasons,
  onChange,
}: {
  values: SepaFormValues;
  minDate: string;
  /** The federation's seasons, newest first ('' in `values.saison` means all of them). */
  seasons: readonly Season[];
  onChange: (values: SepaFormValues) => void;
}) {
  const pastDate = values.dateEcheance !== '' && values.dateEcheance < minDate;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        type="date"
        label={sepaMessages.collectionDate}
        value={values.dateEcheance}
        error={pastDate}
        helperText={pastDate ? sepaMessages.collectionDatePast : sepaMessages.collectionDateHelp}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minDate } }}
        // Kept as typed (a date being typed passes through partial values); a past date
        // is flagged here and neither previewed nor generated.
        onChange={(event) => onChange({ ...values, dateEcheance: event.target.value })}
      />
      <TextField
        select
        label={sepaMessages.season}
        value={values.saison}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(event) => onChange({ ...values, saison: event.target.value })}
      >
        <MenuItem value="">{sepaMessages.allSeasons}</MenuItem>
        {seasons.map((season) => (
          <MenuItem key={season.id} value={String(season.id)}>
            {season.NomSaison}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={sepaMessages.categories}
        value={values.categories}
        sx={{ minWidth: 220 }}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) => (selected as number[]).map((id) => sepaMessages.categoryNames[id]).join(', '),
          },
        }}
        onChange={(event) => {
          const selected = event.target.value as unknown as number[];
          if (selected.length > 0) onChange({ ...values, categories: selected });
        }}
      >
        {CATEGORY_IDS.map((id) => (
          <MenuItem key={id} value={id}>
            {sepaMessages.categoryNames[id]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={sepaMessages.version}
        value={values.version}
        onChange={(event) => onChange({ ...values, version: event.target.value as Pain008Version })}
      >
        {PAIN008_VERSIONS.map((version) => (
          <MenuItem key={version} value={version}>
            {sepaMessages.versions[version]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
