import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  FLUX_CATEGORY_NAMES,
  FLUX_PAYMENT_STATUSES,
  FLUX_PAYMENT_STATUS_LABELS,
  isFluxPaymentStatus,
  seasonSetAsideByFluxNumber,
  type FluxSearchFilters,
} from '@gdf/domain';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { fluxSearchMessages as m } from '../messages';
import { DateFilter } from './DateFilter';
import type { FluxFilterPanelProps } from './FluxFilterPanel';
import { FilterTextField } from './FilterTextField';

/** Rule texts in the original's vocabulary: none says 'required', so no field carries '*'. */
const RULES = { text: 'min:3', licence: 'numeric', amount: 'numeric|min:0', fluxNumber: 'flux_number' } as const;

/** 'Toutes les saisons' and the other 'all' choices show as text, not as an empty field. */
const SELECT_SHOWS_ALL = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

type TextFilter = 'licence' | 'lastName' | 'codeFederal' | 'label' | 'fluxId' | 'minAmount' | 'maxAmount';
// R-SEARCH-23: the flux number is text, so a printed invoice number ('2027-FFME-49758') is typed whole.
const NUMERIC: ReadonlySet<TextFilter> = new Set(['licence']);
const AMOUNTS: ReadonlySet<TextFilter> = new Set(['minAmount', 'maxAmount']);

type DateField = 'startDate' | 'endDate' | 'settledFrom' | 'settledTo';

interface FluxFilterFieldsProps extends Pick<
  FluxFilterPanelProps,
  'seasons' | 'renderStructurePicker' | 'lockedStructureName'
> {
  control: Control<FluxSearchFilters>;
  /** A field the user changed: its message (and the form's) goes until the next search. */
  onEdit: (field: keyof FluxSearchFilters) => void;
  onEnter: () => void;
}

/**
 * The filters, each its own controlled field: typing re-renders that field only, not the
 * panel nor the results.
 */
export function FluxFilterFields(props: FluxFilterFieldsProps) {
  const { control, onEdit, onEnter, seasons, renderStructurePicker, lockedStructureName } = props;
  // The end of a range may not precede its start: the pickers need the starts.
  const [startDate, settledFrom] = useWatch({ control, name: ['startDate', 'settledFrom'] });
  const text = (name: TextFilter, label: string) => (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <TextFilterField name={name} label={label} control={control} onEdit={onEdit} onEnter={onEnter} />
    </Grid>
  );
  const date = (name: DateField, label: string, minDate?: string) => (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
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
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Controller
        name="season"
        control={control}
        render={({ field }) => (
          <SelectFilter
            label={m.season}
            value={field.value ?? ''}
            allLabel={m.allSeasons}
            options={[
              // The chosen season stays listed even before (or without) the seasons list.
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
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        {renderStructurePicker ? (
          <Controller
            name="structureId"
            control={control}
            render={({ field }) => (
              <>
                {renderStructurePicker(field.value, (structureId) => {
                  field.onChange(structureId);
                  onEdit('structureId');
                })}
              </>
            )}
          />
        ) : (
          <TextField fullWidth size="small" label={m.structure} value={lockedStructureName ?? ''} disabled />
        )}
      </Grid>
      {text('licence', m.licence)}
      {text('lastName', m.lastName)}
      {text('codeFederal', m.codeFederal)}
      {text('label', m.label)}
      <Controller
        name="status"
        control={control}
        render={({ field }) => (
          <SelectFilter
            label={m.status}
            value={field.value}
            allLabel={m.allStatuses}
            options={FLUX_PAYMENT_STATUSES.map((status) => [status, FLUX_PAYMENT_STATUS_LABELS[status]] as const)}
            onChange={(value) => {
              field.onChange(isFluxPaymentStatus(value) ? value : '');
              onEdit('status');
            }}
          />
        )}
      />
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FluxNumberFilterField control={control} seasons={seasons} onEdit={onEdit} onEnter={onEnter} />
      </Grid>
      <Controller
        name="category"
        control={control}
        render={({ field }) => (
          <SelectFilter
            label={m.category}
            value={field.value ?? ''}
            allLabel={m.allCategories}
            options={Object.entries(FLUX_CATEGORY_NAMES).map(([id, name]) => [Number(id), name] as const)}
            onChange={(value) => {
              field.onChange(value === '' ? null : Number(value));
              onEdit('category');
            }}
          />
        )}
      />
      {text('minAmount', m.minAmount)}
      {text('maxAmount', m.maxAmount)}
      {date('startDate', m.startDate)}
      {date('endDate', m.endDate, startDate)}
      {date('settledFrom', m.settledFrom)}
      {date('settledTo', m.settledTo, settledFrom)}
    </Grid>
  );
}

interface TextFilterFieldProps extends Pick<FluxFilterFieldsProps, 'control' | 'onEdit' | 'onEnter'> {
  name: TextFilter;
  label: string;
  hint?: string;
}

function TextFilterField({ name, label, control, onEdit, onEnter, hint }: TextFilterFieldProps) {
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
 * R-SEARCH-23: 'N° de flux' takes the id or the printed invoice number; when that number's
 * season sets the season filter aside, the field says so. It alone watches the season.
 */
function FluxNumberFilterField(
  props: Omit<TextFilterFieldProps, 'name' | 'label' | 'hint'> & Pick<FluxFilterFieldsProps, 'seasons'>,
) {
  const { seasons, ...rest } = props;
  const [season, fluxId] = useWatch({ control: props.control, name: ['season', 'fluxId'] });
  const setAside = seasonSetAsideByFluxNumber({ season, fluxId });
  const hint =
    setAside === null
      ? undefined
      : m.fluxNumberSeason(seasons.find((item) => item.id === setAside)?.NomSaison ?? String(setAside));
  return <TextFilterField {...rest} name="fluxId" label={m.fluxId} hint={hint} />;
}

interface SelectFilterProps<T extends string | number> {
  label: string;
  value: T | '';
  allLabel: string;
  options: readonly (readonly [T, string])[];
  onChange: (value: string) => void;
}

/** A select of the form whose first choice is 'all' ('' in the filters). */
function SelectFilter<T extends string | number>({ label, value, allLabel, options, onChange }: SelectFilterProps<T>) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
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
