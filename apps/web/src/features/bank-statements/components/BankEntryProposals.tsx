import type { BankEntryProposal, BankEntryView } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useConfirmReconciliation } from '../api/confirm-reconciliation';
import { bankErrorText } from '../error-text';
import { bankStatementMessages as m } from '../messages';
import { BankSplitDialog } from './BankSplitDialog';
import { fluxOfAnotherStructure } from './other-structure';
import { OtherStructureDialog } from './OtherStructureDialog';
import { ProposalItem, proposalParts } from './ProposalItem';

/** What a part of an entry's row is given: the entry, its amount as shown, the page's structure and rights. */
export interface BankEntryPartProps {
  entry: BankEntryView;
  amount: string;
  structureId: number;
  canWrite: boolean;
  onDone: (message: string) => void;
}

/**
 * A credit's proposals, best first: confidence, reasons, the flux; 'Rapprocher' confirms one
 * in a click, 'Rechercher un flux' opens the search and split dialog. A proposal for another
 * structure than the identified payer is never highlighted and asks before it is sent
 * (R-BANK-10).
 */
export function BankEntryProposals({ entry, amount, structureId, canWrite, onDone }: BankEntryPartProps) {
  const confirm = useConfirmReconciliation(structureId);
  const [correcting, setCorrecting] = useState(false);
  const [asking, setAsking] = useState<{ proposal: BankEntryProposal; payer: string; structure: string } | null>(null);
  const done = (view: BankEntryView) =>
    onDone(m.confirmed(amount, view.rapprochement?.parts.filter((part) => part.regle).length ?? 0));
  const send = (proposal: BankEntryProposal, otherStructureConfirmed: boolean) =>
    confirm
      .mutateAsync({
        entryId: entry.id,
        body: {
          parts: proposalParts(entry, proposal),
          ...(otherStructureConfirmed ? { autreStructureConfirmee: true } : {}),
        },
      })
      .then(done)
      .catch(() => undefined); // shown below from the mutation's state
  const choose = (proposal: BankEntryProposal) => {
    const other = fluxOfAnotherStructure(entry, proposal.flux);
    if (other && entry.payeur) {
      setAsking({ proposal, payer: entry.payeur.NomStructure, structure: other.NomStructure });
    } else void send(proposal, false);
  };

  return (
    <Box sx={{ mt: 1.5 }}>
      {entry.propositions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {m.noProposal}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} aria-label={m.proposalsLabel(amount)} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entry.propositions.map((proposal, index) => (
            <ProposalItem
              key={proposal.flux.map((flux) => flux.ID_FluxFinancier).join('-')}
              entry={entry}
              proposal={proposal}
              best={index === 0}
              canWrite={canWrite}
              busy={confirm.isPending}
              onChoose={() => choose(proposal)}
            />
          ))}
        </Stack>
      )}
      {confirm.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {bankErrorText(confirm.error)}
        </Alert>
      )}
      {canWrite && (
        <>
          <Button size="small" sx={{ mt: 1 }} aria-label={m.correctLabel(amount)} onClick={() => setCorrecting(true)}>
            {m.correct}
          </Button>
          <OtherStructureDialog
            asking={asking}
            onCancel={() => setAsking(null)}
            onConfirm={() => {
              if (asking) void send(asking.proposal, true);
            }}
          />
          {correcting && (
            <BankSplitDialog
              entry={entry}
              amount={amount}
              structureId={structureId}
              onClose={() => setCorrecting(false)}
              onConfirmed={(view) => {
                setCorrecting(false);
                done(view);
              }}
            />
          )}
        </>
      )}
    </Box>
  );
}
