import { parisToday, type PayoutPayeeRow } from '@gdf/domain';
import { useState } from 'react';
import { usePayoutPreview } from '../api/payouts-api';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isIsoDay = (value: string) => ISO_DAY.test(value);

/**
 * What 'Générer les virements SEPA' pays (R-PAY-07): the shares earned up to a day (today by
 * default), the refunds or not, and the payable rows the user left ticked (all by default).
 */
export function usePayoutSelection(structureId: number) {
  const [au, setAu] = useState(() => parisToday());
  const [remboursements, setRemboursements] = useState(true);
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(() => new Set());
  const validAu = isIsoDay(au);
  const preview = usePayoutPreview(structureId, { au, remboursements }, validAu);
  const payables: readonly PayoutPayeeRow[] = preview.data?.payables ?? [];
  const ticked = payables.filter((row) => !unticked.has(row.structureId));
  const toggle = (row: PayoutPayeeRow, checked: boolean) =>
    setUnticked((previous) => {
      const next = new Set(previous);
      if (checked) next.delete(row.structureId);
      else next.add(row.structureId);
      return next;
    });
  return {
    au,
    setAu,
    validAu,
    remboursements,
    setRemboursements,
    preview,
    ticked,
    isTicked: (row: PayoutPayeeRow) => !unticked.has(row.structureId),
    toggle,
    totalCentimes: ticked.reduce((sum, row) => sum + row.dueCentimes, 0),
  };
}

export type PayoutSelection = ReturnType<typeof usePayoutSelection>;
