import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AGEING_BUCKETS, AGEING_BUCKET_LABELS, STRUCTURE_TYPE_NAMES, parseEuroAmount } from '@gdf/domain';
import { useState, type FormEvent } from 'react';
import { StructurePicker } from '@/components/StructurePicker';
import { impayesMessages } from '../messages';
import { CLEARED_FILTERS, type ImpayesSearch } from './use-impayes-search';

const m = impayesMessages.filters;
/** The types a head office's scope holds besides itself (STR_StructureType 1 to 6). */
const TYPES = Object.entries(STRUCTURE_TYPE_NAMES).filter(([id]) => Number(id) < 7);
const fieldSx = { minWidth: 200, flex: '1 1 200px' } as const;

/** Cents of the URL as the field shows them, in euros ('150' or '150,5'). */
const eurosText = (cents: string | undefined) => (cents ? String(Number(cents) / 100).replace('.', ',') : '');

interface ImpayesFiltersProps {
  search: ImpayesSearch;
  onChange: (patch: ImpayesSearch) => void;
  /** The head office whose ligues and comités are offered; none when the scope holds no other structure. */
  federationId: number | null;
}

/** The typed fields: the name (or federal code) and the minimum, applied on 'Rechercher' or Enter. */
function SearchLine({ search, onChange }: Omit<ImpayesFiltersProps, 'federationId'>) {
  const [name, setName] = useState(search.recherche ?? '');
  const [minimum, setMinimum] = useState(eurosText(search.montantMin));
  const cents = minimum.trim() === '' ? null : parseEuroAmount(minimum);
  const invalid = minimum.trim() !== '' && cents === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) onChange({ recherche: name.trim(), montantMin: cents === null ? '' : String(cents) });
  };
  return (
    <Stack
      component="form"
      aria-label={m.label}
      onSubmit={submit}
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 2 }}
    >
      <TextField
        size="small"
        type="search"
        label={m.search}
        value={name}
        onChange={(event) => setName(event.target.value)}
        sx={{ minWidth: 260, flex: '2 1 320px' }}
      />
      <TextField
        size="small"
        label={m.minimum}
        value={minimum}
        error={invalid}
        helperText={invalid ? m.minimumInvalid : undefined}
        onChange={(event) => setMinimum(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={fieldSx}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button type="submit" variant="contained">
          {m.submit}
        </Button>
        <Button onClick={() => onChange(CLEARED_FILTERS)}>{m.clear}</Button>
      </Stack>
    </Stack>
  );
}

/** A list of choices applied at once. */
function Choice({
  value,
  label,
  options,
  any,
  onChange,
}: {
  value: string | undefined;
  label: string;
  options: ReadonlyArray<readonly [string, string]>;
  any: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      sx={fieldSx}
    >
      <MenuItem value="">{any}</MenuItem>
      {options.map(([option, text]) => (
        <MenuItem key={option} value={option}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

const AGEING_OPTIONS = AGEING_BUCKETS.map((bucket) => [bucket, m.ageingOption(AGEING_BUCKET_LABELS[bucket])] as const);
const REMINDED_OPTIONS = [
  ['oui', m.remindedYes],
  ['non', m.remindedNo],
] as const;

/**
 * R-UI-20: the search by name and the filters of Impayés; each goes to the URL, so the page can
 * be linked (a link followed or the filters cleared: the typed fields show the URL's values).
 */
export function ImpayesFilters({ search, onChange, federationId }: ImpayesFiltersProps) {
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <SearchLine key={`${search.recherche ?? ''}|${search.montantMin ?? ''}`} search={search} onChange={onChange} />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Choice
          value={search.type}
          label={m.type}
          options={TYPES}
          any={m.anyType}
          onChange={(type) => onChange({ type })}
        />
        <Choice
          value={search.anciennete}
          label={m.ageing}
          options={AGEING_OPTIONS}
          any={m.anyAgeing}
          onChange={(anciennete) => onChange({ anciennete })}
        />
        <Choice
          value={search.relance}
          label={m.reminded}
          options={REMINDED_OPTIONS}
          any={m.anyReminded}
          onChange={(relance) => onChange({ relance })}
        />
        {federationId !== null &&
          (['ligueId', 'comiteId'] as const).map((key) => (
            <StructurePicker
              key={key}
              federationId={federationId}
              types={key === 'ligueId' ? [4] : [5]}
              label={key === 'ligueId' ? m.ligue : m.comite}
              value={search[key] ? Number(search[key]) : null}
              onChange={(id) => onChange({ [key]: id === null ? '' : String(id) })}
              sx={fieldSx}
            />
          ))}
      </Stack>
    </Stack>
  );
}
