import { formatEuros, type BankEntryView } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useConfirmReconciliation } from '../api/confirm-reconciliation';
import { MIN_FLUX_QUERY, useOpenFluxSearch } from '../api/search-open-flux';
import { bankErrorText } from '../error-text';
import { bankStatementMessages as m } from '../messages';
import { fluxText } from './format';
import { fluxOfAnotherStructure } from './other-structure';
import { OtherStructureDialog } from './OtherStructureDialog';
import { checkSplit, newPart, totalOf, type SplitPart } from './split-parts';

/**
 * 'Rechercher un flux' (R-BANK-04): search the open flux, choose one or several and the part of the
 * credit each receives (a split). The sum is shown against the credit and the domain's rules
 * are checked as typed; the server checks again and its refusal is shown here.
 */
export function BankSplitDialog({
  entry,
  amount,
  structureId,
  onClose,
  onConfirmed,
}: {
  entry: BankEntryView;
  amount: string;
  structureId: number;
  onClose: () => void;
  onConfirmed: (view: BankEntryView) => void;
}) {
  const titleId = useId();
  // The best proposal's flux to start from, when there is one.
  const { control, watch } = useForm<{ parts: SplitPart[] }>({
    defaultValues: {
      parts: (entry.propositions[0]?.flux ?? []).reduce<SplitPart[]>(
        (chosen, flux) => [...chosen, newPart(flux, entry.montantCents, chosen)],
        [],
      ),
    },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'parts', keyName: 'key' });
  const parts = watch('parts');
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const search = useOpenFluxSearch(structureId, query);
  const confirm = useConfirmReconciliation(structureId);
  const check = checkSplit(entry.montantCents, parts);
  const total = totalOf(parts);
  const chosen = new Set(parts.map((part) => part.flux.ID_FluxFinancier));
  // R-BANK-10: a flux of another structure than the identified payer is sent only once confirmed.
  const [asking, setAsking] = useState<{ payer: string; structure: string } | null>(null);
  const send = (otherStructureConfirmed: boolean) =>
    confirm
      .mutateAsync({
        entryId: entry.id,
        body: otherStructureConfirmed ? { ...check.body, autreStructureConfirmee: true } : check.body,
      })
      .then(onConfirmed)
      .catch(() => undefined); // shown above from the mutation's state
  const submit = () => {
    const other = fluxOfAnotherStructure(
      entry,
      parts.map((part) => part.flux),
    );
    if (other && entry.payeur) setAsking({ payer: entry.payeur.NomStructure, structure: other.NomStructure });
    else void send(false);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{m.splitTitle(amount)}</DialogTitle>
      <DialogContent>
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
        {search.data?.length === 0 && (
          <Typography variant="body2" color="text.secondary" role="status">
            {m.noFluxFound}
          </Typography>
        )}
        {search.data && search.data.length > 0 && (
          <Stack component="ul" aria-label={m.searchResultsLabel} sx={{ listStyle: 'none', m: 0, p: 0, mt: 1 }}>
            {search.data.map((flux) => (
              <Stack
                component="li"
                key={flux.ID_FluxFinancier}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center' }}
              >
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {fluxText(flux)}
                </Typography>
                <Button
                  size="small"
                  aria-label={m.addLabel(m.invoice(flux.numeroFacture))}
                  disabled={chosen.has(flux.ID_FluxFinancier)}
                  onClick={() => append(newPart(flux, entry.montantCents, parts))}
                >
                  {m.add}
                </Button>
              </Stack>
            ))}
          </Stack>
        )}

        <Typography component="h3" variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
          {m.partsTitle}
        </Typography>
        {parts.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {m.noPart}
          </Typography>
        )}
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {fields.map((part, index) => {
            const invoice = m.invoice(part.flux.numeroFacture);
            const error = check.fieldErrors.get(part.flux.ID_FluxFinancier);
            return (
              <Stack component="li" key={part.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="body2" sx={{ flex: 1, pt: 1 }}>
                  {fluxText(part.flux)}
                </Typography>
                <Controller
                  name={`parts.${index}.text`}
                  control={control}
                  render={({ field }) => (
                    <TextField
                      size="small"
                      sx={{ width: 180 }}
                      label={m.partAmount(invoice)}
                      value={field.value}
                      name={field.name}
                      error={Boolean(error)}
                      helperText={error}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      onChange={(event) => field.onChange(event.target.value)}
                    />
                  )}
                />
                <Button size="small" aria-label={m.removeLabel(invoice)} onClick={() => remove(index)}>
                  {m.remove}
                </Button>
              </Stack>
            );
          })}
        </Stack>
        <Box aria-live="polite" sx={{ mt: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {m.sumLine(formatEuros(total), amount)}
          </Typography>
          {total < entry.montantCents && total > 0 && (
            <Typography variant="body2" color="text.secondary">
              {m.leftOver(formatEuros(entry.montantCents - total))}
            </Typography>
          )}
          {check.problem && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {check.problem}
            </Alert>
          )}
        </Box>
        {confirm.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {bankErrorText(confirm.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{m.cancel}</Button>
        <Button
          variant="contained"
          disabled={check.problem !== null || check.fieldErrors.size > 0 || confirm.isPending}
          onClick={submit}
        >
          {confirm.isPending ? m.confirming : m.confirm}
        </Button>
      </DialogActions>
      <OtherStructureDialog asking={asking} onCancel={() => setAsking(null)} onConfirm={() => void send(true)} />
    </Dialog>
  );
}
