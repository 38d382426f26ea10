import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { FLUX_WRITE, FluxCategory, formatEuros, type DraftSummary } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSession } from '@/lib/session';
import { fetchBillingRecipient } from '../api/invoicing-api';
import { creationFacturesMessages as m } from '../messages';

/** Whether the user may send, where the facture would go, and the checkbox' label saying so. */
function useRecipient(structureId: number, draft: DraftSummary | null) {
  const { me, grants } = useSession();
  const maySend = me.isSuperAdmin || grants.includes(FLUX_WRITE);
  const recipient = useQuery({
    queryKey: ['creation-factures', 'destinataire', structureId, draft?.structureId],
    queryFn: ({ signal }) => fetchBillingRecipient(structureId, draft!.structureId, signal),
    enabled: draft !== null && maySend,
    retry: false,
  });
  const to = recipient.data?.destinataire;
  const noAddress = to && to.address === null ? to.reason : null;
  return { maySend, noAddress, label: sendLabel(maySend, to?.address, recipient.isPending, noAddress) };
}

function sendLabel(maySend: boolean, address: string | null | undefined, pending: boolean, noAddress: string | null) {
  if (!maySend) return m.issueSend.sendToStructure;
  if (address) return m.issueSend.sendTo(address);
  if (pending) return m.issueSend.loadingRecipient;
  return noAddress ? m.issueSend.noAddress(noAddress) : m.issueSend.sendToStructure;
}

/**
 * Asks before 'Émettre' (R-INV-05), and offers 'Émettre et envoyer' (R-MAIL-09): the facture
 * e-mailed on issue to the address its structure's documents go to (R-MAIL-01), shown here; a
 * structure without one, or a user without the send grant (R-MAIL-05), cannot tick it (the
 * server checks both anyway). Render it with `key` set to the draft so each opens unticked.
 */
export function IssueDraftDialog({
  structureId,
  draft,
  onCancel,
  onIssue,
}: {
  structureId: number;
  draft: DraftSummary | null;
  onCancel: () => void;
  onIssue: (draft: DraftSummary, send: boolean) => void;
}) {
  const titleId = useId();
  const [send, setSend] = useState(false);
  const { maySend, noAddress, label } = useRecipient(structureId, draft);
  const sending = send && maySend && noAddress === null;
  const directDebit = draft?.categorie === FluxCategory.Prelevement;
  const issue = () => {
    if (!draft) return;
    onCancel();
    onIssue(draft, sending);
  };

  return (
    <Dialog open={draft !== null} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{m.confirmIssueTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {draft ? m.confirmIssue(draft.libelle, formatEuros(draft.totalCentimes)) : ''}
        </DialogContentText>
        <FormControlLabel
          sx={{ mt: 2 }}
          control={
            <Checkbox
              checked={sending}
              disabled={!maySend || noAddress !== null}
              onChange={(event) => setSend(event.target.checked)}
            />
          }
          label={label}
        />
        {!maySend && <FormHelperText>{m.issueSend.noGrant}</FormHelperText>}
        {sending && directDebit && <FormHelperText>{m.issueSend.directDebit}</FormHelperText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{m.cancel}</Button>
        <Button variant="contained" onClick={issue}>
          {sending ? m.issueSend.issueAndSend : m.issue}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
