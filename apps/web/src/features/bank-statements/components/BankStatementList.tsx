import { formatEuros, type BankStatementSummary } from '@gdf/domain';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { ErrorAlert } from '@/components/ErrorAlert';
import { useBankStatements } from '../api/bank-statements';
import { bankErrorText } from '../error-text';
import { bankStatementMessages as m } from '../messages';
import { periodText } from './format';

const nowrap = { whiteSpace: 'nowrap' } as const;

const statementColumns = (
  selectedId: number | null,
  onSelect: (statement: BankStatementSummary) => void,
): DataColumn<BankStatementSummary>[] => [
  { id: 'period', header: m.period, cell: (statement) => periodText(statement.dateDebut, statement.dateFin) },
  { id: 'id', header: m.statementId, cell: (statement) => statement.identifiant },
  { id: 'account', header: m.account, cell: (statement) => statement.compte, sx: nowrap },
  {
    id: 'opening',
    header: m.openingBalance,
    cell: (statement) => formatEuros(statement.soldeOuvertureCents),
    align: 'right',
    sx: nowrap,
  },
  {
    id: 'closing',
    header: m.closingBalance,
    cell: (statement) => formatEuros(statement.soldeClotureCents),
    align: 'right',
    sx: nowrap,
  },
  { id: 'reconciled', header: m.reconciled, cell: (statement) => statement.nbRapprochees, align: 'right' },
  { id: 'toProcess', header: m.toProcess, cell: (statement) => statement.nbATraiter, align: 'right' },
  {
    id: 'actions',
    header: m.actions,
    cell: (statement) => (
      <Button
        size="small"
        variant={statement.id === selectedId ? 'contained' : 'outlined'}
        aria-label={m.openLabel(statement.identifiant)}
        aria-pressed={statement.id === selectedId}
        onClick={() => onSelect(statement)}
      >
        {m.open}
      </Button>
    ),
  },
];

/** The imported statements, newest first, with how many credits are reconciled and left to do. */
export function BankStatementList({
  structureId,
  selectedId,
  onSelect,
}: {
  structureId: number;
  selectedId: number | null;
  onSelect: (statement: BankStatementSummary) => void;
}) {
  const statements = useBankStatements(structureId);
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ mb: 1, fontWeight: 600 }}>
        {m.listTitle}
      </Typography>
      {statements.isPending && <CircularProgress aria-label={m.listLoading} size={28} />}
      {statements.isError && (
        <ErrorAlert error={statements.error} onRetry={() => void statements.refetch()}>
          {bankErrorText(statements.error, m.listError)}
        </ErrorAlert>
      )}
      {statements.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {m.noStatements}
        </Typography>
      )}
      {statements.data && statements.data.length > 0 && (
        <DataTable
          label={m.listLabel}
          container="plain"
          containerSx={{ mb: 3 }}
          columns={statementColumns(selectedId, onSelect)}
          rows={statements.data}
          rowKey={(statement) => statement.id}
          rowProps={(statement) => {
            const selected = statement.id === selectedId;
            return { selected, 'aria-current': selected ? 'true' : undefined };
          }}
        />
      )}
    </>
  );
}
