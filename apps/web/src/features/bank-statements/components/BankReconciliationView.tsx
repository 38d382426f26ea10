import { formatEuros, type BankReconciliation } from '@gdf/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ConfirmButton } from '@/components/ConfirmButton';
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
        <ConfirmButton
          pending={undo.isPending}
          pendingLabel={m.undoing}
          error={undo.isError && bankErrorText(undo.error)}
          buttonProps={{ size: 'small', color: 'warning', sx: { mt: 1 } }}
          title={m.undoTitle}
          text={m.undoText(amount)}
          cancelLabel={m.keep}
          confirmLabel={m.undo}
          confirmColor="warning"
          onConfirm={
            () =>
              undo
                .mutateAsync(entryId)
                .then(() => onDone(m.undone(amount)))
                .catch(() => undefined) // shown below from the mutation's state
          }
        >
          {m.undo}
        </ConfirmButton>
      )}
    </Box>
  );
}
