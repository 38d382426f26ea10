import { DEFAULT_PAIN008_VERSION, formatEuros, SEPA_DEFAULT_CATEGORIES, type SepaCalendar } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { formatDate } from '@/lib/format';
import { useSeasons } from '@/lib/seasons';
import { useGenerateSepa } from '../api/generate-sepa';
import { useSepaPreview, type SepaSelection } from '../api/sepa-preview';
import { collectionDateProblem } from '../collection-date';
import { sepaMessages } from '../messages';
import { sepaErrorText } from '../sepa-error-text';
import { SepaExcludedList } from './SepaExcludedList';
import { SepaPreviewTable } from './SepaPreviewTable';
import { SepaSelectionForm, type SepaFormValues } from './SepaSelectionForm';

/** Pick (the first allowed collection date by default), preview, confirm and generate the pain.008 file. */
export function SepaCollectionPanel({ calendar, structureId }: { calendar: SepaCalendar; structureId: number }) {
  const [values, setValues] = useState<SepaFormValues>(() => ({
    dateEcheance: calendar.earliestDate,
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
  // A date the server would refuse is neither previewed nor generated.
  const validDate = collectionDateProblem(values.dateEcheance, calendar) === null;
  const preview = useSepaPreview(selection, validDate);
  const [confirming, setConfirming] = useState(false);
  const generation = useGenerateSepa();

  return (
    <>
      <SepaSelectionForm values={values} calendar={calendar} seasons={seasons} onChange={setValues} />
      {validDate && preview.isPending && <CenteredProgress label={sepaMessages.loading} />}
      {preview.isError && <Alert severity="error">{sepaErrorText(preview.error)}</Alert>}
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
              {sepaErrorText(generation.error)}
            </Alert>
          )}
          <SepaExcludedList excluded={preview.data.exclues} />
        </>
      )}
    </>
  );
}
