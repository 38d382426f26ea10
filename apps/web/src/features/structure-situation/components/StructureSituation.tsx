import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StructureSituation as Situation } from '@gdf/domain';
import type { ReactNode } from 'react';
import { QueryFailure } from '@/components/QueryFailure';
import { useStructureSituation } from '../hooks/use-structure-situation';
import { structureSituationMessages as m } from '../messages';
import {
  BalanceSection,
  BankSection,
  OpenFluxSection,
  RemindersSection,
  ReturnsSection,
  SettlementsSection,
  StatementsSection,
} from './SituationSections';
import { SharesSection } from './SharesSection';

interface StructureSituationProps {
  structureId: number;
  /** The buttons of the actions the caller's grants allow, composed by the page (other features). */
  renderActions?: (situation: Situation) => ReactNode;
}

/**
 * 'Situation de la structure': what the structure owes and how it came to be, each section a
 * titled region (balance and ageing, open flux, settlements, returns and relaunches, reminder
 * letters, statements, RIB and mandate, a ligue's or a comité's shares). A structure out of the
 * caller's scope reads as not found.
 */
export function StructureSituation({ structureId, renderActions }: StructureSituationProps) {
  const query = useStructureSituation(structureId);
  if (query.isPending)
    return (
      <Stack spacing={2} aria-busy="true" aria-label={m.loading}>
        <LinearProgress aria-label={m.loading} />
        <Skeleton variant="rectangular" height={120} />
        <Skeleton variant="rectangular" height={240} />
      </Stack>
    );
  // Out of scope or unknown is the server's answer ('Structure introuvable'): no retry.
  if (query.isError)
    return <QueryFailure error={query.error} fallback={m.loadError} onRetry={() => void query.refetch()} />;
  const situation = query.data;
  const { structure } = situation;
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography color="text.secondary">{m.identity(structure.federalCode, structure.typeName)}</Typography>
        {renderActions && (
          <Stack direction="row" useFlexGap role="group" aria-label={m.actions} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {renderActions(situation)}
          </Stack>
        )}
      </Stack>
      <BalanceSection situation={situation} />
      <OpenFluxSection situation={situation} />
      <SettlementsSection situation={situation} />
      <ReturnsSection situation={situation} />
      <RemindersSection situation={situation} />
      <StatementsSection situation={situation} />
      <BankSection situation={situation} />
      <SharesSection structure={structure} />
    </Stack>
  );
}
