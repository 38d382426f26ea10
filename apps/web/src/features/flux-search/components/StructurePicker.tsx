import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { MIN_TEXT_FILTER_LENGTH } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getStructure, searchStructures, type StructureOption } from '../api/search-structures';
import { fluxSearchMessages as m } from '../messages';

const DEBOUNCE_MS = 300;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

interface StructurePickerProps {
  /** The type-7 structure: its federation's structures are offered. */
  federationId: number;
  value: number | null;
  onChange: (structureId: number | null) => void;
}

/** Type-ahead over the federation's structures by name or federal code (R-SCOPE-02). */
export function StructurePicker({ federationId, value, onChange }: StructurePickerProps) {
  const [input, setInput] = useState('');
  const text = useDebounced(input.trim(), DEBOUNCE_MS);
  const options = useQuery({
    queryKey: ['flux-structures', federationId, text],
    queryFn: ({ signal }) => searchStructures(federationId, text, signal),
    enabled: text.length >= MIN_TEXT_FILTER_LENGTH,
  });
  // A structure from a shared link: its name is loaded once to label the field.
  const selected = useQuery({
    queryKey: ['flux-structure', federationId, value],
    queryFn: ({ signal }) => getStructure(federationId, value ?? 0, signal),
    enabled: value !== null,
    staleTime: Infinity,
  });
  const current =
    value === null ? null : (selected.data ?? { id: value, NomStructure: String(value), ID_CodeFederal: null });

  return (
    <Autocomplete<StructureOption>
      value={current}
      options={options.data ?? []}
      loading={options.isFetching}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) =>
        option.ID_CodeFederal ? `${option.NomStructure} (${option.ID_CodeFederal})` : option.NomStructure
      }
      onChange={(_event, option) => onChange(option?.id ?? null)}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input') setInput(next);
      }}
      noOptionsText={
        input.trim().length < MIN_TEXT_FILTER_LENGTH
          ? m.structureTypeMore(MIN_TEXT_FILTER_LENGTH)
          : options.isError
            ? m.structureSearchFailed
            : m.noStructure
      }
      loadingText={m.loadingStructures}
      renderInput={(params) => (
        <TextField {...params} size="small" label={m.structure} placeholder={m.structurePlaceholder} />
      )}
    />
  );
}
