import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Alert from '@mui/material/Alert';
import { type DraftSummary, type DraftView, type IssuedInvoiceView } from '@gdf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorAlert } from '@/components/ErrorAlert';
import { PageLayout } from '@/components/PageLayout';
import { formErrorText } from '@/lib/api-client';
import { useCurrentStructure } from '@/lib/session';
import { deleteDraft, fetchDraft, fetchDrafts, fetchTarifs, issueDraft } from '../api/invoicing-api';
import { useMayWriteInvoices } from '../hooks/use-may-write-invoices';
import { creationFacturesMessages as m } from '../messages';
import { AvoirForm } from './AvoirForm';
import { BulkInvoicing } from './BulkInvoicing';
import { DraftPreviewDialog } from './DraftPreviewDialog';
import { DraftEditor } from './DraftEditor';
import { DraftsList } from './DraftsList';
import { IssueDraftDialog } from './IssueDraftDialog';

type Editing = { draft: DraftView | null } | null;

/**
 * 'Création factures' (R-INV-01 to R-INV-10): drafts (made, changed, previewed as 'BROUILLON',
 * issued after a confirmation, deleted), an avoir on an issued invoice, and bulk invoicing with
 * its preview and its job's progress.
 */
export function CreationFacturesPage() {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const mayWrite = useMayWriteInvoices();
  const [tab, setTab] = useState<'drafts' | 'avoir' | 'bulk'>('drafts');
  const [previewing, setPreviewing] = useState<DraftSummary | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirm, setConfirm] = useState<{ kind: 'issue' | 'delete'; draft: DraftSummary } | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'warning'; text: string } | null>(null);
  const draftsKey = ['creation-factures', 'brouillons', structureId];
  const drafts = useQuery({ queryKey: draftsKey, queryFn: ({ signal }) => fetchDrafts(structureId, signal) });
  const tarifs = useQuery({
    queryKey: ['creation-factures', 'tarifs', structureId],
    queryFn: ({ signal }) => fetchTarifs(structureId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: draftsKey });
  const action = useMutation({
    mutationFn: async ({
      kind,
      draft,
      send,
    }: {
      kind: 'issue' | 'delete' | 'edit';
      draft: DraftSummary;
      send?: boolean;
    }) => {
      if (kind === 'issue') {
        const issued = await issueDraft(structureId, draft.id, draft.version, send);
        setNotice(issueNotice(issued));
      } else if (kind === 'delete') {
        await deleteDraft(structureId, draft.id, draft.version);
      } else {
        setEditing({ draft: await fetchDraft(structureId, draft.id) });
      }
    },
    onSettled: refresh,
  });

  return (
    <PageLayout title={m.title} backTo="gestion_des_finances__dashboard">
      <Tabs value={tab} onChange={(_, next: typeof tab) => setTab(next)} sx={{ mb: 2 }}>
        <Tab value="drafts" label={m.tabs.drafts} />
        {mayWrite && <Tab value="avoir" label={m.tabs.avoir} />}
        <Tab value="bulk" label={m.tabs.bulk} />
      </Tabs>
      {!mayWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {m.readOnly}
        </Alert>
      )}
      {tarifs.isError && (
        <ErrorAlert sx={{ mb: 2 }} onRetry={() => void tarifs.refetch()}>
          {m.tarifsError}
        </ErrorAlert>
      )}
      {tab === 'drafts' && (
        <Stack spacing={2}>
          {notice && (
            <Alert severity={notice.severity} role="status" onClose={() => setNotice(null)}>
              {notice.text}
            </Alert>
          )}
          {action.isError && <ErrorAlert>{formErrorText(action.error, action.error.message)}</ErrorAlert>}
          {editing ? (
            <DraftEditor
              structureId={structureId}
              draft={editing.draft}
              tarifs={tarifs.data?.tarifs ?? []}
              onCancel={() => setEditing(null)}
              onSaved={() => {
                setEditing(null);
                void refresh();
              }}
            />
          ) : (
            mayWrite && (
              <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={() => setEditing({ draft: null })}>
                {m.newDraft}
              </Button>
            )
          )}
          {drafts.isPending && <CenteredProgress label={m.loading} />}
          {drafts.isError && <ErrorAlert onRetry={() => void drafts.refetch()}>{m.loadError}</ErrorAlert>}
          {drafts.data && drafts.data.brouillons.length === 0 && <Alert severity="info">{m.empty}</Alert>}
          {drafts.data && drafts.data.brouillons.length > 0 && (
            <DraftsList
              drafts={drafts.data.brouillons}
              busy={action.isPending}
              mayWrite={mayWrite}
              onEdit={(draft) => action.mutate({ kind: 'edit', draft })}
              onPreview={setPreviewing}
              onIssue={(draft) => setConfirm({ kind: 'issue', draft })}
              onDelete={(draft) => setConfirm({ kind: 'delete', draft })}
            />
          )}
        </Stack>
      )}
      {tab === 'avoir' && mayWrite && <AvoirForm structureId={structureId} />}
      {tab === 'bulk' && (
        <BulkInvoicing structureId={structureId} tarifs={tarifs.data?.tarifs ?? []} mayWrite={mayWrite} />
      )}
      <DraftPreviewDialog structureId={structureId} draft={previewing} onClose={() => setPreviewing(null)} />
      <IssueDraftDialog
        key={confirm?.kind === 'issue' ? confirm.draft.id : 'closed'}
        structureId={structureId}
        draft={confirm?.kind === 'issue' ? confirm.draft : null}
        onCancel={() => setConfirm(null)}
        onIssue={(draft, send) => action.mutate({ kind: 'issue', draft, send })}
      />
      <ConfirmDialog
        open={confirm?.kind === 'delete'}
        title={m.confirmDeleteTitle}
        cancelLabel={m.cancel}
        confirmLabel={m.delete}
        confirmColor="error"
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) action.mutate(confirm);
          setConfirm(null);
        }}
      >
        {confirm?.kind === 'delete' ? m.confirmDelete(confirm.draft.libelle) : ''}
      </ConfirmDialog>
    </PageLayout>
  );
}

/** What an issue did, 'Émettre et envoyer' included (R-MAIL-09): queued to an address, or not sent and why. */
function issueNotice(issued: IssuedInvoiceView): { severity: 'success' | 'warning'; text: string } {
  const sent = issued.envoiEmail;
  if (!sent) return { severity: 'success', text: m.issued(issued.numero) };
  return sent.envoi
    ? { severity: 'success', text: m.issueSend.queued(issued.numero, sent.envoi.destinataire) }
    : { severity: 'warning', text: m.issueSend.notSent(issued.numero, sent.raison) };
}
