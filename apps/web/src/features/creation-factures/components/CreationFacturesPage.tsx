import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Alert from '@mui/material/Alert';
import { formatEuros, type DraftSummary, type DraftView } from '@gdf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorAlert } from '@/components/ErrorAlert';
import { PageLayout } from '@/components/PageLayout';
import { formErrorText } from '@/lib/api-client';
import { useCurrentStructure } from '@/lib/session';
import { deleteDraft, fetchDraft, fetchDraftPreview, fetchDrafts, fetchTarifs, issueDraft } from '../api/invoicing-api';
import { creationFacturesMessages as m } from '../messages';
import { AvoirForm } from './AvoirForm';
import { BulkInvoicing } from './BulkInvoicing';
import { DraftEditor } from './DraftEditor';
import { DraftsList } from './DraftsList';

type Editing = { draft: DraftView | null } | null;

/**
 * 'Création factures' (R-INV-01 to R-INV-10): drafts (made, changed, previewed as 'BROUILLON',
 * issued after a confirmation, deleted), an avoir on an issued invoice, and bulk invoicing with
 * its preview and its job's progress.
 */
export function CreationFacturesPage() {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirm, setConfirm] = useState<{ kind: 'issue' | 'delete'; draft: DraftSummary } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const draftsKey = ['creation-factures', 'brouillons', structureId];
  const drafts = useQuery({ queryKey: draftsKey, queryFn: ({ signal }) => fetchDrafts(structureId, signal) });
  const tarifs = useQuery({
    queryKey: ['creation-factures', 'tarifs', structureId],
    queryFn: ({ signal }) => fetchTarifs(structureId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: draftsKey });
  const action = useMutation({
    mutationFn: async ({ kind, draft }: { kind: 'issue' | 'delete' | 'edit' | 'preview'; draft: DraftSummary }) => {
      if (kind === 'issue') {
        const issued = await issueDraft(structureId, draft.id, draft.version);
        setNotice(m.issued(issued.numero));
      } else if (kind === 'delete') {
        await deleteDraft(structureId, draft.id, draft.version);
      } else if (kind === 'edit') {
        setEditing({ draft: await fetchDraft(structureId, draft.id) });
      } else {
        const { blob } = await fetchDraftPreview(structureId, draft.id);
        window.open(URL.createObjectURL(blob), '_blank', 'noopener');
      }
    },
    onSettled: refresh,
  });

  return (
    <PageLayout title={m.title} backTo="gestion_des_finances__dashboard">
      <Tabs value={tab} onChange={(_, next: number) => setTab(next)} sx={{ mb: 2 }}>
        <Tab label={m.tabs.drafts} />
        <Tab label={m.tabs.avoir} />
        <Tab label={m.tabs.bulk} />
      </Tabs>
      {tab === 0 && (
        <Stack spacing={2}>
          {notice && (
            <Alert severity="success" role="status" onClose={() => setNotice(null)}>
              {notice}
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
            <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={() => setEditing({ draft: null })}>
              {m.newDraft}
            </Button>
          )}
          {drafts.isPending && <CenteredProgress label={m.loading} />}
          {drafts.isError && <ErrorAlert onRetry={() => void drafts.refetch()}>{m.loadError}</ErrorAlert>}
          {drafts.data && drafts.data.brouillons.length === 0 && <Alert severity="info">{m.empty}</Alert>}
          {drafts.data && drafts.data.brouillons.length > 0 && (
            <DraftsList
              drafts={drafts.data.brouillons}
              busy={action.isPending}
              onEdit={(draft) => action.mutate({ kind: 'edit', draft })}
              onPreview={(draft) => action.mutate({ kind: 'preview', draft })}
              onIssue={(draft) => setConfirm({ kind: 'issue', draft })}
              onDelete={(draft) => setConfirm({ kind: 'delete', draft })}
            />
          )}
        </Stack>
      )}
      {tab === 1 && <AvoirForm structureId={structureId} />}
      {tab === 2 && <BulkInvoicing structureId={structureId} tarifs={tarifs.data?.tarifs ?? []} />}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'delete' ? m.confirmDeleteTitle : m.confirmIssueTitle}
        cancelLabel={m.cancel}
        confirmLabel={confirm?.kind === 'delete' ? m.delete : m.issue}
        confirmColor={confirm?.kind === 'delete' ? 'error' : 'primary'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) action.mutate(confirm);
          setConfirm(null);
        }}
      >
        {confirm?.kind === 'delete'
          ? m.confirmDelete(confirm.draft.libelle)
          : confirm
            ? m.confirmIssue(confirm.draft.libelle, formatEuros(confirm.draft.totalCentimes))
            : ''}
      </ConfirmDialog>
    </PageLayout>
  );
}
