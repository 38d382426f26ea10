import FilterListIcon from '@mui/icons-material/FilterList';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { areFluxFiltersEmpty, type FluxSearchFilters, type StructureTypeId } from '@gdf/domain';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { Season } from '@/lib/seasons';
import { useFilterForm } from '../hooks/use-filter-form';
import { fluxSearchMessages as m } from '../messages';
import { FOLDED_KEYS, filterChips, foldedFilterChips, selectionChipLabel } from '../utils/filter-chips';
import { FilterChipList } from './FilterChipList';
import { FluxFilterFields, MORE_FILTERS_ID } from './FluxFilterFields';

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
  /** The name of the structure the active filters name (its chip shows it, never its id); null while loading. */
  activeStructureName?: string | null;
  /** R-UI-16: the panel folds once a search is asked (on a phone, where it would hide the results). */
  foldAfterSearch?: boolean;
}

/** A folded filter holding an error opens its part: the message is never hidden. */
const foldedError = (errors: FieldErrors<FluxSearchFilters>) => [...FOLDED_KEYS].some((key) => errors[key]);

/**
 * R-UI-16: Enter in any filter searches, a select's included (it would open its list); Enter on
 * a button, or in a list that is open (the structure picker's), keeps its own meaning.
 */
const enterSearches = (search: () => void) => (event: KeyboardEvent<HTMLFormElement>) => {
  const target = event.target as HTMLElement;
  if (event.key !== 'Enter' || !event.currentTarget.contains(target)) return;
  if (target.closest('button') || target.getAttribute('aria-expanded') === 'true') return;
  event.preventDefault();
  event.stopPropagation();
  search();
};

/** 'Plus de filtres' / 'Moins de filtres', and the chips of what stays folded (R-UI-16). */
function MoreFiltersBar({
  moreOpen,
  onToggle,
  activeFilters,
  folded,
}: {
  moreOpen: boolean;
  onToggle: () => void;
  activeFilters: FluxFilterPanelProps['activeFilters'];
  folded: ReturnType<typeof foldedFilterChips>;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
      <Button
        size="small"
        startIcon={moreOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        aria-expanded={moreOpen}
        aria-controls={MORE_FILTERS_ID}
        onClick={onToggle}
      >
        {moreOpen ? m.fewerFilters : m.moreFilters}
      </Button>
      {activeFilters && folded.length > 0 && (
        <FilterChipList label={m.foldedFilters} chips={folded} filters={activeFilters} />
      )}
    </Stack>
  );
}

/** The collapsible filter panel (R-SEARCH-01 to R-SEARCH-07, R-UI-16). */
export function FluxFilterPanel(props: FluxFilterPanelProps) {
  const { activeFilters, seasons, onSearch } = props;
  const [open, setOpen] = useState(true);
  const [moreToggled, setMoreToggled] = useState(false);
  const { form, edited, submit, resetForm } = useFilterForm({ ...props, hasActiveFilters: Boolean(activeFilters) });
  const { errors } = form.formState;
  const moreOpen = moreToggled || foldedError(errors);
  const search = () => submit(props.foldAfterSearch ? () => setOpen(false) : undefined);
  const unpaidOnly = activeFilters?.status === 'impaye';
  // R-SEARCH-22: the flux of a bank return, shown folded or not, removable.
  const selectionLabel = selectionChipLabel(activeFilters);
  const removeSelection = () => {
    const rest = { ...(activeFilters ?? props.resetFilters), selection: null };
    if (areFluxFiltersEmpty(rest)) props.onReset?.();
    else onSearch(rest);
  };
  const folded = activeFilters && !moreOpen ? foldedFilterChips(activeFilters, seasons) : [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<FilterListIcon />} onClick={() => setOpen((value) => !value)} aria-expanded={open}>
          {open ? m.hideFilters : m.showFilters}
        </Button>
        <Button
          size="small"
          variant={unpaidOnly ? 'contained' : 'outlined'}
          aria-pressed={unpaidOnly}
          onClick={() => {
            form.setValue('status', unpaidOnly ? '' : 'impaye');
            search();
          }}
        >
          {m.unpaidOnly}
        </Button>
        {selectionLabel && <Chip color="primary" label={selectionLabel} onDelete={removeSelection} />}
        {!open && activeFilters && (
          <FilterChipList
            label={m.activeFilters}
            chips={filterChips(activeFilters, seasons, props.activeStructureName ?? null)}
            filters={activeFilters}
          />
        )}
      </Stack>
      <Collapse in={open}>
        <form
          noValidate
          aria-label={m.filtersTitle}
          onKeyDownCapture={enterSearches(search)}
          onSubmit={(event) => {
            event.preventDefault();
            search();
          }}
        >
          <FluxFilterFields
            {...props}
            control={form.control}
            onEdit={edited}
            onEnter={search}
            moreOpen={moreOpen}
            moreBar={
              <MoreFiltersBar
                moreOpen={moreOpen}
                onToggle={() => setMoreToggled(!moreOpen)}
                activeFilters={activeFilters}
                folded={folded}
              />
            }
          />
          {Object.keys(errors).length > 0 && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {m.formAlert}
              {errors.root && ` : ${errors.root.message}`}
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
            <Button type="submit" variant="contained">
              {m.search}
            </Button>
            <Button type="button" onClick={resetForm}>
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
