import ReceiptIcon from '@mui/icons-material/PictureAsPdf';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { licenseeName } from '@gdf/domain';
import { FluxStatusBadge } from '../components/FluxStatusBadge';
import { StructureName } from '../components/StructureName';
import { TruncatedText } from '../components/TruncatedText';
import { fluxSearchMessages as m } from '../messages';
import { sepaReturnReasonWithCode } from '../utils/return-reason';
import type { FluxRenderer } from './flux-column-types';
import type { FluxRow } from './flux-columns';

/**
 * The columns of FLUX_COLUMNS drawn with more than their text: cut texts (their whole text in
 * the table's one tooltip), the structure's link, the status badge, the actions. The others
 * show `text` in the table and on the card.
 */
export const FLUX_RENDERERS: Readonly<Record<string, FluxRenderer<FluxRow>>> = {
  licensee: { cell: (row) => <TruncatedText text={licenseeName(row.UTI_Utilisateur)} /> },
  structure: {
    cell: (row) => <StructureName row={row} />,
    card: (row) => <StructureName row={row} wrap />,
  },
  label: {
    cell: (row) => (
      // Plain elements: emotion's Box costs per cell in the virtualised 'Tous'.
      <div style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
        <TruncatedText text={row.NomFluxFinancier} />
        <span style={{ flexShrink: 0 }}>
          <FluxStatusBadge row={row} />
        </span>
      </div>
    ),
    card: (row) => (
      <>
        {row.NomFluxFinancier}
        <FluxStatusBadge row={row} />
      </>
    ),
  },
  reason: {
    cell: (row) =>
      row.MKP_RetourPrelevement ? (
        <TruncatedText text={sepaReturnReasonWithCode(row.MKP_RetourPrelevement.CodeRaison)} />
      ) : (
        ''
      ),
  },
  action: {
    // Visible name on hover and focus: the table's one tooltip (useDelegatedTooltip).
    cell: (row, actions) => (
      <IconButton
        size="small"
        aria-label={m.details(row.id)}
        data-tooltip={m.openDetail}
        onClick={() => actions.open(row)}
      >
        <VisibilityIcon fontSize="small" />
      </IconButton>
    ),
    card: (row, actions) => (
      <Button
        size="small"
        variant="outlined"
        startIcon={<VisibilityIcon />}
        aria-label={m.details(row.id)}
        onClick={() => actions.open(row)}
      >
        {m.openDetail}
      </Button>
    ),
  },
  justificatif: {
    cell: (row, actions) => (
      <IconButton
        size="small"
        aria-label={m.downloadJustificatifOf(row.id)}
        data-tooltip={m.downloadJustificatif}
        onClick={() => actions.downloadJustificatif(row)}
      >
        <ReceiptIcon fontSize="small" />
      </IconButton>
    ),
    card: (row, actions) => (
      <Button
        size="small"
        variant="outlined"
        startIcon={<ReceiptIcon />}
        aria-label={m.downloadJustificatifOf(row.id)}
        onClick={() => actions.downloadJustificatif(row)}
      >
        {m.columns.justificatif}
      </Button>
    ),
  },
};
