import { formatEuros, type SepaBatch } from '@gdf/domain';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
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
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        color="error"
        disabled={pending}
        aria-label={sepaMessages.cancelBatchLabel(batch.NomFichier)}
        onClick={() => setOpen(true)}
      >
        {pending ? sepaMessages.cancellingBatch : sepaMessages.cancelBatch}
      </Button>
      <ConfirmDialog
        open={open}
        title={sepaMessages.cancelBatchTitle}
        cancelLabel={sepaMessages.cancelBatchBack}
        confirmLabel={sepaMessages.cancelBatch}
        confirmColor="error"
        onCancel={() => setOpen(false)}
        onConfirm={() => onConfirm(batch)}
      >
        {sepaMessages.cancelBatchText(
          batch.NomFichier,
          String(batch.nbFlux),
          formatEuros(batch.totalCents),
          formatDateTime(batch.Z_DateCreation),
        )}
      </ConfirmDialog>
    </>
  );
}
