import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AGEING_BUCKETS,
  formatDocumentAmount,
  formatIsoDay,
  type StructureSituation,
  type SituationOpenFlux,
  type SituationRelaunch,
  type SituationReminder,
  type SituationReturn,
  type SituationSettledFlux,
  type SituationSettlementPart,
  type StructureRib,
  type IssuedAccountStatementSummary,
  type AgeingBucket,
} from '@gdf/domain';
import { useState } from 'react';
import { formErrorText } from '@/lib/api-client';
import { formatDateTime, formatInteger } from '@/lib/format';
import { useCurrentStructure } from '@/lib/session';
import { downloadReminder } from '../api/download-reminder';
import { structureSituationMessages as m } from '../messages';
import { SituationSection } from './SituationSection';
import { SituationTable, type SituationColumn } from './SituationTable';

const c = m.columns;
const amount = (cents: number) => formatDocumentAmount(cents);
const day = (value: string) => formatIsoDay(value);

/** The balance (what the structure owes, the relevé's closing balance) and its ageing. */
export function BalanceSection({ situation }: { situation: StructureSituation }) {
  const { ageing } = situation;
  const rows: Array<{ key: string; label: string; count: number | null; amount: number }> = [
    ...AGEING_BUCKETS.map((bucket: AgeingBucket) => ({
      key: bucket,
      label: m.buckets[bucket],
      count: ageing.buckets[bucket].count,
      amount: ageing.buckets[bucket].amount,
    })),
    { key: 'total', label: m.overdueTotal, count: null, amount: ageing.total },
    { key: 'notDue', label: m.notDue, count: null, amount: ageing.notDue },
    { key: 'credits', label: m.credits, count: null, amount: ageing.credits },
  ];
  return (
    <SituationSection id="situation-balance" title={m.balanceTitle}>
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Typography component="p" variant="h4" role="status" aria-live="polite">
          <Typography component="span" variant="h6" sx={{ mr: 1 }}>
            {m.balanceLabel}
          </Typography>
          <span data-testid="situation-balance">{amount(situation.balance)}</span>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {m.balanceAsOf(day(situation.asOf))} — {m.balanceExplained(m.statementBalance)}
        </Typography>
      </Stack>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {m.ageingTitle}
      </Typography>
      <SituationTable
        label={m.ageingTable}
        rowKey={(row) => row.key}
        rows={rows}
        empty=""
        columns={[
          { key: 'bucket', label: m.ageingColumns.bucket, render: (row) => row.label },
          {
            key: 'count',
            label: m.ageingColumns.count,
            align: 'right',
            render: (row) => (row.count === null ? '' : formatInteger(row.count)),
          },
          { key: 'amount', label: m.ageingColumns.amount, align: 'right', render: (row) => amount(row.amount) },
        ]}
      />
    </SituationSection>
  );
}

const openColumns: readonly SituationColumn<SituationOpenFlux>[] = [
  { key: 'invoice', label: c.invoice, render: (row) => row.invoiceNumber },
  { key: 'label', label: c.label, render: (row) => row.label },
  { key: 'date', label: c.date, render: (row) => day(row.date) },
  {
    key: 'due',
    label: c.dueDate,
    render: (row) => `${day(row.dueDate)} · ${row.daysLate > 0 ? m.daysLate(row.daysLate) : m.notYetDue}`,
  },
  { key: 'status', label: c.status, render: (row) => m.statusLabels[row.status] },
  { key: 'amount', label: c.amount, align: 'right', render: (row) => amount(row.isDebit ? row.amount : -row.amount) },
  { key: 'reste', label: c.resteDu, align: 'right', render: (row) => amount(row.resteDu) },
];

