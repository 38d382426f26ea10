import FilterListIcon from '@mui/icons-material/FilterList';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  areFluxFiltersEmpty,
  fluxSearchFiltersContract,
  parisToday,
  resetClearsStructure,
  type FluxSearchFilters,
  type StructureTypeId,
} from '@gdf/domain';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useStructureSituationTarget } from '@/components/StructureSituationLink';
import { contractResolver } from '@/lib/forms';
import type { Season } from '@/lib/seasons';
import { fluxSearchMessages as m } from '../messages';
import { filterChips, selectionChipLabel } from '../utils/filter-chips';
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
  /** The name of the structure the active filters name (its chip shows it, never its id); null while loading. */
  activeStructureName?: string | null;
}

const chipListSx = { flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0 } as const;

/** The day of the check: a page left open overnight refuses tomorrow's dates the next day. */
const checkFilters: Resolver<FluxSearchFilters> = (values, context, options) =>
  contractResolver(fluxSearchFiltersContract(parisToday()))(values, context, options);

/** The collapsible filter panel (R-SEARCH-01 to R-SEARCH-07). */
export function FluxFilterPanel(props: FluxFilterPanelProps) {
  const { initialFilters, resetFilters, structureType, onSearch } = props;
  const [open, setOpen] = useState(true);
  const {
    control,
    handleSubmit,
    reset,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<FluxSearchFilters>({
    defaultValues: initialFilters,
    resolver: checkFilters,
    // Errors are re-checked on the next search (a field being corrected loses its message
    // at once, see `edited`); the focus stays where the user typed.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // A new URL (back/forward, a shared link) re-seeds the form in place: no re-mount, so
  // after a search the focus stays in the field and the panel stays as the user left it.
  // Filters arriving by URL are checked as typed ones are, and flagged at once.
  const seed = JSON.stringify(initialFilters);
  const seededFrom = useRef(seed);
  const hasActiveFilters = Boolean(props.activeFilters);
  useEffect(() => {
    if (seededFrom.current !== seed) {
      seededFrom.current = seed;
      reset(JSON.parse(seed) as FluxSearchFilters);
    }
    if (!hasActiveFilters) return;
    const checked = fluxSearchFiltersContract(parisToday()).safeParse(JSON.parse(seed));
    for (const issue of checked.error?.issues ?? []) {
      const field = (issue.path.map(String).join('.') || 'root') as Path<FluxSearchFilters> | 'root';
      setError(field, { type: issue.code, message: issue.message });
    }
  }, [seed, hasActiveFilters, reset, setError]);

  const edited = (field: keyof FluxSearchFilters) => {
    if (errors[field]) clearErrors(field);
    if (errors.root) clearErrors('root');
  };
  const submit = () => void handleSubmit(onSearch)();

  const resetForm = () => {
    reset({ ...resetFilters, structureId: resetClearsStructure(structureType) ? null : getValues('structureId') });
    props.onReset?.();
  };

  const invalid = Object.keys(errors).length > 0;
  // R-SEARCH-22: the flux of a bank return, shown folded or not, removable.
  const selectionLabel = selectionChipLabel(props.activeFilters);
  const removeSelection = () => {
    const rest = { ...(props.activeFilters ?? resetFilters), selection: null };
    if (areFluxFiltersEmpty(rest)) props.onReset?.();
    else onSearch(rest);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<FilterListIcon />} onClick={() => setOpen((value) => !value)} aria-expanded={open}>
          {open ? m.hideFilters : m.showFilters}
        </Button>
        {selectionLabel && <Chip color="primary" label={selectionLabel} onDelete={removeSelection} />}
        {!open && props.activeFilters && (
          <ActiveFilterChips
            filters={props.activeFilters}
            seasons={props.seasons}
            structureName={props.activeStructureName ?? null}
          />
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
          <FluxFilterFields {...props} control={control} onEdit={edited} onEnter={submit} />
          {invalid && (
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

interface ActiveFilterChipsProps {
  filters: FluxSearchFilters;
  seasons: FluxFilterPanelProps['seasons'];
  structureName: string | null;
}

/** The folded panel's chips (R-SEARCH-07); the structure's opens its page ('Situation de la structure'). */
function ActiveFilterChips({ filters, seasons, structureName }: ActiveFilterChipsProps) {
  const situationOf = useStructureSituationTarget();
  return (
    <Stack component="ul" aria-label={m.activeFilters} direction="row" sx={chipListSx}>
      {filterChips(filters, seasons, structureName).map((chip) => {
        const target = chip.key === 'structureId' && filters.structureId ? situationOf(filters.structureId) : null;
        return (
          <li key={chip.key}>
            {target ? (
              <Chip
                size="small"
                label={chip.label}
                clickable
                component={RouterLink}
                to={target.to}
                state={target.state}
              />
            ) : (
              <Chip size="small" label={chip.label} />
            )}
          </li>
        );
      })}
    </Stack>
  );
}
