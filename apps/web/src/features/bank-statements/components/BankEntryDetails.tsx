import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { StructureSituationLink } from '@/components/StructureSituationLink';
import { bankStatementMessages as m } from '../messages';
import { BankEntryProposals, type BankEntryPartProps } from './BankEntryProposals';
import { BankReconciliationView } from './BankReconciliationView';

/**
 * What an unfolded entry shows: the bank's label and remittance lines, the payer; then for a
 * credit to reconcile its proposals, for a reconciled one its parts and the undo.
 */
export function BankEntryDetails({ entry, amount, structureId, canWrite, onDone }: BankEntryPartProps) {
  return (
    <Box sx={{ pl: 5, pb: 1 }}>
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
    </Box>
  );
}
