import { formatEuros, type SepaBatch } from '@gdf/domain';
import { ConfirmButton } from '@/components/ConfirmButton';
import { formatDateTime } from '@/lib/format';
import { sepaMessages } from '../messages';

/** 'Annuler le lot' and its confirmation, which says what the batch holds before anything changes. */
export function SepaBatchCancel({
  batch,
  pending,
  onConfirm,
}: {
  batch: SepaBatch;
  pending: boolean;
  onConfirm: (batch: SepaBatch) => void;
}) {
  return (
    <ConfirmButton
      pending={pending}
      pendingLabel={sepaMessages.cancellingBatch}
      buttonProps={{ size: 'small', color: 'error', 'aria-label': sepaMessages.cancelBatchLabel(batch.NomFichier) }}
      title={sepaMessages.cancelBatchTitle}
      text={sepaMessages.cancelBatchText(
        batch.NomFichier,
        String(batch.nbFlux),
        formatEuros(batch.totalCents),
        formatDateTime(batch.Z_DateCreation),
      )}
      cancelLabel={sepaMessages.cancelBatchBack}
      confirmLabel={sepaMessages.cancelBatch}
      confirmColor="error"
      onConfirm={() => onConfirm(batch)}
    >
      {sepaMessages.cancelBatch}
    </ConfirmButton>
  );
}
