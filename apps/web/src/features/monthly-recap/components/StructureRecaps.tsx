import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QueryFailure } from '@/components/QueryFailure';
import { RouteLink } from '@/components/RouteLink';
import { useCurrentStructure } from '@/lib/session';
import { useRecaps } from '../hooks/use-recaps';
import { monthlyRecapMessages as m } from '../messages';
import { RecapTable } from './RecapTable';

/** How many recaps the structure's page lists; the module lists them all. */
const SHOWN = 3;

/**
 * The structure's page: its latest monthly recaps with their files and, for the structure the user
 * acts for, a link to the module. Nothing at all while they load.
 */
export function StructureRecaps({ structureId }: { structureId: number }) {
  const { structureId: actingStructureId } = useCurrentStructure();
  const query = useRecaps(structureId);
  if (query.isPending) return null;
  const recaps = query.data?.recapitulatifs ?? [];
  return (
    <Paper component="section" variant="outlined" aria-labelledby="recap-resume" sx={{ p: 2, minWidth: 0 }}>
      <Typography id="recap-resume" component="h2" variant="h6" sx={{ mb: 1 }}>
        {m.summaryTitle}
      </Typography>
      {query.isError ? (
        <QueryFailure error={query.error} fallback={m.loadError} onRetry={() => void query.refetch()} />
      ) : (
        <Stack spacing={1}>
          <Typography color="text.secondary">{m.summaryCount(recaps.length)}</Typography>
          <RecapTable recaps={[...recaps].sort((a, b) => b.mois.localeCompare(a.mois)).slice(0, SHOWN)} />
          {structureId === actingStructureId && (
            <RouteLink to="gestion_des_finances__recapitulatif">{m.summaryMore}</RouteLink>
          )}
        </Stack>
      )}
    </Paper>
  );
}
