import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatEuros, type DraftSummary } from '@gdf/domain';
import { formatDate } from '@/lib/format';
import { creationFacturesMessages as m } from '../messages';

/**
 * The drafts and the invoices they became, newest first; actions only on an open draft, and only
 * with the module's write grant (the preview runs an issue rolled back: it needs it too).
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
    <Table size="small" aria-label={m.tabs.drafts}>
      <TableHead>
        <TableRow>
          <TableCell>{m.columns.structure}</TableCell>
          <TableCell>{m.columns.label}</TableCell>
          <TableCell>{m.columns.category}</TableCell>
          <TableCell>{m.columns.dueDate}</TableCell>
          <TableCell align="right">{m.columns.total}</TableCell>
          <TableCell>{m.columns.state}</TableCell>
          {mayWrite && <TableCell>{m.columns.actions}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {drafts.map((draft) => (
          <TableRow key={draft.id}>
            <TableCell>{draft.structure}</TableCell>
            <TableCell>{draft.libelle}</TableCell>
            <TableCell>{m.categories[draft.categorie]}</TableCell>
            <TableCell>{formatDate(draft.echeance)}</TableCell>
            <TableCell align="right">{formatEuros(draft.totalCentimes)}</TableCell>
            <TableCell>{draft.numero ? m.issuedState(draft.numero) : m.draftState}</TableCell>
            {mayWrite && (
              <TableCell>
                {draft.fluxId === null && (
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
                    <Button size="small" color="error" disabled={busy} onClick={() => onDelete(draft)}>
                      {m.delete}
                    </Button>
                  </Stack>
                )}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
