import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { MIN_TEXT_FILTER_LENGTH } from '@gdf/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  searchStructures,
  structureOptionLabel,
  structureOptionQuery,
  type StructureOption,
} from '@/lib/structure-options';
import { componentMessages as m } from './messages';

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
  onChange: (structureId: number | null, option: StructureOption | null) => void;
  /** Only structures of these types (e.g. [4] for the ligues); every type when absent. */
  types?: readonly number[];
  /** The field's label; 'Structure' by default. */
  label?: string;
  required?: boolean;
  size?: 'small' | 'medium';
  /** Clears the text once a structure is chosen (a picker that adds to a list). */
  clearOnSelect?: boolean;
  sx?: object;
}

/**
 * Type-ahead over the federation's structures by name or federal code (R-SCOPE-02): it lists
 * only what the server lets the user see, and the server checks the scope again on every write.
 */
export function StructurePicker({
  federationId,
  value,
  onChange,
  types,
  label = m.structure,
  required = false,
  size = 'small',
  clearOnSelect = false,
  sx,
}: StructurePickerProps) {
  const queryClient = useQueryClient();
  const [input, setInput] = useState('');
  const text = useDebounced(input.trim(), DEBOUNCE_MS);
  const typeKey = types?.join(',') ?? '';
  const options = useQuery({
    queryKey: ['structure-options', federationId, typeKey, text],
    queryFn: ({ signal }) => searchStructures(federationId, text, signal, types),
    enabled: text.length >= MIN_TEXT_FILTER_LENGTH,
  });
  // A structure given from outside (a shared link, a saved draft): its name is loaded once to label the field.
  const selected = useQuery(structureOptionQuery(federationId, value));
  const current =
    value === null ? null : (selected.data ?? { id: value, NomStructure: String(value), ID_CodeFederal: null });

  return (
    <Autocomplete<StructureOption>
      value={current}
      options={options.data ?? []}
      loading={options.isFetching}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={structureOptionLabel}
      sx={sx}
      onChange={(_event, option) => {
        // The chosen option names itself at once: the field never shows its bare id while a read runs.
        if (option) queryClient.setQueryData(structureOptionQuery(federationId, option.id).queryKey, option);
        onChange(option?.id ?? null, option);
        if (clearOnSelect) setInput('');
      }}
      {...(clearOnSelect ? { inputValue: input } : {})}
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
        <TextField {...params} size={size} required={required} label={label} placeholder={m.structurePlaceholder} />
      )}
    />
  );
}
