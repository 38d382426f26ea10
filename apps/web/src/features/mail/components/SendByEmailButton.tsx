import type { MailDocumentType } from '@gdf/domain';
import Email from '@mui/icons-material/Email';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formErrorText } from '@/lib/api-client';
import { useCurrentStructure } from '@/lib/session';
import { sendDocument } from '../api/mail-api';
import { newRequestKey } from '../api/request-key';
import { mailMessages as m } from '../messages';
import { MAIL_LOG_QUERY_KEY } from './MailLog';

/**
 * 'Envoyer par e-mail' (R-MAIL-03): the click's key is kept until the server answered, so a
 * double click or a retry after a network error is the same request; the next click is a new one.
 */
export function SendByEmailButton({
  document,
  label,
  size = 'medium',
}: {
  document: { type: MailDocumentType; id: number };
  /** The document's name, for the accessible label. */
  label: string;
  size?: 'small' | 'medium';
}) {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const key = useRef(newRequestKey());
  const [notice, setNotice] = useState<{ severity: 'success' | 'info' | 'error'; text: string } | null>(null);
  const send = useMutation({
    mutationFn: () => sendDocument(structureId, document, key.current),
    onSuccess: async (answer) => {
      key.current = newRequestKey();
      setNotice({
        severity: answer.nouveau ? 'success' : 'info',
        text: answer.nouveau ? m.queued(answer.envoi.destinataire) : m.alreadyQueued(answer.envoi.destinataire),
      });
      await queryClient.invalidateQueries({ queryKey: [MAIL_LOG_QUERY_KEY] });
    },
    onError: (error) => setNotice({ severity: 'error', text: formErrorText(error, m.sendError) }),
  });
  return (
    <>
      <Button
        variant="outlined"
        size={size}
        startIcon={<Email />}
        aria-label={m.sendLabel(label)}
        disabled={send.isPending}
        onClick={() => send.mutate()}
      >
        {send.isPending ? m.sending : m.send}
      </Button>
      <Snackbar open={notice !== null} autoHideDuration={8000} onClose={() => setNotice(null)}>
        {notice ? (
          <Alert severity={notice.severity} onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
