import { formatEuros, type SepaCalendar, type SepaGenerated } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { formatDate } from '@/lib/format';
import { showServerIssues } from '@/lib/forms';
import { useGenerateSepa } from '../api/generate-sepa';
import { useSepaSelection } from '../hooks/use-sepa-selection';
import { sepaMessages } from '../messages';
import { sepaErrorText } from '../sepa-error-text';
import { SepaExcludedList } from './SepaExcludedList';
import { SepaPreviewTable } from './SepaPreviewTable';
import { SepaSelectionForm } from './SepaSelectionForm';
import { SepaSummaryBar } from './SepaSummaryBar';

/** The file made: its name, and the structures left out of it. */
function SepaGenerationDone({ generated }: { generated: SepaGenerated }) {
  const excluded = generated.exclues.length;
  return (
    <Box sx={{ mb: 2 }}>
      <Alert severity={excluded > 0 ? 'warning' : 'success'}>
        {excluded > 0
          ? sepaMessages.generatedWithExclusions(generated.fileName, excluded)
          : sepaMessages.generated(generated.fileName)}
      </Alert>
      <SepaExcludedList
        excluded={generated.exclues}
        title={sepaMessages.generatedExcludedTitle}
        label={sepaMessages.generatedExcludedLabel}
      />
    </Box>
  );
}

/**
 * Pick (the first allowed collection date and the current season by default), preview,
 * confirm and generate the pain.008 file. The totals and the button stay at the top (sticky);
 * the structures below can be searched by name or federal code and come a page at a time.
 */
export function SepaCollectionPanel({ calendar, structureId }: { calendar: SepaCalendar; structureId: number }) {
  const { form, values, seasons, saison, selection, validDate, preview } = useSepaSelection(calendar, structureId);
  const [confirming, setConfirming] = useState(false);
  const [query, setQuery] = useState('');
  const generation = useGenerateSepa();

  return (
    <>
      <SepaSelectionForm
        control={form.control}
        shownSeason={saison ?? ''}
        calendar={calendar}
        seasons={seasons}
        dateError={form.formState.errors.dateEcheance?.message}
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
                { onError: (e) => showServerIssues(e, ['dateEcheance'], form.setError) },
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
          {generation.isSuccess && <SepaGenerationDone generated={generation.data} />}
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
