import type { MailDocumentType } from '@gdf/domain';
import Email from '@mui/icons-material/Email';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { mailMessages as m } from '../messages';
import { MailLog } from './MailLog';
import { SendByEmailButton } from './SendByEmailButton';

/** A small e-mail icon (a table's row) opening the document's sending and delivery log (R-MAIL-04). */
export function MailDocumentDialogButton({
  document,
  label,
  canSend,
}: {
  document: { type: MailDocumentType; id: number };
  label: string;
  canSend: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton size="small" aria-label={m.dialogTitle(label)} onClick={() => setOpen(true)}>
        <Email fontSize="small" />
      </IconButton>
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="md" fullWidth>
          <DialogTitle>{m.dialogTitle(label)}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              {canSend && (
                <div>
                  <SendByEmailButton document={document} label={label} />
                </div>
              )}
              <MailLog source={{ document }} canResend={canSend} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{m.close}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
