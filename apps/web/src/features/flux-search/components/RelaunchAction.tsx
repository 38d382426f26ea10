import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { fluxSearchMessages as m } from '../messages';

interface RelaunchActionProps {
  onConfirm: () => void;
  pending: boolean;
}

/** 'Relancer le prélèvement' behind a confirmation: the relaunch creates a new debit. */
export function RelaunchAction({ onConfirm, pending }: RelaunchActionProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="contained" color="warning" disabled={pending} onClick={() => setConfirming(true)}>
        {m.relaunch}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={m.relaunchConfirmTitle}
        cancelLabel={m.cancel}
        confirmLabel={m.confirm}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirm}
      >
        {m.relaunchConfirmText}
      </ConfirmDialog>
    </>
  );
}
