import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TarifOption } from '@gdf/domain';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ErrorAlert } from '@/components/ErrorAlert';
import { formErrorText } from '@/lib/api-client';
import { creationFacturesMessages as m } from '../messages';
import { DraftEditor } from './DraftEditor';
import { DraftPreviewDialog } from './DraftPreviewDialog';
import { DraftsList } from './DraftsList';
import { IssueDraftDialog } from './IssueDraftDialog';
import type { useDrafts } from '../hooks/use-drafts';

/** The drafts tab: the editor or 'Nouveau brouillon', then the drafts with their actions. */
export function DraftsTab({
  structureId,
  mayWrite,
  tarifs,
  state,
}: {
  structureId: number;
  mayWrite: boolean;
  tarifs: readonly TarifOption[];
  state: ReturnType<typeof useDrafts>;
}) {
  const { drafts, action, editing, notice, issuing } = state;
  const list = drafts.data?.brouillons;
  return (
    <Stack spacing={2}>
      {notice && (
        <Alert severity={notice.severity} role="status" onClose={() => state.setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {action.isError && <ErrorAlert>{formErrorText(action.error, action.error.message)}</ErrorAlert>}
      {editing ? (
        <DraftEditor
          structureId={structureId}
          draft={editing.draft}
          tarifs={tarifs}
          onCancel={() => state.setEditing(null)}
          onSaved={() => {
            state.setEditing(null);
            void state.refresh();
          }}
        />
      ) : (
        mayWrite && (
          <Button
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => state.setEditing({ draft: null })}
          >
            {m.newDraft}
          </Button>
        )
      )}
      {drafts.isPending && <CenteredProgress label={m.loading} />}
      {drafts.isError && (
        <ErrorAlert error={drafts.error} onRetry={() => void drafts.refetch()}>
          {m.loadError}
        </ErrorAlert>
      )}
      {list?.length === 0 && <Alert severity="info">{m.empty}</Alert>}
      {list && list.length > 0 && (
        <DraftsList
          drafts={list}
          busy={action.isPending}
          mayWrite={mayWrite}
          onEdit={(draft) => action.mutate({ kind: 'edit', draft })}
          onPreview={state.setPreviewing}
          onIssue={state.setIssuing}
          onDelete={(draft) => action.mutate({ kind: 'delete', draft })}
        />
      )}
      <DraftPreviewDialog
        structureId={structureId}
        draft={state.previewing}
        onClose={() => state.setPreviewing(null)}
      />
      <IssueDraftDialog
        key={issuing ? issuing.id : 'closed'}
        structureId={structureId}
        draft={issuing}
        onCancel={() => state.setIssuing(null)}
        onIssue={(draft, send) => action.mutate({ kind: 'issue', draft, send })}
      />
    </Stack>
  );
}
