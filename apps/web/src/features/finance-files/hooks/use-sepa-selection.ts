import {
  DEFAULT_PAIN008_VERSION,
  SEPA_DEFAULT_CATEGORIES,
  sepaGenerateBodySchema,
  type SepaCalendar,
} from '@gdf/domain';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { contractProblems } from '@/lib/forms';
import { useSeasons } from '@/lib/seasons';
import { useSepaPreview, type SepaSelection } from '../api/sepa-preview';
import { collectionDateProblem } from '../collection-date';
import type { SepaFormValues } from '../components/SepaSelectionForm';

/** The season shown: the user's pick, else the current one (R-SEPA-10), '' for all of them; null while unknown. */
function shownSeason(picked: string | null, settled: boolean, currentSeason: number | undefined) {
  if (picked !== null) return picked;
  if (!settled) return null;
  return currentSeason === undefined ? '' : String(currentSeason);
}

/**
 * The SEPA selection form (the first allowed collection date and the current season by
 * default) and the preview of what it selects.
 */
export function useSepaSelection(calendar: SepaCalendar, structureId: number) {
  const form = useForm<SepaFormValues>({
    defaultValues: {
      dateEcheance: calendar.earliestDate,
      saison: null,
      categories: [...SEPA_DEFAULT_CATEGORIES],
      version: DEFAULT_PAIN008_VERSION,
    },
  });
  const values = form.watch();
  const { seasons, settled } = useSeasons();
  const saison = shownSeason(values.saison, settled, seasons.find((season) => season.EST_SaisonCourante)?.id);
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
  // A new selection takes back what the server said of the previous one.
  const selectionKey = JSON.stringify(values);
  const { clearErrors } = form;
  useEffect(() => clearErrors(), [selectionKey, clearErrors]);
  return { form, values, seasons, saison, selection, validDate, preview };
}
