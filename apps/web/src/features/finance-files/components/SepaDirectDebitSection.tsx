import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CenteredProgress } from '@/components/CenteredProgress';
import { useCurrentStructure } from '@/lib/session';
import { useSepaCalendar } from '../api/sepa-calendar';
import { downloadSepaBatch } from '../api/sepa-batches';
import { sepaMessages } from '../messages';
import { sepaErrorText } from '../sepa-error-text';
import { SepaBatchList } from './SepaBatchList';
import { SepaCollectionPanel } from './SepaCollectionPanel';

/**
 * 'Prélèvements SEPA': pick, preview, generate and download the pain.008 file; past files below.
 * The server's TARGET calendar (today in Paris, lead time) comes first: it sets the date picker.
 */
export function SepaDirectDebitSection() {
  const { structureId } = useCurrentStructure();
  const calendar = useSepaCalendar(structureId);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  return (
    <Box component="section" sx={{ mb: 4 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {sepaMessages.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {sepaMessages.intro}
      </Typography>
      {calendar.isPending && <CenteredProgress label={sepaMessages.calendarLoading} />}
      {calendar.isError && <Alert severity="error">{sepaErrorText(calendar.error, sepaMessages.calendarError)}</Alert>}
      {calendar.data && <SepaCollectionPanel calendar={calendar.data} structureId={structureId} />}
      {downloadError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {downloadError}
        </Alert>
      )}
      <SepaBatchList
        structureId={structureId}
        onDownload={(batch) => {
          setDownloadError(null);
          downloadSepaBatch(structureId, batch).catch((error: unknown) => setDownloadError(sepaErrorText(error)));
        }}
      />
    </Box>
  );
}
