import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getFluxDetail, type FluxDetail } from '../api/get-flux-detail';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { FLUX_DETAIL_QUERY_KEY } from '../hooks/use-relaunch';
import { fluxSearchMessages as m } from '../messages';
import { FluxDetailLines } from './FluxDetailLines';
import { FluxReturnNotice, FluxSettlementNotice } from './FluxReturnNotice';
import { ErrorAlert } from '@/components/ErrorAlert';
import { StructureSituationLink } from '@/components/StructureSituationLink';

interface FluxDetailModalProps {
  structureId: number;
  /** The flux shown; null when closed. */
  fluxId: number | null;
  /** Title before the detail arrives (from the results row). */
  fallbackTitle?: string;
  onClose: () => void;
  /** Buttons under the lines (invoice, relaunch), given the loaded flux. */
  renderActions?: (flux: FluxDetail) => ReactNode;
}

const PHONE_ACTIONS_SX = { flexDirection: 'column', alignItems: 'stretch', gap: 1 } as const;
const ACTIONS_SX = { flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 } as const;

/** 'NomFluxFinancier (NomStructure)'; the structure's name opens its page ('Situation de la structure'). */
function FluxDetailTitle({ flux }: { flux: FluxDetail }) {
  const structureName = flux.STR_Structure?.NomStructure ?? '';
  if (flux.ID_Structure === undefined || !structureName) return `${flux.NomFluxFinancier} (${structureName})`;
  return (
    <>
      {flux.NomFluxFinancier} (
      <StructureSituationLink structureId={flux.ID_Structure} aria-label={m.structureSituationOf(structureName)}>
        {structureName}
      </StructureSituationLink>
      )
    </>
  );
}

/**
 * R-SEARCH-09: the flux's detail lines, titled 'NomFluxFinancier (NomStructure)'. MUI
 * Dialog closes on outside click and Escape, traps focus and gives it back on close. On a
 * phone it takes the whole screen and stacks its actions, so none runs past the edge.
 */
export function FluxDetailModal({ structureId, fluxId, fallbackTitle, onClose, renderActions }: FluxDetailModalProps) {
  const detail = useQuery({
    queryKey: [FLUX_DETAIL_QUERY_KEY, structureId, fluxId],
    queryFn: ({ signal }) => getFluxDetail(structureId, fluxId ?? 0, signal),
    enabled: fluxId !== null,
  });
  const flux = detail.data;
  const phone = usePhoneLayout();
  return (
    <Dialog
      open={fluxId !== null}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      fullScreen={phone}
      aria-labelledby="flux-detail-title"
    >
      <DialogTitle id="flux-detail-title" sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        {flux ? <FluxDetailTitle flux={flux} /> : (fallbackTitle ?? '')}
      </DialogTitle>
      <IconButton aria-label={m.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {detail.isPending && fluxId !== null && <LinearProgress aria-label={m.modalLoading} />}
        {(detail.isError || (detail.isSuccess && !flux)) && (
          <ErrorAlert onRetry={detail.isError ? () => void detail.refetch() : undefined}>
            {m.relaunchFailure}
          </ErrorAlert>
        )}
        {flux && (
          <>
            <FluxReturnNotice flux={flux} />
            <FluxSettlementNotice flux={flux} />
            <FluxDetailLines flux={flux} />
          </>
        )}
      </DialogContent>
      {flux && renderActions && (
        <DialogActions disableSpacing sx={phone ? PHONE_ACTIONS_SX : ACTIONS_SX}>
          {renderActions(flux)}
        </DialogActions>
      )}
    </Dialog>
  );
}