export function OpenFluxSection({ situation }: { situation: StructureSituation }) {
  return (
    <SituationSection id="situation-open" title={m.openTitle}>
      {situation.openFluxCount > situation.openFlux.length && (
        <Typography variant="body2" color="text.secondary">
          {m.openShown(formatInteger(situation.openFlux.length), formatInteger(situation.openFluxCount))}
        </Typography>
      )}
      <SituationTable
        label={m.openTable}
        rows={situation.openFlux}
        rowKey={(row) => row.fluxId}
        empty={m.openEmpty}
        columns={openColumns}
      />
    </SituationSection>
  );
}

const settledColumns: readonly SituationColumn<SituationSettledFlux>[] = [
  { key: 'invoice', label: c.invoice, render: (row) => row.invoiceNumber },
  { key: 'label', label: c.label, render: (row) => row.label },
  { key: 'date', label: c.date, render: (row) => day(row.date) },
  { key: 'amount', label: c.amount, align: 'right', render: (row) => amount(row.isDebit ? row.amount : -row.amount) },
  { key: 'settled', label: c.settledOn, render: (row) => (row.settledOn ? day(row.settledOn) : m.settledUndated) },
];

const partColumns: readonly SituationColumn<SituationSettlementPart>[] = [
  { key: 'day', label: c.day, render: (row) => day(row.day) },
  { key: 'invoice', label: c.invoice, render: (row) => row.invoiceNumber },
  { key: 'label', label: c.label, render: (row) => row.label },
  { key: 'bank', label: c.bankLabel, render: (row) => row.bankLabel },
  { key: 'amount', label: c.amount, align: 'right', render: (row) => amount(row.amount) },
];

export function SettlementsSection({ situation }: { situation: StructureSituation }) {
  return (
    <SituationSection id="situation-settlements" title={m.settlementsTitle}>
      <SubTitle>{m.settledTable}</SubTitle>
      <SituationTable
        label={m.settledTable}
        rows={situation.settled}
        rowKey={(row) => row.fluxId}
        empty={m.settledEmpty}
        columns={settledColumns}
      />
      <SubTitle>{m.partsTable}</SubTitle>
      <SituationTable
        label={m.partsTable}
        rows={situation.settlementParts}
        rowKey={(row) => `${row.fluxId}-${row.day}-${row.amount}-${row.bankLabel}`}
        empty={m.partsEmpty}
        columns={partColumns}
      />
    </SituationSection>
  );
}

const returnColumns: readonly SituationColumn<SituationReturn>[] = [
  { key: 'date', label: c.date, render: (row) => day(row.date) },
  { key: 'type', label: c.returnType, render: (row) => m.returnTypes[row.type] },
  { key: 'invoice', label: c.invoice, render: (row) => row.invoiceNumber },
  { key: 'label', label: c.label, render: (row) => row.label },
  {
    key: 'reason',
    label: c.reason,
    render: (row) => (row.reasonCode ? `${row.reason} (${row.reasonCode})` : row.reason),
  },
  { key: 'status', label: c.status, render: (row) => m.statusLabels[row.status] },
  { key: 'amount', label: c.amount, align: 'right', render: (row) => amount(row.amount) },
];

const relaunchColumns: readonly SituationColumn<SituationRelaunch>[] = [
  { key: 'on', label: c.relaunchedOn, render: (row) => day(row.relaunchedOn) },
  { key: 'invoice', label: c.invoice, render: (row) => row.invoiceNumber },
  { key: 'label', label: c.label, render: (row) => row.label },
  { key: 'by', label: c.relaunch, render: (row) => row.relaunchInvoiceNumber },
  { key: 'amount', label: c.amount, align: 'right', render: (row) => amount(row.amount) },
];

export function ReturnsSection({ situation }: { situation: StructureSituation }) {
  return (
    <SituationSection id="situation-returns" title={m.returnsTitle}>
      <SubTitle>{m.returnsTable}</SubTitle>
      <SituationTable
        label={m.returnsTable}
        rows={situation.returns}
        rowKey={(row) => row.fluxId}
        empty={m.returnsEmpty}
        columns={returnColumns}
      />
      <SubTitle>{m.relaunchesTable}</SubTitle>
      <SituationTable
        label={m.relaunchesTable}
        rows={situation.relaunches}
        rowKey={(row) => row.fluxId}
        empty={m.relaunchesEmpty}
        columns={relaunchColumns}
      />
    </SituationSection>
  );
}

