import { ConfirmDialog } from '@/components/ConfirmDialog';
import { bankStatementMessages as m } from '../messages';

/**
 * R-BANK-10: asks before reconciling a flux of another structure than the identified payer:
 * 'Le payeur identifié est … ; ce flux appartient à ….'. Nothing is sent until confirmed.
 */
export function OtherStructureDialog({
  asking,
  onCancel,
  onConfirm,
}: {
  /** The payer's and the flux' structure names while asking, null otherwise. */
  asking: { payer: string; structure: string } | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={asking !== null}
      title={m.otherStructureTitle}
      cancelLabel={m.cancel}
      confirmLabel={m.otherStructureConfirm}
      confirmColor="warning"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {asking ? m.otherStructureText(asking.payer, asking.structure) : ''}
    </ConfirmDialog>
  );
}
