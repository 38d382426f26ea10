import { formatEuros, type BankEntryState, type BankEntryView } from '@gdf/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatDate } from '@/lib/format';
import { StructureSituationLink } from '@/components/StructureSituationLink';
import { bankStatementMessages as m } from '../messages';
import { BankEntryProposals } from './BankEntryProposals';
import { BankReconciliationView } from './BankReconciliationView';
import { signedAmount } from './format';

const STATE_COLORS: Record<BankEntryState, 'success' | 'warning' | 'default'> = {
  a_traiter: 'warning',
  rapprochee: 'success',
  debit: 'default',
  non_comptabilisee: 'default',
};

/**
 * One bank entry: its day, amount, the bank's label and remittance lines, the payer; then
 * for a credit to reconcile its proposals, for a reconciled one its parts and the undo.
 */
export function BankEntryItem({
  entry,
  structureId,
  canWrite,
  onDone,
}: {
  entry: BankEntryView;
  structureId: number;
  canWrite: boolean;
  /** What a confirm or undo did, said above the list (the entry may leave it). */
  onDone: (message: string) => void;
}) {
  const titleId = useId();
  const amount = formatEuros(entry.montantCents);
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }} data-entry={entry.reference}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography id={titleId} component="h4" variant="subtitle2">
          {`${entry.sens === 'credit' ? m.credit : m.debit} ${signedAmount(entry.montantCents, entry.sens)}`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {m.bookedOn(formatDate(entry.dateComptable))}
        </Typography>
        <Chip size="small" variant="outlined" color={STATE_COLORS[entry.etat]} label={m.states[entry.etat]} />
      </Stack>
      <Box sx={{ mt: 0.5 }}>
        {entry.libelle && <Typography variant="body2">{entry.libelle}</Typography>}
        {entry.infosRemise.map((line, index) => (
          <Typography key={index} variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {line}
          </Typography>
        ))}
        {entry.nomDebiteur && (
          <Typography variant="body2" color="text.secondary">
            {`${m.debtor} : ${entry.nomDebiteur}${entry.ibanDebiteur ? ` (${entry.ibanDebiteur})` : ''}`}
          </Typography>
        )}
        {entry.payeur && (
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-payer={entry.payeur.ID_Structure}>
            {m.identifiedPayer(entry.payeur.NomStructure, entry.payeur.sources)}{' '}
            <StructureSituationLink structureId={entry.payeur.ID_Structure}>
              {m.structureSituation(entry.payeur.NomStructure)}
            </StructureSituationLink>
          </Typography>
        )}
        {!entry.payeur && entry.etat === 'a_traiter' && (
          <Typography variant="body2" color="text.secondary">
            {m.noIdentifiedPayer}
          </Typography>
        )}
      </Box>
      {entry.etat === 'a_traiter' && (
        <BankEntryProposals
          entry={entry}
          amount={amount}
          structureId={structureId}
          canWrite={canWrite}
          onDone={onDone}
        />
      )}
      {entry.etat === 'rapprochee' && entry.rapprochement && (
        <BankReconciliationView
          entryId={entry.id}
          entryCents={entry.montantCents}
          reconciliation={entry.rapprochement}
          amount={amount}
          structureId={structureId}
          canWrite={canWrite}
          onDone={onDone}
        />
      )}
    </Paper>
  );
}
