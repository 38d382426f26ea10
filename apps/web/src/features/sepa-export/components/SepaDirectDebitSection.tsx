import {
  DEFAULT_PAIN008_VERSION,
  defaultCollectionDate,
  formatEuros,
  parisToday,
  SEPA_DEFAULT_CATEGORIES,
} from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSeasons } from '@/lib/seasons';
import { useCurrentStructure } from '@/lib/session';
import { useGenerateSepa } from '../api/generate-sepa';
import { downloadSepaBatch } from '../api/sepa-batches';
import { useSepaPreview, type SepaSelection } from '../api/sepa-preview';
import { sepaMessages } from '../messages';
import { SepaBatchList } from './SepaBatchList';
import { SepaExcludedList } from './SepaExcludedList';
import { SepaPreviewTable } from './SepaPreviewTable';
import { SepaSelectionForm, type SepaFormValues } from './SepaSelectionForm';

const errorText = (error: unknown) => (error instanceof ApiError && error.serverMessage) || sepaMessages.genericError;

/** 'Prélèvements SEPA': pick, preview, generate and download the pain.008 file; past files below. */
export function SepaDirectDebitSection() {
  const { structureId } = useCurrentStructure();
  // The federation's day (Europe/Paris), whatever the browser's time zone.
  const today = parisToday();
  const [values, setValues] = useState<SepaFormValues>(() => ({
    dateEcheance: defaultCollectionDate(new Date()),
    saison: '',
    categories: [...SEPA_DEFAULT_CATEGORIES],
    version: DEFAULT_PAIN008_VERSION,
  }));
  const selection = useMemo<SepaSelection>(
    () => ({
      dateEcheance: values.dateEcheance,
      saison: values.saison ? Number(values.saison) : undefined,
      categories: values.categories,
      structureId,
    }),
    [values, structureId],
  );
  const { seasons } = useSeasons();
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(values.dateEcheance) && values.dateEcheance >= today;
  const preview = useSepaPreview(selection, validDate);
  const [confirming, setConfirming] = useState(false);
  const generation = useGenerateSepa();
  const [downloadError, setDownloadError] = useState<string | null>(null);

  return (
    <Box component="section" sx={{ mb: 4 }}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {sepaMessages.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {sepaMessages.intro}
      </Typography>
      <SepaSelectionForm values={values} minDate={today} seasons={seasons} onChange={setValues} />
      {preview.isPending && <CenteredProgress label={sepaMessages.loading} />}
      {preview.isError && <Alert severity="error">{errorText(preview.error)}</Alert>}
      {preview.data && (
        <>
          <SepaPreviewTable preview={preview.data} />
          <Button
            variant="contained"
            sx={{ mt: 2 }}
            // Never on numbers of a previous selection: wait for this one's preview.
            disabled={
              !validDate ||
              preview.isPlaceholderData ||
              preview.isFetching ||
              preview.data.nbFlux === 0 ||
              generation.isPending
            }
            onClick={() => setConfirming(true)}
          >
            {generation.isPending ? sepaMessages.generating : sepaMessages.generate}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={sepaMessages.confirmTitle}
            cancelLabel={sepaMessages.cancel}
            confirmLabel={sepaMessages.confirm}
            onCancel={() => setConfirming(false)}
            onConfirm={() => generation.mutate({ selection, version: values.version })}
          >
            {sepaMessages.confirmText(
              String(preview.data.nbFlux),
              formatEuros(preview.data.totalCents),
              formatDate(values.dateEcheance),
              values.version,
            )}
          </ConfirmDialog>
          {generation.isSuccess && (
            <>
              <Alert severity={generation.data.exclues.length > 0 ? 'warning' : 'success'} sx={{ mt: 2 }}>
                {generation.data.exclues.length > 0
                  ? sepaMessages.generatedWithExclusions(generation.data.fileName, generation.data.exclues.length)
                  : sepaMessages.generated(generation.data.fileName)}
              </Alert>
              <SepaExcludedList
                excluded={generation.data.exclues}
                title={sepaMessages.generatedExcludedTitle}
                label={sepaMessages.generatedExcludedLabel}
              />
            </>
          )}
          {generation.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorText(generation.error)}
            </Alert>
          )}
          <SepaExcludedList excluded={preview.data.exclues} />
        </>
      )}
      {downloadError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {downloadError}
        </Alert>
      )}
      <SepaBatchList
        structureId={structureId}
        onDownload={(batch) => {
          setDownloadError(null);
          downloadSepaBatch(structureId, batch).catch((error: unknown) => setDownloadError(errorText(error)));
        }}
      />
    </Box>
  );
}
