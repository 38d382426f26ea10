import type { DraftSummary, DraftView, IssuedInvoiceView } from '@gdf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteDraft, fetchDraft, fetchDrafts, issueDraft } from '../api/invoicing-api';
import { creationFacturesMessages as m } from '../messages';

export type Editing = { draft: DraftView | null } | null;
export type DraftNotice = { severity: 'success' | 'warning'; text: string };
type DraftAction = { kind: 'issue' | 'delete' | 'edit'; draft: DraftSummary; send?: boolean };

/** What an issue did, 'Émettre et envoyer' included (R-MAIL-09): queued to an address, or not sent and why. */
function issueNotice(issued: IssuedInvoiceView): DraftNotice {
  const sent = issued.envoiEmail;
  if (!sent) return { severity: 'success', text: m.issued(issued.numero) };
  return sent.envoi
    ? { severity: 'success', text: m.issueSend.queued(issued.numero, sent.envoi.destinataire) }
    : { severity: 'warning', text: m.issueSend.notSent(issued.numero, sent.raison) };
}

/** The drafts tab's state: the list, the draft edited, previewed or being issued, and the actions on one. */
export function useDrafts(structureId: number) {
  const queryClient = useQueryClient();
  const [previewing, setPreviewing] = useState<DraftSummary | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [issuing, setIssuing] = useState<DraftSummary | null>(null);
  const [notice, setNotice] = useState<DraftNotice | null>(null);
  const draftsKey = ['creation-factures', 'brouillons', structureId];
  const drafts = useQuery({ queryKey: draftsKey, queryFn: ({ signal }) => fetchDrafts(structureId, signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: draftsKey });
  const action = useMutation({
    mutationFn: async ({ kind, draft, send }: DraftAction) => {
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
  return {
    drafts,
    action,
    refresh,
    previewing,
    setPreviewing,
    editing,
    setEditing,
    issuing,
    setIssuing,
    notice,
    setNotice,
  };
}
