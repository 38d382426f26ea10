import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { HEAD_OFFICE_STRUCTURE_ID, type StatisticsResponse } from '@gdf/domain';
import { CenteredProgress } from '@/components/CenteredProgress';
import { QueryFailure } from '@/components/QueryFailure';
import { useCurrentStructure } from '@/lib/session';
import { useStatistics, useStatisticsFilters } from '../hooks/use-statistics';
import { statisticsMessages as m } from '../messages';
import { BillingSection, CollectionSection } from './CollectionBillingSections';
import { ArrearsSection, RejectsSection } from './RejectsArrearsSections';
import { RisesSection, SeasonsSection } from './SeasonsRisesSections';
import { StatisticsFilters } from './StatisticsFilters';
import { StatisticsToolbar } from './StatisticsToolbar';

/** Nothing billed, settled, returned or owed under these filters. */
function isEmpty(data: StatisticsResponse): boolean {
  const { recouvrement, rejets, arrieres } = data;
  return (
    data.facturationParMois.length === 0 &&
    recouvrement.factureCentimes === 0 &&
    recouvrement.regleCentimes === 0 &&
    rejets.parMotif.length === 0 &&
    arrieres.parAnciennete.length === 0 &&
    data.saisons.length === 0
  );
}

function Sections({ data }: { data: StatisticsResponse }) {
  if (isEmpty(data)) return <Alert severity="info">{m.empty}</Alert>;
  return (
    <>
      <CollectionSection figures={data.recouvrement} />
      <BillingSection rows={data.facturationParMois} />
      <RejectsSection byReason={data.rejets.parMotif} byBank={data.rejets.parBanque} />
      <ArrearsSection arrears={data.arrieres} />
      <SeasonsSection seasons={data.saisons} />
      <RisesSection rises={data.plusFortesHausses} />
    </>
  );
}

/**
 * 'Etats statistiques': collection, billing by month and category, rejects, arrears, seasons
 * compared and the largest rises of arrears, under filters kept in the URL; every figure links
 * to the flux search giving the same total, every chart has its table (R-UI-11, R-UI-18).
 */
export function EtatsStatistiques() {
  const { structureId } = useCurrentStructure();
  const { filters, update } = useStatisticsFilters();
  const query = useStatistics(filters);
  return (
    <Stack spacing={3}>
      <StatisticsFilters
        filters={filters}
        onChange={update}
        federationId={structureId === HEAD_OFFICE_STRUCTURE_ID ? structureId : null}
      />
      <StatisticsToolbar filters={filters} aJourAu={query.data?.aJourAu ?? null} />
      {query.isFetching && query.isPlaceholderData && <LinearProgress aria-label={m.updating} />}
      {query.isPending && <CenteredProgress label={m.loading} />}
      {query.isError && (
        <QueryFailure error={query.error} fallback={m.loadError} onRetry={() => void query.refetch()} />
      )}
      {query.data && !query.isError && <Sections data={query.data} />}
    </Stack>
  );
}
