import type { BankMatchFlux } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MIN_FLUX_QUERY, useOpenFluxSearch } from '../api/search-open-flux';
import { bankErrorText } from '../error-text';
import { bankStatementMessages as m } from '../messages';
import { fluxText } from './format';

function FoundFlux({
  found,
  chosen,
  onAdd,
}: {
  found: readonly BankMatchFlux[];
  chosen: ReadonlySet<number>;
  onAdd: (flux: BankMatchFlux) => void;
}) {
  if (found.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        {m.noFluxFound}
      </Typography>
    );
  return (
    <Stack component="ul" aria-label={m.searchResultsLabel} sx={{ listStyle: 'none', m: 0, p: 0, mt: 1 }}>
      {found.map((flux) => (
        <Stack component="li" key={flux.ID_FluxFinancier} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {fluxText(flux)}
          </Typography>
          <Button
            size="small"
            aria-label={m.addLabel(m.invoice(flux.numeroFacture))}
            disabled={chosen.has(flux.ID_FluxFinancier)}
            onClick={() => onAdd(flux)}
          >
            {m.add}
          </Button>
        </Stack>
      ))}
    </Stack>
  );
}

/** 'Rechercher un flux' (R-BANK-04): the open flux matching what is typed, each to add as a part. */
export function SplitFluxSearch({
  structureId,
  chosen,
  onAdd,
}: {
  structureId: number;
  /** The flux already among the parts. */
  chosen: ReadonlySet<number>;
  onAdd: (flux: BankMatchFlux) => void;
}) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const search = useOpenFluxSearch(structureId, query);
  return (
    <>
      <Box
        component="form"
        role="search"
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(typed.trim());
        }}
      >
        <TextField
          size="small"
          fullWidth
          label={m.searchFlux}
          helperText={m.searchHelp}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="outlined" disabled={typed.trim().length < MIN_FLUX_QUERY}>
          {m.search}
        </Button>
      </Box>
      {search.isFetching && <CircularProgress aria-label={m.searching} size={24} />}
      {search.isError && <Alert severity="error">{bankErrorText(search.error, m.searchError)}</Alert>}
      {search.data && <FoundFlux found={search.data} chosen={chosen} onAdd={onAdd} />}
    </>
  );
}
