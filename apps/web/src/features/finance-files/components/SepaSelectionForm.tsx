import { PAIN008_VERSIONS, type Pain008Version, type SepaCalendar } from '@gdf/domain';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Season } from '@/lib/seasons';
import { sepaMessages } from '../messages';
import { SepaCollectionDateField } from './SepaCollectionDateField';

export interface SepaFormValues {
  dateEcheance: string;
  /** A season id, '' for all of them, null until the user picks one (the current season). */
  saison: string | null;
  categories: number[];
  version: Pain008Version;
}

const CATEGORY_IDS = Object.keys(sepaMessages.categoryNames).map(Number);

/** Collection date (TARGET calendar), a season or all, categories and file format. */
export function SepaSelectionForm({
  values,
  calendar,
  seasons,
  onChange,
}: {
  values: SepaFormValues;
  calendar: SepaCalendar;
  /** The federation's seasons, newest first ('' in `values.saison` means all of them). */
  seasons: readonly Season[];
  onChange: (values: SepaFormValues) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <SepaCollectionDateField
        value={values.dateEcheance}
        calendar={calendar}
        onChange={(dateEcheance) => onChange({ ...values, dateEcheance })}
      />
      <TextField
        select
        label={sepaMessages.season}
        value={values.saison ?? ''}
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
