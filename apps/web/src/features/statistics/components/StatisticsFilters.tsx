import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FLUX_CATEGORY_NAMES, STRUCTURE_TYPE_NAMES, StructureType } from '@gdf/domain';
import { useState, type FormEvent } from 'react';
import { DateField } from '@/components/DateField';
import { StructurePicker } from '@/components/StructurePicker';
import { useSeasons } from '@/lib/seasons';
import type { StatisticsUrlFilters as Filters } from '../api/statistics-types';
import { statisticsMessages } from '../messages';
import { CLEARED_STATISTICS_FILTERS } from '../utils/statistics-url';

const m = statisticsMessages.filters;
const fieldSx = { minWidth: 200, flex: '1 1 200px' } as const;
const CATEGORIES = Object.entries(FLUX_CATEGORY_NAMES);
const TYPES = Object.entries(STRUCTURE_TYPE_NAMES).filter(([id]) => Number(id) !== StructureType.Federation);

interface StatisticsFiltersProps {
  filters: Filters;
  onChange: (patch: Filters) => void;
  /** The head office whose ligues and comités are offered; null elsewhere (its own figures only). */
  federationId: number | null;
}

/** A list of choices, applied at once. */
function Choice(props: {
  label: string;
  value: string | undefined;
  any: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.target.value)}
      sx={fieldSx}
    >
      <MenuItem value="">{props.any}</MenuItem>
      {props.options.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The period: two JJ/MM/AAAA days applied together ('Appliquer la période' or Enter). */
function PeriodForm({ filters, onChange }: Omit<StatisticsFiltersProps, 'federationId'>) {
  const [debut, setDebut] = useState(filters.debut ?? '');
  const [fin, setFin] = useState(filters.fin ?? '');
  const invalid = (day: string) => (day === 'invalide' ? m.dateInvalid : null);
  const reversed = debut !== '' && fin !== '' && !invalid(debut) && !invalid(fin) && fin < debut;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid(debut) && !invalid(fin) && !reversed) onChange({ debut, fin });
  };
  return (
    <Stack component="form" onSubmit={submit} direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
      <DateField
        label={m.start}
        value={debut}
        onChange={setDebut}
        error={Boolean(invalid(debut))}
        helperText={invalid(debut)}
        sx={fieldSx}
      />
      <DateField
        label={m.end}
        value={fin}
        onChange={setFin}
        error={Boolean(invalid(fin)) || reversed}
        helperText={invalid(fin) ?? (reversed ? m.endBeforeStart : null)}
        sx={fieldSx}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button type="submit" variant="contained">
          {m.apply}
        </Button>
        <Button onClick={() => onChange(CLEARED_STATISTICS_FILTERS)}>{m.clear}</Button>
      </Stack>
    </Stack>
  );
}

/**
 * The cockpit's filters (season, period, category, type of structure, ligue, comité), each in the
 * URL: a copied link reopens the same figures, and a link followed shows its values in the fields
 * (R-STAT-02).
 */
export function StatisticsFilters({ filters, onChange, federationId }: StatisticsFiltersProps) {
  const { seasons } = useSeasons();
  const seasonOptions = seasons.map((season) => [String(season.id), season.NomSaison] as const);
  return (
    <Stack spacing={2} role="group" aria-label={m.label}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Choice
          label={m.season}
          value={filters.saison}
          any={m.anySeason}
          options={seasonOptions}
          onChange={(saison) => onChange({ saison })}
        />
        <Choice
          label={m.category}
          value={filters.categorie}
          any={m.anyCategory}
          options={CATEGORIES}
          onChange={(categorie) => onChange({ categorie })}
        />
        <Choice
          label={m.type}
          value={filters.typeStructure}
          any={m.anyType}
          options={TYPES}
          onChange={(typeStructure) => onChange({ typeStructure })}
        />
        {federationId !== null &&
          (['ligue', 'comite'] as const).map((key) => (
            <StructurePicker
              key={key}
              federationId={federationId}
              types={key === 'ligue' ? [StructureType.LigueRegionale] : [StructureType.ComiteDepartemental]}
              label={key === 'ligue' ? m.ligue : m.comite}
              value={filters[key] ? Number(filters[key]) : null}
              onChange={(id) => onChange({ [key]: id === null ? '' : String(id) })}
              sx={fieldSx}
            />
          ))}
      </Stack>
      <PeriodForm key={`${filters.debut ?? ''}|${filters.fin ?? ''}`} filters={filters} onChange={onChange} />
    </Stack>
  );
}
