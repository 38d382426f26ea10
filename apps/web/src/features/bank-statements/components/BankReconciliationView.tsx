import { formatEuros, type BankReconciliation } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { formatDate } from '@/lib/format';
import { useUndoReconciliation } from '../api/undo-reconciliation';
import { bankErrorText } from '../error-text';
import { bankStatementMessages as m } from '../messages';

/** A reconciled credit: who confirmed it, its parts (and the flux they settled), and the undo. */
export function BankReconciliationView({
  entryId,
  entryCents,
  reconciliation,
  amount,
  structureId,
  canWrite,
  onDone,
}: {
  entryId: number;
  /** The credit's amount: what its parts leave of it is shown (R-BANK-11). */
  entryCents: number;
  reconciliation: BankReconciliation;
  amount: string;
  structureId: number;
  canWrite: boolean;
  onDone: (message: string) => void;
}) {
  const undo = useUndoReconciliation(structureId);
  const [asking, setAsking] = useState(false);
  const left = entryCents - reconciliation.parts.reduce((sum, part) => sum + part.montantCents, 0);
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {m.reconciledOn(formatDate(reconciliation.date), reconciliation.utilisateur)}
      </Typography>
      <Box component="ul" aria-label={m.partsLabel} sx={{ m: 0, pl: 2.5 }}>
        {reconciliation.parts.map((part) => (
          <Typography component="li" variant="body2" key={part.flux.ID_FluxFinancier}>
            {`${m.invoice(part.flux.numeroFacture)} · ${part.flux.NomStructure} · ${part.flux.NomFluxFinancier} : ${formatEuros(part.montantCents)}`}
            {part.regle && (
              <Chip size="small" color="success" variant="outlined" label={m.settledPart} sx={{ ml: 1, height: 20 }} />
            )}
          </Typography>
        ))}
      </Box>
      {left > 0 && (
        <Typography variant="body2" color="text.secondary">
          {m.leftOver(formatEuros(left))}
        </Typography>
      )}
      {canWrite && (
        <>
          <Button size="small" color="warning" sx={{ mt: 1 }} disabled={undo.isPending} onClick={() => setAsking(true)}>
            {undo.isPending ? m.undoing : m.undo}
          </Button>
          <ConfirmDialog
            open={asking}
            title={m.undoTitle}
            cancelLabel={m.keep}
            confirmLabel={m.undo}
            confirmColor="warning"
            onCancel={() => setAsking(false)}
            onConfirm={
              () =>
                undo
                  .mutateAsync(entryId)
                  .then(() => onDone(m.undone(amount)))
                  .catch(() => undefined) // shown below from the mutation's state
            }
          >
            {m.undoText(amount)}
          </ConfirmDialog>
        </>
      )}
      {undo.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {bankErrorText(undo.error)}
        </Alert>
      )}
    </Box>
  );
}
