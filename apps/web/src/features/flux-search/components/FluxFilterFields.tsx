import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  FLUX_CATEGORY_NAMES,
  FLUX_PAYMENT_STATUSES,
  FLUX_PAYMENT_STATUS_LABELS,
  isFluxPaymentStatus,
  type FluxFilterErrors,
  type FluxSearchFilters,
} from '@gdf/domain';
import { fluxSearchMessages as m } from '../messages';
import { DateFilter } from './DateFilter';
import type { FluxFilterPanelProps } from './FluxFilterPanel';
import { FilterTextField } from './FilterTextField';

/** Rule texts in the original's vocabulary: none says 'required', so no field carries '*'. */
const RULES = { text: 'min:3', licence: 'numeric', amount: 'numeric|min:0' } as const;

/** 'Toutes les saisons' and the other 'all' choices show as text, not as an empty field. */
const SELECT_SHOWS_ALL = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

type TextFilter = 'licence' | 'lastName' | 'codeFederal' | 'label' | 'fluxId' | 'minAmount' | 'maxAmount';
const NUMERIC: ReadonlySet<TextFilter> = new Set(['licence', 'fluxId']);
const AMOUNTS: ReadonlySet<TextFilter> = new Set(['minAmount', 'maxAmount']);

interface FluxFilterFieldsProps extends Pick<
  FluxFilterPanelProps,
  'seasons' | 'renderStructurePicker' | 'lockedStructureName'
> {
  filters: FluxSearchFilters;
  errors: FluxFilterErrors;
  onChange: (patch: Partial<FluxSearchFilters>) => void;
  onEnter: () => void;
}

export function FluxFilterFields({ filters, errors, onChange, onEnter, seasons, ...structure }: FluxFilterFieldsProps) {
  const text = (field: TextFilter, label: string) => (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <FilterTextField
        label={label}
        value={filters[field]}
        rules={NUMERIC.has(field) ? RULES.licence : AMOUNTS.has(field) ? RULES.amount : RULES.text}
        numeric={NUMERIC.has(field)}
        decimal={AMOUNTS.has(field)}
        error={errors[field]}
        onChange={(value) => onChange({ [field]: value })}
        onEnter={onEnter}
      />
    </Grid>
  );
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <SelectFilter
        label={m.season}
        value={filters.season ?? ''}
        allLabel={m.allSeasons}
        options={[
          // The chosen season stays listed even before (or without) the seasons list.
          ...(filters.season !== null && !seasons.some((season) => season.id === filters.season)
            ? [[filters.season, String(filters.season)] as const]
            : []),
          ...seasons.map((season) => [season.id, season.NomSaison] as const),
        ]}
        onChange={(value) => onChange({ season: value === '' ? null : Number(value) })}
      />
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        {structure.renderStructurePicker ? (
          structure.renderStructurePicker(filters.structureId, (structureId) => onChange({ structureId }))
        ) : (
          <TextField fullWidth size="small" label={m.structure} value={structure.lockedStructureName ?? ''} disabled />
        )}
      </Grid>
      {text('licence', m.licence)}
      {text('lastName', m.lastName)}
      {text('codeFederal', m.codeFederal)}
      {text('label', m.label)}
      <SelectFilter
        label={m.status}
        value={filters.status}
        allLabel={m.allStatuses}
        options={FLUX_PAYMENT_STATUSES.map((status) => [status, FLUX_PAYMENT_STATUS_LABELS[status]] as const)}
        onChange={(value) => onChange({ status: isFluxPaymentStatus(value) ? value : '' })}
      />
      {text('fluxId', m.fluxId)}
      <SelectFilter
        label={m.category}
        value={filters.category ?? ''}
        allLabel={m.allCategories}
        options={Object.entries(FLUX_CATEGORY_NAMES).map(([id, name]) => [Number(id), name] as const)}
        onChange={(value) => onChange({ category: value === '' ? null : Number(value) })}
      />
      {text('minAmount', m.minAmount)}
      {text('maxAmount', m.maxAmount)}
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <DateFilter
          label={m.startDate}
          value={filters.startDate}
          error={errors.startDate}
          onChange={(startDate) => onChange({ startDate })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <DateFilter
          label={m.endDate}
          value={filters.endDate}
          error={errors.endDate}
          minDate={filters.startDate || undefined}
          onChange={(endDate) => onChange({ endDate })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <DateFilter
          label={m.settledFrom}
          value={filters.settledFrom}
          error={errors.settledFrom}
          onChange={(settledFrom) => onChange({ settledFrom })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <DateFilter
          label={m.settledTo}
          value={filters.settledTo}
          error={errors.settledTo}
          minDate={filters.settledFrom || undefined}
          onChange={(settledTo) => onChange({ settledTo })}
        />
      </Grid>
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
