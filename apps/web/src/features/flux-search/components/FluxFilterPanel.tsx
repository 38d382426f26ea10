import FilterListIcon from '@mui/icons-material/FilterList';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  parisToday,
  resetClearsStructure,
  validateFluxFilters,
  type FluxFilterErrors,
  type FluxSearchFilters,
  type StructureTypeId,
} from '@gdf/domain';
import { useState, type ReactNode } from 'react';
import type { Season } from '@/lib/seasons';
import { fluxSearchMessages as m } from '../messages';
import { filterChips } from '../utils/filter-chips';
import { FluxFilterFields } from './FluxFilterFields';

export interface FluxFilterPanelProps {
  initialFilters: FluxSearchFilters;
  /** What the reset button goes back to (season by default, no text). */
  resetFilters: FluxSearchFilters;
  seasons: readonly Season[];
  structureType: StructureTypeId;
  /** The structure picker of a type-7 structure; absent for locked types. */
  renderStructurePicker?: (value: number | null, onChange: (id: number | null) => void) => ReactNode;
  lockedStructureName?: string;
  onSearch: (filters: FluxSearchFilters) => void;
  /** 'Réinitialiser' also drops the search shown and its URL (R-SEARCH-12). */
  onReset?: () => void;
  /** The filters of the search shown (the URL's), summarised as chips when the panel is folded. */
  activeFilters?: FluxSearchFilters | null;
}

const chipListSx = { flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0 } as const;

/** The collapsible filter panel (R-SEARCH-01 to R-SEARCH-07). */
export function FluxFilterPanel(props: FluxFilterPanelProps) {
  const { initialFilters, resetFilters, structureType, onSearch } = props;
  const [open, setOpen] = useState(true);
  const [filters, setFilters] = useState(initialFilters);
  // Filters arriving by URL are checked as typed ones are, and flagged at once.
  const urlErrors = (): FluxFilterErrors =>
    props.activeFilters ? validateFluxFilters(initialFilters, parisToday()) : {};
  const [errors, setErrors] = useState<FluxFilterErrors>(urlErrors);
  // A new URL (back/forward, a shared link) re-seeds the form in place: no re-mount, so
  // after a search the focus stays in the field and the panel stays as the user left it.
  const seed = JSON.stringify(initialFilters);
  const [seededFrom, setSeededFrom] = useState(seed);
  if (seed !== seededFrom) {
    setSeededFrom(seed);
    setFilters(initialFilters);
    setErrors(urlErrors());
  }

  const change = (patch: Partial<FluxSearchFilters>) => {
    setFilters((previous) => ({ ...previous, ...patch }));
    // Errors are re-checked on the next search; a field being corrected loses its message now.
    setErrors((previous) => {
      const next = { ...previous, form: undefined };
      for (const key of Object.keys(patch)) delete next[key as keyof FluxFilterErrors];
      return next;
    });
  };

  const submit = () => {
    const found = validateFluxFilters(filters, parisToday());
    setErrors(found);
    if (Object.keys(found).length === 0) onSearch(filters);
  };

  const reset = () => {
    setFilters({ ...resetFilters, structureId: resetClearsStructure(structureType) ? null : filters.structureId });
    setErrors({});
    props.onReset?.();
  };

  const invalid = Object.keys(errors).length > 0;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<FilterListIcon />} onClick={() => setOpen((value) => !value)} aria-expanded={open}>
          {open ? m.hideFilters : m.showFilters}
        </Button>
        {!open && props.activeFilters && (
          <Stack component="ul" aria-label={m.activeFilters} direction="row" sx={chipListSx}>
            {filterChips(props.activeFilters, props.seasons).map((chip) => (
              <li key={chip.key}>
                <Chip size="small" label={chip.label} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      <Collapse in={open}>
        <form
          noValidate
          aria-label={m.filtersTitle}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FluxFilterFields {...props} filters={filters} errors={errors} onChange={change} onEnter={submit} />
          {invalid && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {m.formAlert}
              {errors.form && ` : ${errors.form}`}
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
            <Button type="submit" variant="contained">
              {m.search}
            </Button>
            <Button type="button" onClick={reset}>
              {m.reset}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {m.requiredHint}
            </Typography>
          </Stack>
        </form>
      </Collapse>
    </Paper>
  );
}
