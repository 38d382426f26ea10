import ReceiptIcon from '@mui/icons-material/PictureAsPdf';
import VisibilityIcon from '@mui/icons-material/Visibility';
import IconButton from '@mui/material/IconButton';
import { createColumnHelper, tableFeatures } from '@tanstack/react-table';
import { creditCell, debitCell, licenceNumber, licenseeName } from '@gdf/domain';
import { formatAmount, formatDateTime } from '@/lib/format';
import type { FluxRow } from '../api/flux-row';
import { fluxSearchMessages as m } from '../messages';
import { sepaReturnReasonWithCode } from '../utils/return-reason';
import { FluxStatusBadge } from './FluxStatusBadge';
import { StructureName } from './StructureName';
import { TruncatedText } from './TruncatedText';
import type { SortColumn } from '../utils/search-url';

export const fluxTableFeatures = tableFeatures({});
const helper = createColumnHelper<typeof fluxTableFeatures, FluxRow>();

export interface FluxRowActions {
  open: (row: FluxRow) => void;
  downloadJustificatif: (row: FluxRow) => void;
}

/** Column id -> server sort (Débit and Crédit both sort by amount); absent: not sortable. */
export const SORTABLE: Partial<Record<string, SortColumn>> = {
  id: 'id',
  licence: 'licence',
  licensee: 'licensee',
  createdAt: 'createdAt',
  structure: 'structure',
  label: 'label',
  debit: 'debit',
  credit: 'credit',
};

export interface ColumnLayout {
  /** Fixed width (px) or share of the table ('11%'); absent: shares what is left. */
  width?: number | string;
  align?: 'right' | 'center';
}

/**
 * Widths of the fixed-layout table, sized so the ten columns fit from 1280 px wide: the
 * header label with its sort arrow, and '1 000 000,00 €' (the largest amount a flux may
 * hold) in full, with 8 px of padding each side. Licencié takes a share, Structure and
 * Libellé the rest; the three cut their text, shown whole in a tooltip (TruncatedText).
 */
export const COLUMN_LAYOUT: Record<string, ColumnLayout> = {
  id: { width: 106 },
  licence: { width: 112 },
  licensee: { width: '11%' },
  createdAt: { width: 130 },
  debit: { width: 118, align: 'right' },
  credit: { width: 118, align: 'right' },
  action: { width: 62, align: 'center' },
  justificatif: { width: 90, align: 'center' },
  reason: { width: '14%' },
};

/** Below this width the table scrolls sideways in its container, never the page. */
export const TABLE_MIN_WIDTH = 1180;

/**
 * R-SEARCH-08: the results table's columns, in their order; with `withReason` (a search of
 * rejected flux, R-SEARCH-22), the bank's reason after the label.
 */
export function fluxColumns(actions: FluxRowActions, withReason = false) {
  const reason = helper.display({
    id: 'reason',
    header: m.columns.reason,
    cell: ({ row }) => {
      const value = row.original.MKP_RetourPrelevement;
      return value ? <TruncatedText text={sepaReturnReasonWithCode(value.CodeRaison)} /> : '';
    },
  });
  return helper.columns([
    helper.accessor('id', { id: 'id', header: m.columns.id }),
    helper.display({
      id: 'licence',
      header: m.columns.licence,
      cell: ({ row }) => licenceNumber(row.original.UTI_Utilisateur),
    }),
    helper.display({
      id: 'licensee',
      header: m.columns.licensee,
      cell: ({ row }) => <TruncatedText text={licenseeName(row.original.UTI_Utilisateur)} />,
    }),
    helper.display({
      id: 'createdAt',
      header: m.columns.createdAt,
      cell: ({ row }) => formatDateTime(row.original.Z_DateCreation),
    }),
    helper.display({
      id: 'structure',
      header: m.columns.structure,
      cell: ({ row }) => <StructureName row={row.original} />,
    }),
    helper.display({
      id: 'label',
      header: m.columns.label,
      cell: ({ row }) => (
        // Plain elements: emotion's Box costs per cell in the virtualised 'Tous'.
        <div style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
          <TruncatedText text={row.original.NomFluxFinancier} />
          <span style={{ flexShrink: 0 }}>
            <FluxStatusBadge row={row.original} />
          </span>
        </div>
      ),
    }),
    ...(withReason ? [reason] : []),
    helper.display({ id: 'debit', header: m.columns.debit, cell: ({ row }) => debitCell(row.original, formatAmount) }),
    helper.display({
      id: 'credit',
      header: m.columns.credit,
      cell: ({ row }) => creditCell(row.original, formatAmount),
    }),
    helper.display({
      id: 'action',
      header: m.columns.action,
      cell: ({ row }) => (
        // Visible name on hover and focus: the table's one tooltip (useDelegatedTooltip).
        <IconButton
          size="small"
          aria-label={m.details(row.original.id)}
          data-tooltip={m.openDetail}
          onClick={() => actions.open(row.original)}
        >
          <VisibilityIcon fontSize="small" />
        </IconButton>
      ),
    }),
    helper.display({
      id: 'justificatif',
      header: m.columns.justificatif,
      cell: ({ row }) => (
        <IconButton
          size="small"
          aria-label={m.downloadJustificatifOf(row.original.id)}
          data-tooltip={m.downloadJustificatif}
          onClick={() => actions.downloadJustificatif(row.original)}
        >
          <ReceiptIcon fontSize="small" />
        </IconButton>
      ),
    }),
  ]);
}
