import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { DraftSummary } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ErrorAlert } from '@/components/ErrorAlert';
import { formErrorText } from '@/lib/api-client';
import { useObjectUrl } from '@/lib/use-object-url';
import { fetchDraftPreview } from '../api/invoicing-api';
import { creationFacturesMessages as m } from '../messages';

/**
 * R-INV-05: a draft's PDF marked 'BROUILLON', shown in the page (a window opened after a
 * request is what popup blockers stop), with its download; the blob URL goes when it closes.
 */
export function DraftPreviewDialog({
  structureId,
  draft,
  onClose,
}: {
  structureId: number;
  draft: DraftSummary | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const pdf = useQuery({
    queryKey: ['creation-factures', 'apercu', structureId, draft?.id, draft?.version],
    queryFn: () => fetchDraftPreview(structureId, draft!.id),
    enabled: draft !== null,
    // Never kept: the preview is the invoice as it would be issued now.
    gcTime: 0,
    staleTime: 0,
  });
  const url = useObjectUrl(draft ? pdf.data?.blob : undefined);
  const fileName = pdf.data?.fileName ?? `brouillon-${draft?.id ?? ''}.pdf`;
  return (
    <Dialog open={draft !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="lg">
      <DialogTitle id={titleId}>{draft ? m.previewDialog.title(draft.libelle) : ''}</DialogTitle>
      <DialogContent>
        {pdf.isError ? (
          <ErrorAlert error={pdf.error} onRetry={() => void pdf.refetch()}>
            {formErrorText(pdf.error, m.previewDialog.error)}
          </ErrorAlert>
        ) : !url ? (
          <CenteredProgress label={m.previewDialog.loading} />
        ) : (
          <iframe
            src={url}
            title={m.previewDialog.frame(fileName)}
            style={{ width: '100%', height: '70vh', minHeight: 400, border: '1px solid #c9d1dc', borderRadius: 4 }}
          />
        )}
      </DialogContent>
      <DialogActions>
        {url && (
          <Button component="a" href={url} download={fileName}>
            {m.previewDialog.download}
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          {m.previewDialog.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
