import { mailStatusText, type MailDeliveryView, type MailDocumentType } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import { ErrorAlert } from '@/components/ErrorAlert';
import { formErrorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentStructure } from '@/lib/session';
import { fetchDocumentLog, fetchStructureLog, resendDelivery } from '../api/mail-api';
import { newRequestKey } from '../api/request-key';
import { mailMessages as m } from '../messages';

export const MAIL_LOG_QUERY_KEY = 'mail-log';

type LogSource = { document: { type: MailDocumentType; id: number } } | { structureId: number };

/**
 * The delivery log (R-MAIL-04) of a document or of a structure: 'Envoyé le … (message id)',
 * 'En attente', 'Échec : <réponse du serveur>', each with 'Renvoyer' when the user may send.
 * Refreshed every few seconds while a delivery is queued.
 */
export function MailLog({
  source,
  canResend,
  title = m.logTitle,
}: {
  source: LogSource;
  canResend: boolean;
  title?: string;
}) {
  const { structureId } = useCurrentStructure();
  const log = useQuery({
    queryKey: [MAIL_LOG_QUERY_KEY, structureId, source],
    queryFn: ({ signal }) =>
      'document' in source
        ? fetchDocumentLog(structureId, source.document, signal)
        : fetchStructureLog(structureId, source.structureId, signal),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.envois.some((envoi) => envoi.statut === 'en_attente') ? 3_000 : false,
  });
  return (
    <section aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {log.isPending ? (
        <CircularProgress size={24} aria-label={m.logLoading} />
      ) : log.isError ? (
        <ErrorAlert onRetry={() => void log.refetch()}>{formErrorText(log.error, m.logError)}</ErrorAlert>
      ) : log.data.envois.length === 0 ? (
        <Typography color="text.secondary">{m.logEmpty}</Typography>
      ) : (
        <DeliveryTable deliveries={log.data.envois} canResend={canResend} showSubject={!('document' in source)} />
      )}
    </section>
  );
}

function DeliveryTable({
  deliveries,
  canResend,
  showSubject,
}: {
  deliveries: MailDeliveryView[];
  canResend: boolean;
  showSubject: boolean;
}) {
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{m.columns.when}</TableCell>
            <TableCell>{m.columns.to}</TableCell>
            {showSubject && <TableCell>{m.columns.subject}</TableCell>}
            <TableCell>{m.columns.status}</TableCell>
            <TableCell>{m.columns.by}</TableCell>
            {canResend && <TableCell>{m.columns.actions}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(delivery.demandeLe)}</TableCell>
              <TableCell>{delivery.destinataire}</TableCell>
              {showSubject && <TableCell>{delivery.objet}</TableCell>}
              <TableCell sx={{ wordBreak: 'break-word' }}>
                {mailStatusText(delivery, formatDateTime)}
                {delivery.renvoiDe !== null && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {m.resentFrom(delivery.renvoiDe)}
                  </Typography>
                )}
              </TableCell>
              {/* R-MAIL-05: who asked is shown to the senders only (the server leaves it out for a reader). */}
              <TableCell>{delivery.demandePar ?? (canResend ? m.byProduct : m.askerHidden)}</TableCell>
              {canResend && (
                <TableCell>
                  <ResendButton delivery={delivery} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ResendButton({ delivery }: { delivery: MailDeliveryView }) {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const [key, setKey] = useState(newRequestKey);
  const resend = useMutation({
    mutationFn: () => resendDelivery(structureId, delivery.id, key),
    onSuccess: async () => {
      setKey(newRequestKey());
      await queryClient.invalidateQueries({ queryKey: [MAIL_LOG_QUERY_KEY] });
    },
  });
  return (
    <>
      <Button
        size="small"
        aria-label={m.resendLabel(delivery.destinataire)}
        disabled={resend.isPending || delivery.statut === 'en_attente'}
        onClick={() => resend.mutate()}
      >
        {m.resend}
      </Button>
      {resend.isError && (
        <Alert severity="error" sx={{ mt: 0.5 }}>
          {formErrorText(resend.error, m.resendError)}
        </Alert>
      )}
    </>
  );
}
