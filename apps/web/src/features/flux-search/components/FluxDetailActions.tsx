import CodeIcon from '@mui/icons-material/Code';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';
import { FLUX_RELAUNCH, relaunchRefusal } from '@gdf/domain';
import { useSession } from '@/lib/session';
import { useRouteHref } from '@/lib/use-route-href';
import type { FluxDetail } from '../api/get-flux-detail';
import { useRelaunch } from '../hooks/use-relaunch';
import { fluxSearchMessages as m } from '../messages';
import { RelaunchAction } from './RelaunchAction';

interface FluxDetailActionsProps {
  flux: FluxDetail;
  structureId: number;
  onDownloadInvoice: (fluxId: number) => void;
  /** The Factur-X XML alone, for platforms that take it without its PDF (R-FACT-15). */
  onDownloadFacturX: (fluxId: number) => void;
  notify: (message: string, severity: 'success' | 'error') => void;
}

/**
 * The invoice, and the relaunch of an unpaid direct debit not yet relaunched (R-FLUX-05, R-FLUX-07)
 * for users holding the relaunch grant (R-PERM-08: head office, not clubs); the server
 * checks both again.
 */
export function FluxDetailActions({
  flux,
  structureId,
  onDownloadInvoice,
  onDownloadFacturX,
  notify,
}: FluxDetailActionsProps) {
  const { me, grants } = useSession();
  const routeHref = useRouteHref();
  const relaunch = useRelaunch(structureId);
  // The document page's 'Retour' comes back to this very search (filters, sort, page).
  const location = useLocation();
  const from = { returnTo: location.pathname + location.search };
  const allowed = me.isSuperAdmin || grants.includes(FLUX_RELAUNCH);
  const canRelaunch = allowed && relaunchRefusal({ ...flux }) === null;
  return (
    <>
      <Button startIcon={<DownloadIcon />} onClick={() => onDownloadInvoice(flux.id)}>
        {m.facture}
      </Button>
      <Button startIcon={<CodeIcon />} onClick={() => onDownloadFacturX(flux.id)}>
        {m.factureXml}
      </Button>
      {/* The printable layouts (R-UI-10): the PDF with 'Télécharger' and 'Imprimer'. */}
      <Button
        component={RouterLink}
        startIcon={<PrintIcon />}
        to={routeHref('flux_facture', { id: flux.id })}
        state={from}
      >
        {m.printableFacture}
      </Button>
      <Button
        component={RouterLink}
        startIcon={<ReceiptLongIcon />}
        to={routeHref('flux_releve', { id: flux.id })}
        state={from}
      >
        {m.printableReleve}
      </Button>
      {canRelaunch && (
        <RelaunchAction
          pending={relaunch.isPending}
          onConfirm={() =>
            relaunch.mutate(flux.id, {
              onSuccess: () => notify(m.relaunchSuccess, 'success'),
              onError: () => notify(m.relaunchFailure, 'error'),
            })
          }
        />
      )}
    </>
  );
}
