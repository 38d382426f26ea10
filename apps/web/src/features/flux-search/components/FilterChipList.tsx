import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { FluxSearchFilters } from '@gdf/domain';
import { Link as RouterLink } from 'react-router';
import { useStructureSituationTarget } from '@/components/StructureSituationLink';
import type { FilterChip } from '../utils/filter-chips';

const chipListSx = { flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0 } as const;

interface FilterChipListProps {
  /** The list's name ('Filtres actifs', 'Filtres repliés'). */
  label: string;
  chips: readonly FilterChip[];
  filters: FluxSearchFilters;
}

/** Chips summarising filters (R-SEARCH-07, R-UI-16); the structure's opens its page ('Situation de la structure'). */
export function FilterChipList({ label, chips, filters }: FilterChipListProps) {
  const situationOf = useStructureSituationTarget();
  return (
    <Stack component="ul" aria-label={label} direction="row" sx={chipListSx}>
      {chips.map((chip) => {
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
