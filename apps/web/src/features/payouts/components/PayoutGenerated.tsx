import { formatEuros, type PayoutGenerated as Generated } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { formErrorText } from '@/lib/api-client';
import { downloadPayoutBatch } from '../api/payouts-api';
import { payoutMessages } from '../messages';

/** The file just made (R-PAY-07): its name, count and total, and 'Télécharger'. */
export function PayoutGenerated({ generated, structureId }: { generated: Generated; structureId: number }) {
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = () => {
    setDownloadError(null);
    downloadPayoutBatch(structureId, generated).catch((error: unknown) =>
      setDownloadError(formErrorText(error, payoutMessages.genericError)),
    );
  };
  const excluded = generated.exclues.length;
  return (
    <Box sx={{ mt: 2 }}>
      <Alert
        severity={excluded > 0 ? 'warning' : 'success'}
        action={
          <Button color="inherit" size="small" onClick={download}>
            {payoutMessages.download}
          </Button>
        }
      >
        {payoutMessages.generated(generated.fichier, generated.nbVirements, formatEuros(generated.totalCentimes))}
        {excluded > 0 && ` ${payoutMessages.generatedExclusions(excluded)}`}
      </Alert>
      {downloadError && <ErrorAlert sx={{ mt: 1 }}>{downloadError}</ErrorAlert>}
    </Box>
  );
}
