import ReceiptIcon from '@mui/icons-material/PictureAsPdf';
import VisibilityIcon from '@mui/icons-material/Visibility';
import IconButton from '@mui/material/IconButton';
import { createColumnHelper, tableFeatures } from '@tanstack/react-table';
import { creditCell, debitCell, licenceNumber, licenseeName } from '@gdf/domain';
import { formatAmount, formatDateTime } from '@/lib/format';
import type { FluxRow } from '../api/flux-row';
import { fluxSearchMessages as m } from '../messages';
import { RejectedBadge } from './RejectedBadge';
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

/** SPEC.md section 3, "Results table columns", in their order. */
export function fluxColumns(actions: FluxRowActions) {
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
      cell: ({ row }) => licenseeName(row.original.UTI_Utilisateur),
    }),
    helper.display({
      id: 'createdAt',
      header: m.columns.createdAt,
      cell: ({ row }) => formatDateTime(row.original.Z_DateCreation),
    }),
    helper.display({
      id: 'structure',
      header: m.columns.structure,
      cell: ({ row }) => row.original.STR_Structure?.NomStructure ?? '',
    }),
    helper.display({
      id: 'label',
      header: m.columns.label,
      cell: ({ row }) => (
        <>
          {row.original.NomFluxFinancier}
          {row.original.MKP_RetourPrelevement && <RejectedBadge value={row.original.MKP_RetourPrelevement} />}
        </>
      ),
    }),
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
        <IconButton size="small" aria-label={m.details(row.original.id)} onClick={() => actions.open(row.original)}>
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
          title={m.downloadJustificatif}
          onClick={() => actions.downloadJustificatif(row.original)}
        >
          <ReceiptIcon fontSize="small" />
        </IconButton>
      ),
    }),
  ]);
}
