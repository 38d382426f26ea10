import {
  FLUX_RELAUNCH,
  FLUX_SELECTION_MAX,
  fluxSelectionQuery,
  type SepaReturnImportResult,
  type SepaReturnLine,
} from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ConfirmButton } from '@/components/ConfirmButton';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useRouteHref } from '@/lib/use-route-href';
import { useRelaunchSelection } from '../api/sepa-returns';
import { sepaReturnMessages as m } from '../messages';
import { SepaReturnLinesTable } from './SepaReturnTables';

const errorText = (error: unknown) => (error instanceof ApiError && error.serverMessage) || m.genericError;

/** The earliest day of the returns, for the search's chip ('N flux du retour du …'). */
const returnDay = (lines: readonly SepaReturnLine[]) =>
  lines.reduce((day, line) => (day === '' || line.dateRetour < day ? line.dateRetour : day), '');

/**
 * After an import (R-RET-06): each rejected flux with a link to it, 'Voir dans la recherche'
 * (the search filtered on them, R-SEARCH-22) and, for holders of the relaunch grant,
 * 'Relancer la sélection' (one new debit per flux; the server checks grant and scope again);
 * the returns left out for their anomalies (R-RET-05).
 */
export function SepaReturnResult({ result, structureId }: { result: SepaReturnImportResult; structureId: number }) {
  const { me, grants } = useSession();
  const routeHref = useRouteHref();
  const relaunch = useRelaunchSelection(structureId);
  const canRelaunch = me.isSuperAdmin || grants.includes(FLUX_RELAUNCH);
  const ids = result.flux.map((line) => line.ID_FluxFinancier);
  const searchHref =
    ids.length <= FLUX_SELECTION_MAX
      ? routeHref(
          'flux_financiers__gestion_des_finances',
          undefined,
          fluxSelectionQuery({ ids, returnDay: returnDay(result.flux) }),
        )
      : null;

  return (
    <>
      <Alert severity="success" sx={{ mt: 2 }} role="status">
        {m.done(result.flux.length)}
      </Alert>
      {result.flux.length > 0 && (
        <>
          <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
            {m.rejectedLabel}
          </Typography>
          <SepaReturnLinesTable
            lines={result.flux}
            label={m.rejectedLabel}
            fluxHref={(fluxId) => routeHref('flux_financiers__gestion_des_finances', undefined, { numero: fluxId })}
          />
          <Stack direction="row" useFlexGap sx={{ mt: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {searchHref ? (
              <Button variant="outlined" component={RouterLink} to={searchHref}>
                {m.seeInSearch}
              </Button>
            ) : (
              <Typography variant="body2">{m.tooManyForSearch(FLUX_SELECTION_MAX)}</Typography>
            )}
            {canRelaunch && (
              <ConfirmButton
                pending={relaunch.isPending}
                pendingLabel={m.relaunching}
                disabled={relaunch.isSuccess}
                buttonProps={{ variant: 'contained' }}
                title={m.relaunchTitle}
                text={m.relaunchText(ids.length)}
                cancelLabel={m.cancel}
                confirmLabel={m.relaunchSelection}
                onConfirm={() => relaunch.mutate(ids)}
              >
                {m.relaunchSelection}
              </ConfirmButton>
            )}
          </Stack>
          {relaunch.isSuccess && (
            <Alert severity="success" sx={{ mt: 2 }} role="status">
              {m.relaunchDone(relaunch.data.relances.length, relaunch.data.dejaRelances.length)}
            </Alert>
          )}
          {relaunch.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorText(relaunch.error)}
            </Alert>
          )}
        </>
      )}
      {result.nonAppliques.length > 0 && (
        <>
          <Alert severity="warning" sx={{ mt: 2, mb: 1 }}>
            {m.notApplied(result.nonAppliques.length)}
          </Alert>
          <SepaReturnLinesTable lines={result.nonAppliques} label={m.anomaliesLabel} withAnomalies />
        </>
      )}
    </>
  );
}
