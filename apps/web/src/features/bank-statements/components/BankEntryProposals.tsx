import { defaultAllocations, formatEuros, type BankEntryProposal, type BankEntryView } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDate } from '@/lib/format';
import { useConfirmReconciliation } from '../api/confirm-reconciliation';
import { bankErrorText } from '../error-text';
import { bankStatementMessages as m } from '../messages';
import { BankSplitDialog } from './BankSplitDialog';
import { StructureSituationLink } from '@/components/StructureSituationLink';
import { fluxText } from './format';
import { fluxOfAnotherStructure } from './other-structure';
import { OtherStructureDialog } from './OtherStructureDialog';

const CONFIDENCE_COLORS = { sure: 'success', probable: 'info', possible: 'default' } as const;

/** The parts 'Rapprocher' sends: each flux what it still owes, capped by the credit (the domain's rule). */
function proposalParts(entry: BankEntryView, proposal: BankEntryProposal) {
  return defaultAllocations(
    entry.montantCents,
    proposal.flux.map((flux) => ({ id: flux.ID_FluxFinancier, dueCents: flux.resteDuCents })),
  ).map((part) => ({ ID_FluxFinancier: part.fluxId, montantCents: part.amountCents }));
}

const invoicesOf = (proposal: BankEntryProposal) =>
  proposal.flux.map((flux) => m.invoice(flux.numeroFacture)).join(', ');

/** R-BANK-11: what the proposal's parts leave of the credit, and the rejects' debit that explains it. */
function LeftOver({ entry, proposal }: { entry: BankEntryView; proposal: BankEntryProposal }) {
  const given = proposalParts(entry, proposal).reduce((sum, part) => sum + part.montantCents, 0);
  const left = entry.montantCents - given;
  const debit = proposal.debitRejets;
  return (
    <>
      {debit && (
        <Typography variant="body2" color="text.secondary">
          {m.rejectsDebit(formatEuros(debit.montantCents), formatDate(debit.dateComptable))}
        </Typography>
      )}
      {left > 0 && (
        <Typography variant="body2" color="text.secondary">
          {debit && debit.montantCents === left
            ? m.leftOverExplained(formatEuros(left), formatDate(debit.dateComptable))
            : m.leftOver(formatEuros(left))}
        </Typography>
      )}
    </>
  );
}

/**
 * A credit's proposals, best first: confidence, reasons, the flux; 'Rapprocher' confirms one
 * in a click, 'Rechercher un flux' opens the search and split dialog. A proposal for another
 * structure than the identified payer is never highlighted and asks before it is sent
 * (R-BANK-10).
 */
export function BankEntryProposals({
  entry,
  amount,
  structureId,
  canWrite,
  onDone,
}: {
  entry: BankEntryView;
  amount: string;
  structureId: number;
  canWrite: boolean;
  onDone: (message: string) => void;
}) {
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
            <Box
              component="li"
              key={proposal.flux.map((flux) => flux.ID_FluxFinancier).join('-')}
              sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
            >
              <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5, alignItems: 'center' }}>
                <Chip
                  size="small"
                  color={CONFIDENCE_COLORS[proposal.confiance]}
                  label={m.confidence[proposal.confiance]}
                  aria-label={m.confidenceLabel(m.confidence[proposal.confiance])}
                />
                {proposal.raisons.map((reason) => (
                  <Chip
                    key={reason}
                    size="small"
                    variant="outlined"
                    color={reason === 'autre_structure' ? 'warning' : 'default'}
                    label={m.reasons[reason]}
                  />
                ))}
              </Stack>
              {proposal.flux.map((flux) => (
                <Typography key={flux.ID_FluxFinancier} variant="body2" sx={{ mt: 0.5 }}>
                  {fluxText(flux)}{' '}
                  <StructureSituationLink structureId={flux.ID_Structure}>
                    {m.structureSituation(flux.NomStructure)}
                  </StructureSituationLink>
                </Typography>
              ))}
              {proposal.flux.length > 1 && (
                <Typography variant="body2" color="text.secondary">
                  {m.proposalTotal(formatEuros(proposal.resteDuCents))}
                </Typography>
              )}
              <LeftOver entry={entry} proposal={proposal} />
              {canWrite && (
                <Button
                  size="small"
                  sx={{ mt: 0.5 }}
                  variant={index === 0 && !proposal.autreStructure ? 'contained' : 'outlined'}
                  aria-label={m.confirmLabel(invoicesOf(proposal))}
                  disabled={confirm.isPending}
                  onClick={() => choose(proposal)}
                >
                  {confirm.isPending ? m.confirming : m.confirm}
                </Button>
              )}
            </Box>
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