export function RemindersSection({ situation }: { situation: StructureSituation }) {
  const { structureId } = useCurrentStructure();
  const [error, setError] = useState<string | null>(null);
  const download = (reminder: SituationReminder) => {
    setError(null);
    downloadReminder(reminder.id, structureId, reminder.fileName).catch((failure: unknown) =>
      setError(formErrorText(failure, m.downloadError)),
    );
  };
  const columns: SituationColumn<SituationReminder>[] = [
    { key: 'date', label: c.date, render: (row) => day(row.date) },
    { key: 'level', label: c.level, render: (row) => m.reminderLevel(row.level, row.levelLabel) },
    { key: 'sender', label: c.sender, render: (row) => row.senderName },
    { key: 'count', label: c.fluxCount, align: 'right', render: (row) => formatInteger(row.fluxCount) },
    { key: 'total', label: c.total, align: 'right', render: (row) => amount(row.total) },
  ];
  if (situation.actions.reminderDownload.allowed)
    columns.push({
      key: 'download',
      label: c.download,
      render: (row) => (
        <Button size="small" aria-label={m.downloadReminder(day(row.date))} onClick={() => download(row)}>
          PDF
        </Button>
      ),
    });
  return (
    <SituationSection id="situation-reminders" title={m.remindersTitle}>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <SituationTable
        label={m.remindersTable}
        rows={situation.reminders}
        rowKey={(row) => row.id}
        empty={m.remindersEmpty}
        columns={columns}
      />
    </SituationSection>
  );
}

const statementColumns: readonly SituationColumn<IssuedAccountStatementSummary>[] = [
  { key: 'number', label: c.number, render: (row) => row.number },
  { key: 'period', label: c.period, render: (row) => m.periodOf(day(row.from), day(row.to)) },
  { key: 'issued', label: c.issuedAt, render: (row) => formatDateTime(row.issuedAt) },
  { key: 'balance', label: c.closingBalance, align: 'right', render: (row) => amount(row.closingBalance) },
];

export function StatementsSection({ situation }: { situation: StructureSituation }) {
  return (
    <SituationSection id="situation-statements" title={m.statementsTitle}>
      <SituationTable
        label={m.statementsTable}
        rows={situation.statements}
        rowKey={(row) => row.id}
        empty={m.statementsEmpty}
        columns={statementColumns}
      />
    </SituationSection>
  );
}

const ribColumns: readonly SituationColumn<StructureRib>[] = [
  { key: 'iban', label: c.iban, render: (row) => row.IBAN },
  { key: 'holder', label: c.holder, render: (row) => row.Titulaire },
  { key: 'bank', label: c.bank, render: (row) => row.Banque ?? '' },
  { key: 'mandate', label: c.mandate, render: (row) => row.MandatRUM ?? '' },
  { key: 'signed', label: c.signedOn, render: (row) => (row.MandatDateSignature ? day(row.MandatDateSignature) : '') },
  { key: 'inUse', label: c.inUse, render: (row) => (row.EST_Valide ? m.yes : m.no) },
];

export function BankSection({ situation }: { situation: StructureSituation }) {
  const { bank } = situation;
  return (
    <SituationSection id="situation-bank" title={m.bankTitle}>
      <Alert severity={bank.mandateProblem === null ? 'success' : 'warning'} sx={{ mb: 1 }}>
        {bank.mandateLabel}
      </Alert>
      <SituationTable
        label={m.ribTable}
        rows={bank.ribs}
        rowKey={(row) => row.id}
        empty={m.ribEmpty}
        columns={ribColumns}
      />
    </SituationSection>
  );
}

function SubTitle({ children }: { children: string }) {
  return (
    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, mt: 1 }}>
      {children}
    </Typography>
  );
}
