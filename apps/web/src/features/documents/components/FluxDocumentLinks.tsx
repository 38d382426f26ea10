import Description from '@mui/icons-material/Description';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';
import { useRouteHref } from '@/lib/use-route-href';
import { documentMessages } from '../messages';

/**
 * The two printable documents of a flux (R-SEARCH-21, R-UI-10), for a results row or
 * the detail modal: links keep structureId and appMode.
 */
export function FluxDocumentLinks({ fluxId }: { fluxId: number }) {
  const routeHref = useRouteHref();
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title={documentMessages.factureOf(fluxId)}>
        <IconButton
          component={RouterLink}
          to={routeHref('flux_facture', { id: fluxId })}
          size="small"
          aria-label={documentMessages.factureOf(fluxId)}
        >
          <ReceiptLong fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={documentMessages.justificatifOf(fluxId)}>
        <IconButton
          component={RouterLink}
          to={routeHref('flux_releve', { id: fluxId })}
          size="small"
          aria-label={documentMessages.justificatifOf(fluxId)}
        >
          <Description fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
