import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
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
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="relaunch-confirm-title">
        <DialogTitle id="relaunch-confirm-title">{m.relaunchConfirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{m.relaunchConfirmText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{m.cancel}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setConfirming(false);
              onConfirm();
            }}
          >
            {m.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
