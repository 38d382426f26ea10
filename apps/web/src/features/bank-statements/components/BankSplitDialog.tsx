import type { BankEntryView } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useConfirmReconciliation } from '../api/confirm-reconciliation';
import { bankErrorText } from '../error-text';
import { bankStatementMessages as m } from '../messages';
import { fluxOfAnotherStructure } from './other-structure';
import { OtherStructureDialog } from './OtherStructureDialog';
import { checkSplit, newPart, totalOf, type SplitPart } from './split-parts';
import { SplitFluxSearch } from './SplitFluxSearch';
import { SplitParts } from './SplitParts';

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
        <SplitFluxSearch
          structureId={structureId}
          chosen={chosen}
          onAdd={(flux) => append(newPart(flux, entry.montantCents, parts))}
        />
        <SplitParts
          fields={fields}
          control={control}
          check={check}
          total={total}
          creditCents={entry.montantCents}
          amount={amount}
          onRemove={remove}
        />
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
