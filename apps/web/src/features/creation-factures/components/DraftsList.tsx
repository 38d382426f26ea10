import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatEuros, type DraftSummary } from '@gdf/domain';
import { ConfirmButton } from '@/components/ConfirmButton';
import { DataTable } from '@/components/DataTable';
import { formatDate } from '@/lib/format';
import { creationFacturesMessages as m } from '../messages';

/**
 * The drafts and the invoices they became, newest first; actions only on an open draft, and only
 * with the module's write grant (the preview runs an issue rolled back: it needs it too).
 * Deleting asks first; `onDelete` runs once confirmed.
 */
export function DraftsList({
  drafts,
  busy,
  mayWrite,
  onEdit,
  onPreview,
  onIssue,
  onDelete,
}: {
  drafts: readonly DraftSummary[];
  busy: boolean;
  mayWrite: boolean;
  onEdit: (draft: DraftSummary) => void;
  onPreview: (draft: DraftSummary) => void;
  onIssue: (draft: DraftSummary) => void;
  onDelete: (draft: DraftSummary) => void;
}) {
  return (
    <DataTable
      label={m.tabs.drafts}
      container="none"
      columns={[
        { id: 'structure', header: m.columns.structure, cell: (draft) => draft.structure },
        { id: 'label', header: m.columns.label, cell: (draft) => draft.libelle },
        { id: 'category', header: m.columns.category, cell: (draft) => m.categories[draft.categorie] },
        { id: 'dueDate', header: m.columns.dueDate, cell: (draft) => formatDate(draft.echeance) },
        { id: 'total', header: m.columns.total, cell: (draft) => formatEuros(draft.totalCentimes), align: 'right' },
        {
          id: 'state',
          header: m.columns.state,
          cell: (draft) => (draft.numero ? m.issuedState(draft.numero) : m.draftState),
        },
        mayWrite && {
          id: 'actions',
          header: m.columns.actions,
          cell: (draft) =>
            draft.fluxId === null && (
              <Stack direction="row" spacing={1}>
                <Button size="small" disabled={busy} onClick={() => onEdit(draft)}>
                  {m.edit}
                </Button>
                <Button size="small" disabled={busy} onClick={() => onPreview(draft)}>
                  {m.preview}
                </Button>
                <Button size="small" variant="contained" disabled={busy} onClick={() => onIssue(draft)}>
                  {m.issue}
                </Button>
                <ConfirmButton
                  pending={false}
                  disabled={busy}
                  buttonProps={{ size: 'small', color: 'error' }}
                  title={m.confirmDeleteTitle}
                  text={m.confirmDelete(draft.libelle)}
                  cancelLabel={m.cancel}
                  confirmLabel={m.delete}
                  confirmColor="error"
                  onConfirm={() => onDelete(draft)}
                >
                  {m.delete}
                </ConfirmButton>
              </Stack>
            ),
        },
      ]}
      rows={drafts}
      rowKey={(draft) => draft.id}
    />
  );
}
