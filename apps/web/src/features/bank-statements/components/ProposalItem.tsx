import { defaultAllocations, formatEuros, type BankEntryProposal, type BankEntryView } from '@gdf/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '@/lib/format';
import { StructureSituationLink } from '@/components/StructureSituationLink';
import { bankStatementMessages as m } from '../messages';
import { fluxText } from './format';

const CONFIDENCE_COLORS = { sure: 'success', probable: 'info', possible: 'default' } as const;

/** The parts 'Rapprocher' sends: each flux what it still owes, capped by the credit (the domain's rule). */
export function proposalParts(entry: BankEntryView, proposal: BankEntryProposal) {
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

/** One proposal: its confidence and reasons, the flux, what it leaves, and 'Rapprocher'. */
export function ProposalItem({
  entry,
  proposal,
  best,
  canWrite,
  busy,
  onChoose,
}: {
  entry: BankEntryView;
  proposal: BankEntryProposal;
  /** The first proposal: its button stands out unless it is another structure's (R-BANK-10). */
  best: boolean;
  canWrite: boolean;
  busy: boolean;
  onChoose: () => void;
}) {
  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
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
          variant={best && !proposal.autreStructure ? 'contained' : 'outlined'}
          aria-label={m.confirmLabel(invoicesOf(proposal))}
          disabled={busy}
          onClick={onChoose}
        >
          {busy ? m.confirming : m.confirm}
        </Button>
      )}
    </Box>
  );
}
