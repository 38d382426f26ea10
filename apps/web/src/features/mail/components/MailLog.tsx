import { mailStatusText, type MailDeliveryView, type MailDocumentType } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import { DataTable } from '@/components/DataTable';
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
        <ErrorAlert error={log.error} onRetry={() => void log.refetch()}>
          {formErrorText(log.error, m.logError)}
        </ErrorAlert>
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
    <DataTable
      container="plain"
      columns={[
        {
          id: 'when',
          header: m.columns.when,
          cell: (delivery) => formatDateTime(delivery.demandeLe),
          sx: { whiteSpace: 'nowrap' },
        },
        { id: 'to', header: m.columns.to, cell: (delivery) => delivery.destinataire },
        showSubject && { id: 'subject', header: m.columns.subject, cell: (delivery) => delivery.objet },
        {
          id: 'status',
          header: m.columns.status,
          cell: (delivery) => <DeliveryStatus delivery={delivery} />,
          sx: { wordBreak: 'break-word' },
        },
        // R-MAIL-05: who asked is shown to the senders only (the server leaves it out for a reader).
        {
          id: 'by',
          header: m.columns.by,
          cell: (delivery) => delivery.demandePar ?? (canResend ? m.byProduct : m.askerHidden),
        },
        canResend && {
          id: 'actions',
          header: m.columns.actions,
          cell: (delivery) => <ResendButton delivery={delivery} />,
        },
      ]}
      rows={deliveries}
      rowKey={(delivery) => delivery.id}
    />
  );
}

function DeliveryStatus({ delivery }: { delivery: MailDeliveryView }) {
  return (
    <>
      {mailStatusText(delivery, formatDateTime)}
      {delivery.renvoiDe !== null && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {m.resentFrom(delivery.renvoiDe)}
        </Typography>
      )}
    </>
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
