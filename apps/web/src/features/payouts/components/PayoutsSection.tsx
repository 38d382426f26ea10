import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateField } from '@/components/DateField';
import { QueryFailure } from '@/components/QueryFailure';
import { useCurrentStructure } from '@/lib/session';
import { useGeneratePayouts, type PayoutGeneration } from '../api/payouts-api';
import { usePayoutSelection, type PayoutSelection } from '../hooks/use-payout-selection';
import { payoutMessages } from '../messages';
import { PayoutBatchHistory } from './PayoutBatchHistory';
import { PayoutExcludedTable } from './PayoutExcludedTable';
import { PayoutGenerated } from './PayoutGenerated';
import { PayoutGeneratePanel } from './PayoutGeneratePanel';
import { PayoutPayablesTable } from './PayoutPayablesTable';

/** The day the shares are counted to and whether the clubs' refunds are paid too. */
function PayoutFilters({ selection }: { selection: PayoutSelection }) {
  return (
    <Stack
      role="group"
      aria-label={payoutMessages.selectionLabel}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <DateField
        label={payoutMessages.au}
        name="au"
        value={selection.au}
        onChange={selection.setAu}
        error={!selection.validAu}
        helperText={selection.validAu ? null : payoutMessages.dateInvalid}
        required
      />
      <FormControlLabel
        label={payoutMessages.refunds}
        control={
          <Checkbox
            checked={selection.remboursements}
            onChange={(event) => selection.setRemboursements(event.target.checked)}
          />
        }
      />
    </Stack>
  );
}

/** The preview: loading, failed, nothing due, or the payees with 'Générer' and those left out. */
function PayoutPreview({ selection, generation }: { selection: PayoutSelection; generation: PayoutGeneration }) {
  const { preview } = selection;
  if (!selection.validAu) return null;
  if (preview.isError)
    return (
      <QueryFailure error={preview.error} fallback={payoutMessages.loadError} onRetry={() => void preview.refetch()} />
    );
  if (!preview.data) return <CircularProgress size={24} aria-label={payoutMessages.loading} sx={{ mt: 2 }} />;
  const { payables, exclues } = preview.data;
  return (
    <>
      {payables.length === 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {payoutMessages.nothingDue}
        </Alert>
      ) : (
        <>
          <PayoutPayablesTable selection={selection} />
          <PayoutGeneratePanel selection={selection} generation={generation} />
        </>
      )}
      <PayoutExcludedTable rows={exclues} />
    </>
  );
}

/**
 * 'Générer les virements SEPA' for the holders of the payout grant (R-PAY-08): the shares of the
 * ligues and comités and the clubs' refunds (R-PAY-07), those left out and why (R-PAY-06), the
 * pain.001 file (R-PAY-05) and the files already made.
 */
export function PayoutsSection() {
  const { structureId } = useCurrentStructure();
  const selection = usePayoutSelection(structureId);
  // Here, not in the panel: the file made stays shown once the preview has nothing left to pay.
  const generation = useGeneratePayouts(structureId);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {payoutMessages.intro}
      </Typography>
      <PayoutFilters selection={selection} />
      {generation.isSuccess && <PayoutGenerated generated={generation.data} structureId={structureId} />}
      <PayoutPreview selection={selection} generation={generation} />
      <PayoutBatchHistory structureId={structureId} />
    </Box>
  );
}
