import Stack from '@mui/material/Stack';
import { RECAP_WRITE } from '@gdf/domain';
import Typography from '@mui/material/Typography';
import { CenteredProgress } from '@/components/CenteredProgress';
import { QueryFailure } from '@/components/QueryFailure';
import { useSession } from '@/lib/session';
import { useRecaps } from '../hooks/use-recaps';
import { monthlyRecapMessages as m } from '../messages';
import { IssueRecapForm } from './IssueRecapForm';
import { RecapEmailSwitch } from './RecapEmailSwitch';
import { RecapTable } from './RecapTable';

/**
 * 'Récapitulatif mensuel' of the current structure: the recaps issued (PDF, xlsx), the e-mail
 * sending, and for the write grant's holders a recap issued on demand for a month already over
 * (R-RECAP-04, R-RECAP-07, R-RECAP-08).
 */
export function MonthlyRecap() {
  const { me, grants, currentStructure } = useSession();
  const { structureId } = currentStructure;
  const mayWrite = me.isSuperAdmin || grants.includes(RECAP_WRITE);
  const query = useRecaps(structureId);
  if (query.isPending) return <CenteredProgress label={m.loading} />;
  if (query.isError)
    return <QueryFailure error={query.error} fallback={m.loadError} onRetry={() => void query.refetch()} />;
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{m.intro}</Typography>
      <RecapEmailSwitch structureId={structureId} list={query.data} mayWrite={mayWrite} />
      {mayWrite && <IssueRecapForm structureId={structureId} />}
      <Stack component="section" aria-labelledby="recap-liste" spacing={1}>
        <Typography id="recap-liste" component="h2" variant="h6">
          {m.listTitle}
        </Typography>
        <RecapTable recaps={query.data.recapitulatifs} />
      </Stack>
    </Stack>
  );
}
