import { PAIN008_VERSIONS, type Pain008Version, type SepaCalendar } from '@gdf/domain';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
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
  control,
  shownSeason,
  calendar,
  seasons,
  dateError,
}: {
  control: Control<SepaFormValues>;
  /** The season shown while the user has not picked one (the current one, '' for all). */
  shownSeason: string;
  calendar: SepaCalendar;
  /** The federation's seasons, newest first ('' in `values.saison` means all of them). */
  seasons: readonly Season[];
  /** What the server said of the date, beside it. */
  dateError?: string | undefined;
}) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <Controller
        name="dateEcheance"
        control={control}
        render={({ field }) => (
          <SepaCollectionDateField
            value={field.value}
            calendar={calendar}
            serverError={dateError}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        name="saison"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={sepaMessages.season}
            value={field.value ?? shownSeason}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            onChange={(event) => field.onChange(event.target.value)}
          >
            <MenuItem value="">{sepaMessages.allSeasons}</MenuItem>
            {seasons.map((season) => (
              <MenuItem key={season.id} value={String(season.id)}>
                {season.NomSaison}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="categories"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={sepaMessages.categories}
            value={field.value}
            sx={{ minWidth: 220 }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) =>
                  (selected as number[]).map((id) => sepaMessages.categoryNames[id]).join(', '),
              },
            }}
            onChange={(event) => {
              const selected = event.target.value as unknown as number[];
              if (selected.length > 0) field.onChange(selected);
            }}
          >
            {CATEGORY_IDS.map((id) => (
              <MenuItem key={id} value={id}>
                {sepaMessages.categoryNames[id]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="version"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={sepaMessages.version}
            value={field.value}
            // R-UI-14: 'pain.008.001.08 (2019, recommandé)' is read whole, never cut.
            sx={{ minWidth: 'max-content', flexShrink: 0 }}
            onChange={(event) => field.onChange(event.target.value as Pain008Version)}
          >
            {PAIN008_VERSIONS.map((version) => (
              <MenuItem key={version} value={version}>
                {sepaMessages.versions[version]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Stack>
  );
}
