import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FluxFilterErrors, FluxSearchFilters } from '@gdf/domain';
import { fluxSearchMessages as m } from '../messages';
import { DateFilter } from './DateFilter';
import type { FluxFilterPanelProps } from './FluxFilterPanel';
import { FilterTextField } from './FilterTextField';

/** Rule texts in the original's vocabulary: none says 'required', so no field carries '*'. */
const RULES = { text: 'min:3', licence: 'numeric' } as const;

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
  const text = (field: 'licence' | 'lastName' | 'codeFederal' | 'label', label: string) => (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <FilterTextField
        label={label}
        value={filters[field]}
        rules={field === 'licence' ? RULES.licence : RULES.text}
        numeric={field === 'licence'}
        error={errors[field]}
        onChange={(value) => onChange({ [field]: value })}
        onEnter={onEnter}
      />
    </Grid>
  );
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={m.season}
          value={filters.season ?? ''}
          onChange={(event) => onChange({ season: event.target.value === '' ? null : Number(event.target.value) })}
        >
          <MenuItem value="">{m.allSeasons}</MenuItem>
          {/* The chosen season stays listed even before (or without) the seasons list. */}
          {filters.season !== null && !seasons.some((season) => season.id === filters.season) && (
            <MenuItem value={filters.season}>{filters.season}</MenuItem>
          )}
          {seasons.map((season) => (
            <MenuItem key={season.id} value={season.id}>
              {season.NomSaison}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
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
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={m.status}
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value === 'rejete' ? 'rejete' : '' })}
        >
          <MenuItem value="">{m.allStatuses}</MenuItem>
          <MenuItem value="rejete">{m.rejectedStatus}</MenuItem>
        </TextField>
      </Grid>
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
    </Grid>
  );
}
