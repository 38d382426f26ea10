import type { JobView, OverdueRow } from '@gdf/domain';
import { jobFixture } from '@/test/fixtures';

/** The Impayés tests' rows and jobs. */
export const job = (patch: Partial<JobView> = {}): JobView =>
  jobFixture({
    id: 12,
    type: 'relances_en_lot',
    libelle: 'Lettres de relance à 2 structures',
    fait: 1,
    total: 2,
    etape: 'Lettre traitée pour Club Alpin',
    creeLe: '2026-11-24T09:00:00.000Z',
    debuteLe: '2026-11-24T09:00:01.000Z',
    ...patch,
  });

export const row = (id: number, name: string, total: number, extra: Partial<OverdueRow> = {}): OverdueRow => ({
  structure: { id, name, code: `C${id}` },
  buckets: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': total },
  total,
  resteDu: total + 500,
  count: 1,
  oldestDaysLate: 120,
  lastReminder: null,
  proposedLevel: 1,
  ...extra,
});
export const ROWS = [
  row(1, 'Club Alpin', 10_000),
  row(2, 'Escalade Bretagne', 50_000, {
    lastReminder: { id: 77, level: 1, date: '2026-11-01', total: 50_000, fluxIds: [5] },
    proposedLevel: 2,
  }),
  row(3, 'Vertical Nice', 2_000),
];
