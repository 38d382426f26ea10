import { formatEuros, type BankStatementSummary } from '@gdf/domain';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '@/components/ErrorAlert';
import { useBankStatements } from '../api/bank-statements';
import { bankErrorText } from '../error-text';
import { bankStatementMessages as m } from '../messages';
import { periodText } from './format';

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
        <ErrorAlert onRetry={() => void statements.refetch()}>
          {bankErrorText(statements.error, m.listError)}
        </ErrorAlert>
      )}
      {statements.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {m.noStatements}
        </Typography>
      )}
      {statements.data && statements.data.length > 0 && (
        <TableContainer sx={{ mb: 3 }}>
          <Table size="small" aria-label={m.listLabel}>
            <TableHead>
              <TableRow>
                <TableCell>{m.period}</TableCell>
                <TableCell>{m.statementId}</TableCell>
                <TableCell>{m.account}</TableCell>
                <TableCell align="right">{m.openingBalance}</TableCell>
                <TableCell align="right">{m.closingBalance}</TableCell>
                <TableCell align="right">{m.reconciled}</TableCell>
                <TableCell align="right">{m.toProcess}</TableCell>
                <TableCell>{m.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {statements.data.map((statement) => {
                const selected = statement.id === selectedId;
                return (
                  <TableRow key={statement.id} selected={selected} aria-current={selected ? 'true' : undefined}>
                    <TableCell>{periodText(statement.dateDebut, statement.dateFin)}</TableCell>
                    <TableCell>{statement.identifiant}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{statement.compte}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatEuros(statement.soldeOuvertureCents)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatEuros(statement.soldeClotureCents)}
                    </TableCell>
                    <TableCell align="right">{statement.nbRapprochees}</TableCell>
                    <TableCell align="right">{statement.nbATraiter}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        variant={selected ? 'contained' : 'outlined'}
                        aria-label={m.openLabel(statement.identifiant)}
                        aria-pressed={selected}
                        onClick={() => onSelect(statement)}
                      >
                        {m.open}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
