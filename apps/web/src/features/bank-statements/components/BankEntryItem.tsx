import { formatEuros, type BankEntryState, type BankEntryView } from '@gdf/domain';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatDate } from '@/lib/format';
import { bankStatementMessages as m } from '../messages';
import { BankEntryDetails } from './BankEntryDetails';
import { signedAmount } from './format';

const STATE_COLORS: Record<BankEntryState, 'success' | 'warning' | 'default'> = {
  a_traiter: 'warning',
  rapprochee: 'success',
  debit: 'default',
  non_comptabilisee: 'default',
};

/**
 * One bank entry as one compact row: amount, day, state, payer or label and how many
 * proposals wait; unfolded, its remittance lines, payer, then for a credit to reconcile its
 * proposals, for a reconciled one its parts and the undo (R-UI-18: a statement stays short).
 */
export function BankEntryItem({
  entry,
  structureId,
  canWrite,
  onDone,
  defaultOpen = false,
}: {
  entry: BankEntryView;
  structureId: number;
  canWrite: boolean;
  /** What a confirm or undo did, said above the list (the entry may leave it). */
  onDone: (message: string) => void;
  /** Unfolded from the start (the only entry of the list). */
  defaultOpen?: boolean;
}) {
  const titleId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(defaultOpen);
  const amount = formatEuros(entry.montantCents);
  const title = `${entry.sens === 'credit' ? m.credit : m.debit} ${signedAmount(entry.montantCents, entry.sens)}`;
  const who = entry.payeur?.NomStructure ?? entry.nomDebiteur ?? entry.libelle;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ px: 1.5, py: 0.75 }}
      data-entry={entry.reference}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <IconButton
          size="small"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={m.entryDetails(title)}
          onClick={() => setOpen(!open)}
        >
          <ExpandMore sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
        </IconButton>
        <Typography id={titleId} component="h4" variant="subtitle2" sx={{ whiteSpace: 'nowrap' }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {m.bookedOn(formatDate(entry.dateComptable))}
        </Typography>
        <Chip size="small" variant="outlined" color={STATE_COLORS[entry.etat]} label={m.states[entry.etat]} />
        {entry.etat === 'a_traiter' && <Chip size="small" label={m.proposalCount(entry.propositions.length)} />}
        {who && (
          <Typography variant="body2" noWrap title={who} sx={{ flex: '1 1 12rem', minWidth: 0 }}>
            {who}
          </Typography>
        )}
      </Stack>
      <Collapse in={open} id={detailsId} unmountOnExit>
        <BankEntryDetails entry={entry} amount={amount} structureId={structureId} canWrite={canWrite} onDone={onDone} />
      </Collapse>
    </Paper>
  );
}
