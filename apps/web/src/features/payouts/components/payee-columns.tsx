import { formatEuros, type PayoutPayeeRow } from '@gdf/domain';
import type { DataColumn } from '@/components/DataTable';
import { PAYEE_KIND_LABELS, payoutMessages } from '../messages';

/** The columns both preview tables share: who, at which level, earned, paid and due (R-PAY-07). */
export function payeeColumns(): DataColumn<PayoutPayeeRow>[] {
  return [
    { id: 'name', header: payoutMessages.structure, cell: (row) => row.nom, rowHeader: true },
    { id: 'code', header: payoutMessages.federalCode, cell: (row) => row.codeFederal ?? '—' },
    { id: 'level', header: payoutMessages.level, cell: (row) => PAYEE_KIND_LABELS[row.niveau] },
    { id: 'earned', header: payoutMessages.earned, cell: (row) => formatEuros(row.acquisCentimes), align: 'right' },
    { id: 'paid', header: payoutMessages.paid, cell: (row) => formatEuros(row.verseCentimes), align: 'right' },
    { id: 'due', header: payoutMessages.due, cell: (row) => formatEuros(row.dueCentimes), align: 'right' },
  ];
}

/** A payee's key: a structure appears once per preview. */
export const payeeKey = (row: PayoutPayeeRow) => `${row.niveau}-${row.structureId}`;
