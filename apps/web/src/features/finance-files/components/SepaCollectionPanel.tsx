import {
  DEFAULT_PAIN008_VERSION,
  formatEuros,
  SEPA_DEFAULT_CATEGORIES,
  sepaGenerateBodySchema,
  type SepaCalendar,
} from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { formatDate } from '@/lib/format';
import { contractProblems, showServerIssues } from '@/lib/forms';
import { useSeasons } from '@/lib/seasons';
import { useGenerateSepa } from '../api/generate-sepa';
import { useSepaPreview, type SepaSelection } from '../api/sepa-preview';
import { collectionDateProblem } from '../collection-date';
import { sepaMessages } from '../messages';
import { sepaErrorText } from '../sepa-error-text';
import { SepaExcludedList } from './SepaExcludedList';
import { SepaPreviewTable } from './SepaPreviewTable';
import { SepaSelectionForm, type SepaFormValues } from './SepaSelectionForm';
import { SepaSummaryBar } from './SepaSummaryBar';

/**
 * Pick (the first allowed collection date and the current season by default), preview,
 * confirm and generate the pain.008 file. The totals and the button stay at the top (sticky);
 * the structures below can be searched by name or federal code and come a page at a time.
 */
export function SepaCollectionPanel({ calendar, structureId }: { calendar: SepaCalendar; structureId: number }) {
  const { control, watch, setError, clearErrors, formState } = useForm<SepaFormValues>({
    defaultValues: {
      dateEcheance: calendar.earliestDate,
      saison: null,
      categories: [...SEPA_DEFAULT_CATEGORIES],
      version: DEFAULT_PAIN008_VERSION,
    },
  });
  const values = watch();
  const { seasons, settled } = useSeasons();
  // Until the user picks one: the current season (R-SEPA-10), all of them if there is none.
  const currentSeason = seasons.find((season) => season.EST_SaisonCourante)?.id;
  const saison = values.saison ?? (settled ? (currentSeason === undefined ? '' : String(currentSeason)) : null);
  const selection = useMemo<SepaSelection>(
    () => ({
      dateEcheance: values.dateEcheance,
      saison: saison ? Number(saison) : undefined,
      categories: values.categories,
      structureId,
    }),
    [values.dateEcheance, values.categories, saison, structureId],
  );
  // A date the server would refuse is neither previewed nor generated; nor 'every season'
  // while the current one is still being looked up.
  // The generation's body is checked with the contract the server parses it with; the date
  // against the TARGET calendar, as the server does.
  const validDate =
    contractProblems(sepaGenerateBodySchema, { ...selection, version: values.version }).dateEcheance === undefined &&
    collectionDateProblem(values.dateEcheance, calendar) === null;
  const preview = useSepaPreview(selection, validDate && saison !== null);
  const [confirming, setConfirming] = useState(false);
  const [query, setQuery] = useState('');
  const generation = useGenerateSepa();
  // A new selection takes back what the server said of the previous one.
  const selectionKey = JSON.stringify(values);
  useEffect(() => clearErrors(), [selectionKey, clearErrors]);

  return (
    <>
      <SepaSelectionForm
        control={control}
        shownSeason={saison ?? ''}
        calendar={calendar}
        seasons={seasons}
        dateError={formState.errors.dateEcheance?.message}
      />
      {validDate && preview.isPending && <CenteredProgress label={sepaMessages.loading} />}
      {preview.isError && <Alert severity="error">{sepaErrorText(preview.error)}</Alert>}
      {preview.data && (
        <>
          <SepaSummaryBar
            preview={preview.data}
            // Never on numbers of a previous selection: wait for this one's preview.
            disabled={
              !validDate ||
              preview.isPlaceholderData ||
              preview.isFetching ||
              preview.data.nbFlux === 0 ||
              generation.isPending
            }
            generating={generation.isPending}
            onGenerate={() => setConfirming(true)}
          />
          <ConfirmDialog
            open={confirming}
            title={sepaMessages.confirmTitle}
            cancelLabel={sepaMessages.cancel}
            confirmLabel={sepaMessages.confirm}
            onCancel={() => setConfirming(false)}
            onConfirm={() =>
              generation.mutate(
                { selection, version: values.version },
                { onError: (e) => showServerIssues(e, ['dateEcheance'], setError) },
              )
            }
          >
            {sepaMessages.confirmText(
              String(preview.data.nbFlux),
              formatEuros(preview.data.totalCents),
              formatDate(values.dateEcheance),
              values.version,
            )}
          </ConfirmDialog>
          {generation.isSuccess && (
            <Box sx={{ mb: 2 }}>
              <Alert severity={generation.data.exclues.length > 0 ? 'warning' : 'success'}>
                {generation.data.exclues.length > 0
                  ? sepaMessages.generatedWithExclusions(generation.data.fileName, generation.data.exclues.length)
                  : sepaMessages.generated(generation.data.fileName)}
              </Alert>
              <SepaExcludedList
                excluded={generation.data.exclues}
                title={sepaMessages.generatedExcludedTitle}
                label={sepaMessages.generatedExcludedLabel}
              />
            </Box>
          )}
          {generation.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {sepaErrorText(generation.error)}
            </Alert>
          )}
          {preview.data.structures.length + preview.data.exclues.length > 0 && (
            <TextField
              type="search"
              size="small"
              label={sepaMessages.search}
              helperText={sepaMessages.searchHelp}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
            />
          )}
          <SepaPreviewTable preview={preview.data} query={query} />
          <SepaExcludedList excluded={preview.data.exclues} query={query} />
        </>
      )}
    </>
  );
}
