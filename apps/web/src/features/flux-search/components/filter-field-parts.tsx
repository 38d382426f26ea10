import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { seasonSetAsideByFluxNumber, type FluxSearchFilters } from '@gdf/domain';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { Season } from '@/lib/seasons';
import { fluxSearchMessages as m } from '../messages';
import { DateFilter } from './DateFilter';
import { FilterTextField } from './FilterTextField';

/** Rule texts in the original's vocabulary: none says 'required', so no field carries '*'. */
const RULES = { text: 'min:3', licence: 'numeric', amount: 'numeric|min:0', fluxNumber: 'flux_number' } as const;

/** 'Toutes les saisons' and the other 'all' choices show as text, not as an empty field. */
const SELECT_SHOWS_ALL = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

export type TextFilter = 'licence' | 'lastName' | 'codeFederal' | 'label' | 'fluxId' | 'minAmount' | 'maxAmount';
// R-SEARCH-23: the flux number is text, so a printed invoice number ('2027-FFME-49758') is typed whole.
const NUMERIC: ReadonlySet<TextFilter> = new Set(['licence']);
const AMOUNTS: ReadonlySet<TextFilter> = new Set(['minAmount', 'maxAmount']);

export type DateField = 'startDate' | 'endDate' | 'settledFrom' | 'settledTo';

/** One field's size in the filter grid. */
export const FIELD_SIZE = { xs: 12, sm: 6, md: 3 } as const;

export interface FieldProps {
  control: Control<FluxSearchFilters>;
  /** A field the user changed: its message (and the form's) goes until the next search. */
  onEdit: (field: keyof FluxSearchFilters) => void;
  onEnter: () => void;
}

interface TextFilterFieldProps extends FieldProps {
  name: TextFilter;
  label: string;
  hint?: string;
}

export function TextFilterField({ name, label, control, onEdit, onEnter, hint }: TextFilterFieldProps) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FilterTextField
          label={label}
          value={field.value}
          rules={rulesOf(name)}
          numeric={NUMERIC.has(name)}
          decimal={AMOUNTS.has(name)}
          error={fieldState.error?.message}
          hint={hint}
          onChange={(value) => {
            field.onChange(value);
            onEdit(name);
          }}
          onEnter={onEnter}
        />
      )}
    />
  );
}

function rulesOf(name: TextFilter): string {
  if (name === 'fluxId') return RULES.fluxNumber;
  if (NUMERIC.has(name)) return RULES.licence;
  return AMOUNTS.has(name) ? RULES.amount : RULES.text;
}

/**
 * R-SEARCH-23: 'N° de flux ou de facture' takes the id or the printed invoice number; when that
 * number's season sets the season filter aside, the field says so. It alone watches the season.
 */
export function FluxNumberFilterField(props: FieldProps & { seasons: readonly Season[] }) {
  const { seasons, ...rest } = props;
  const [season, fluxId] = useWatch({ control: props.control, name: ['season', 'fluxId'] });
  const setAside = seasonSetAsideByFluxNumber({ season, fluxId });
  const hint =
    setAside === null
      ? undefined
      : m.fluxNumberSeason(seasons.find((item) => item.id === setAside)?.NomSaison ?? String(setAside));
  return <TextFilterField {...rest} name="fluxId" label={m.fluxId} hint={hint} />;
}

/** A date filter of the grid; `minDate` is the start of its range. */
export function DateFilterField(
  props: Omit<FieldProps, 'onEnter'> & { name: DateField; label: string; minDate?: string },
) {
  const { name, label, minDate, control, onEdit } = props;
  return (
    <Grid size={FIELD_SIZE}>
      <Controller
        name={name}
        control={control}
        render={({ field, fieldState }) => (
          <DateFilter
            label={label}
            value={field.value}
            error={fieldState.error?.message}
            minDate={minDate || undefined}
            onChange={(value) => {
              field.onChange(value);
              onEdit(name);
            }}
          />
        )}
      />
    </Grid>
  );
}

interface SelectFilterProps<T extends string | number> {
  label: string;
  value: T | '';
  allLabel: string;
  options: readonly (readonly [T, string])[];
  onChange: (value: string) => void;
}

/** A select of the form whose first choice is 'all' ('' in the filters). */
export function SelectFilter<T extends string | number>(props: SelectFilterProps<T>) {
  const { label, value, allLabel, options, onChange } = props;
  return (
    <Grid size={FIELD_SIZE}>
      <TextField
        select
        fullWidth
        size="small"
        slotProps={SELECT_SHOWS_ALL}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <MenuItem value="">{allLabel}</MenuItem>
        {options.map(([id, name]) => (
          <MenuItem key={id} value={id}>
            {name}
          </MenuItem>
        ))}
      </TextField>
    </Grid>
  );
}

/** The season select: the chosen season stays listed even before (or without) the seasons list. */
export function SeasonFilter({
  control,
  onEdit,
  seasons,
}: Omit<FieldProps, 'onEnter'> & { seasons: readonly Season[] }) {
  return (
    <Controller
      name="season"
      control={control}
      render={({ field }) => (
        <SelectFilter
          label={m.season}
          value={field.value ?? ''}
          allLabel={m.allSeasons}
          options={[
            ...(field.value !== null && !seasons.some((season) => season.id === field.value)
              ? [[field.value, String(field.value)] as const]
              : []),
            ...seasons.map((season) => [season.id, season.NomSaison] as const),
          ]}
          onChange={(value) => {
            field.onChange(value === '' ? null : Number(value));
            onEdit('season');
          }}
        />
      )}
    />
  );
}
