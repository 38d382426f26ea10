import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formErrorText } from '@/lib/api-client';
import { useCurrentStructure } from '@/lib/session';
import { downloadPayoutStatement } from '../api/download-payout-statement';
import { structureSituationMessages as m } from '../messages';

interface PayoutStatementDownloadProps {
  /** The ligue or comité the relevé is about. */
  structureId: number;
  /** The period shown by the section, or null while it cannot be asked. */
  period: { du: string; au: string } | null;
}

/**
 * R-PAY-09: 'Relevé de reversements' of the period shown, as PDF or xlsx: the server issues it
 * (frozen, numbered) or gives back the same one issued before.
 */
export function PayoutStatementDownload({ structureId, period }: PayoutStatementDownloadProps) {
  const { structureId: actingStructureId } = useCurrentStructure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: 'pdf' | 'xlsx') => {
    if (!period) return;
    setBusy(true);
    setError(null);
    try {
      await downloadPayoutStatement(structureId, actingStructureId, period, format);
    } catch (failure) {
      setError(formErrorText(failure, m.payoutStatementError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ mt: 2 }} role="group" aria-label={m.payoutStatementTitle}>
      <Typography variant="subtitle2" component="h3">
        {m.payoutStatementTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {m.payoutStatementNote}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" disabled={!period || busy} onClick={() => void download('pdf')}>
          {m.payoutStatementPdf}
        </Button>
        <Button variant="outlined" disabled={!period || busy} onClick={() => void download('xlsx')}>
          {m.payoutStatementXlsx}
        </Button>
      </Stack>
      {busy && <LinearProgress aria-label={m.payoutStatementDownloading} />}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
