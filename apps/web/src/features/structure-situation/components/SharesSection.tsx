import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  shareLevelOfStructureType,
  formatEuros,
  formatIsoDay,
  type ShareMovementView,
  type SituationStructure,
  type StructureSharesAnswer,
} from '@gdf/domain';
import { useState } from 'react';
import { DateField } from '@/components/DateField';
import { LabelledValues } from '@/components/LabelledValues';
import { QueryFailure } from '@/components/QueryFailure';
import { useStructureShares } from '../hooks/use-structure-shares';
import { PayoutStatementDownload } from './PayoutStatementDownload';
import { structureSituationMessages as m } from '../messages';
import { SituationSection } from './SituationSection';
import { SituationTable } from './SituationTable';

const SECTION_ID = 'situation-shares';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const PERIOD_ENDS = ['du', 'au'] as const;
type PeriodEnd = (typeof PERIOD_ENDS)[number];
const c = m.sharesColumns;

/** The levels that earn a share of their clubs' payments (R-PAY-04): a ligue, a comité. */
const earnsShares = (typeId: number) => shareLevelOfStructureType(typeId) !== null;

/** The period asked ('' is the server's default end), or why it cannot be asked. */
function periodOf(du: string, au: string) {
  if (du === 'invalide' || au === 'invalide') return { problem: m.sharesDayInvalid } as const;
  const period = { du: ISO_DAY.test(du) ? du : undefined, au: ISO_DAY.test(au) ? au : undefined };
  if (period.du && period.au && period.du > period.au) return { problem: m.sharesPeriodInverted } as const;
  return { period, problem: null } as const;
}

type MovementRow = ShareMovementView & { key: number };

const MOVEMENT_COLUMNS = [
  { key: 'day', label: c.day, render: (row: MovementRow) => formatIsoDay(row.jour) },
  { key: 'invoice', label: c.invoice, render: (row: MovementRow) => row.facture },
  { key: 'club', label: c.club, render: (row: MovementRow) => row.club },
  // R-PAY-03: a negative movement takes back what a return or an avoir no longer leaves kept.
  {
    key: 'kind',
    label: c.kind,
    render: (row: MovementRow) => (row.partCentimes < 0 ? m.sharesKinds.reversed : m.sharesKinds.earned),
  },
  { key: 'base', label: c.base, align: 'right' as const, render: (row: MovementRow) => formatEuros(row.baseCentimes) },
  {
    key: 'share',
    label: c.share,
    align: 'right' as const,
    render: (row: MovementRow) => formatEuros(row.partCentimes),
  },
];

/** The totals and the movements of a level's shares over the period shown. */
function SharesFigures({ shares }: { shares: StructureSharesAnswer }) {
  const rows = shares.mouvements.map((movement, index) => ({ ...movement, key: index }));
  return (
    <>
      <LabelledValues
        sx={{ typography: 'body1', my: 1 }}
        items={[
          { key: 'earned', label: m.sharesEarned, value: formatEuros(shares.acquisCentimes) },
          {
            key: 'cumul',
            label: m.sharesCumulative(formatIsoDay(shares.au)),
            value: formatEuros(shares.cumulCentimes),
          },
          { key: 'received', label: m.sharesReceived, value: formatEuros(shares.recuCentimes) },
          {
            key: 'awaited',
            label: m.sharesAwaited(formatIsoDay(shares.au)),
            value: formatEuros(shares.cumulCentimes - shares.cumulRecuCentimes),
          },
        ]}
      />
      <SituationTable
        label={m.sharesTable}
        columns={MOVEMENT_COLUMNS}
        rows={rows}
        rowKey={(row) => row.key}
        empty={m.sharesEmpty}
      />
      {shares.tronque && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {m.sharesTruncated(rows.length)}
        </Typography>
      )}
    </>
  );
}

/**
 * R-PAY-03: 'Quotes-parts acquises', what a ligue or a comité earned of its clubs' payments over
 * a period, and since its first share. Other structures earn none: no section, nothing asked.
 */
export function SharesSection({ structure }: { structure: SituationStructure }) {
  // Empty until a day is changed: the server's default period, which the fields then show.
  const [{ du, au }, setPeriod] = useState({ du: '', au: '' });
  const asked = periodOf(du, au);
  const payee = earnsShares(structure.typeId);
  const query = useStructureShares(structure.id, asked.period ?? {}, payee && asked.problem === null);
  if (!payee || query.data?.niveau === null) return null;
  if (query.isPending)
    return (
      <SituationSection id={SECTION_ID} title={m.sharesTitle}>
        <LinearProgress aria-label={m.sharesLoading} />
      </SituationSection>
    );
  if (query.isError)
    return (
      <SituationSection id={SECTION_ID} title={m.sharesTitle}>
        <QueryFailure error={query.error} fallback={m.sharesLoadError} onRetry={() => void query.refetch()} />
      </SituationSection>
    );
  const shares = query.data;
  // Once a day changes, the other is the one shown: the period asked is the period read.
  const shown = { du: du || shares.du, au: au || shares.au };
  const edit = (end: PeriodEnd) => (value: string) => setPeriod({ ...shown, [end]: value });
  return (
    <SituationSection id={SECTION_ID} title={m.sharesTitle}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {shares.niveau && m.sharesExplained(shares.niveau)}
      </Typography>
      <Stack direction="row" role="group" aria-label={m.sharesPeriod} useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {PERIOD_ENDS.map((end) => (
          <DateField
            key={end}
            name={end}
            label={end === 'du' ? m.sharesFrom : m.sharesTo}
            value={shown[end]}
            onChange={edit(end)}
            error={Boolean(asked.problem)}
            helperText={end === 'au' ? asked.problem : undefined}
          />
        ))}
      </Stack>
      <SharesFigures shares={shares} />
      <PayoutStatementDownload structureId={structure.id} period={asked.problem === null ? shown : null} />
    </SituationSection>
  );
}
