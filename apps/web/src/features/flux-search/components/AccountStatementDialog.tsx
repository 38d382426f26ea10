import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accountStatementQuerySchema, formatDocumentAmount, formatIsoDay } from '@gdf/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formErrorText } from '@/lib/api-client';
import { contractProblems, showServerIssues } from '@/lib/forms';
import { formatDateTime, formatInteger } from '@/lib/format';
import type { Season } from '@/lib/seasons';
import { fetchIssuedStatements, fetchStatementPreview } from '../api/account-statements';
import {
  downloadAccountStatement,
  downloadIssuedAccountStatement,
  type StatementPeriodChoice,
} from '../api/download-flux-document';
import { fluxSearchMessages as m } from '../messages';

interface AccountStatementDialogProps {
  /** The structure the statement is about. */
  statementStructureId: number;
  /** The structure the user acts for. */
  structureId: number;
  seasons: readonly Season[];
  defaultSeason: number;
  onClose: () => void;
}

const CUSTOM = 'custom';

/** The dialog's period: a season's id or 'custom', and the days of a custom one (the query's names). */
interface StatementFormValues {
  choice: string;
  du: string;
  au: string;
}
const PERIOD_FIELDS = ['du', 'au'] as const;

/** The chosen period, or why it is not one yet: both days, then the query's contract (R-STMT-03). */
function periodOf({ choice, du, au }: StatementFormValues): { period: StatementPeriodChoice } | { problem: string } {
  if (choice !== CUSTOM) return { period: { saison: Number(choice) } };
  if (!du || !au) return { problem: m.statementDatesMissing };
  const problem = contractProblems(accountStatementQuerySchema, { du, au }).du;
  return problem ? { problem: m.statementPeriodProblem(problem) } : { period: { du, au } };
}

/**
 * A structure's relevé de compte: a period (a season, the current one by default, or two
 * dates), what it says, its PDF or xlsx (issued by the server), and the statements issued
 * before, each downloadable again as it was given out.
 */
export function AccountStatementDialog(props: AccountStatementDialogProps) {
  const { statementStructureId, structureId, onClose } = props;
  const form = useForm<StatementFormValues>({ defaultValues: { choice: String(props.defaultSeason), du: '', au: '' } });
  const values = form.watch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const chosen = periodOf(values);
  // The server's word on a day, when it names it, goes beside that day.
  const placeServerIssues = (failure: unknown) => showServerIssues(failure, PERIOD_FIELDS, form.setError);
  const dayField = (name: 'du' | 'au') => {
    const { ref, ...field } = form.register(name, { onChange: () => form.clearErrors() });
    const dayError = form.formState.errors[name]?.message;
    return { ...field, inputRef: ref, error: Boolean(dayError), helperText: dayError };
  };
  const period = 'period' in chosen ? chosen.period : null;

  const preview = useQuery({
    queryKey: ['account-statement', statementStructureId, structureId, period],
    queryFn: ({ signal }) => fetchStatementPreview(statementStructureId, structureId, period!, signal),
    enabled: period !== null,
    staleTime: 0,
  });
  useEffect(() => {
    if (preview.error) showServerIssues(preview.error, PERIOD_FIELDS, form.setError);
  }, [preview.error, form.setError]);
  const issuedKey = ['account-statements', statementStructureId, structureId];
  const issued = useQuery({
    queryKey: issuedKey,
    queryFn: ({ signal }) => fetchIssuedStatements(statementStructureId, structureId, signal),
  });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: issuedKey });
    } catch (failure) {
      placeServerIssues(failure);
      setError(formErrorText(failure, m.downloadError));
    } finally {
      setBusy(false);
    }
  };
  const download = (format: 'pdf' | 'xlsx') =>
    period && void run(() => downloadAccountStatement(statementStructureId, structureId, period, format));

  // The structure's name stays in the title while a custom period is being typed.
  const [name, setName] = useState<string | null>(null);
  const loadedName = preview.data?.structure.name;
  if (loadedName && loadedName !== name) setName(loadedName);
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="account-statement-title" fullWidth maxWidth="sm">
      <DialogTitle id="account-statement-title">{name ? m.statementTitle(name) : m.statementTitleLoading}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Controller
            name="choice"
            control={form.control}
            render={({ field }) => (
              <TextField
                select
                label={m.statementPeriod}
                value={field.value}
                name={field.name}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  form.clearErrors();
                }}
                disabled={busy}
              >
                {props.seasons.map((season) => (
                  <MenuItem key={season.id} value={String(season.id)}>
                    {season.NomSaison}
                  </MenuItem>
                ))}
                <MenuItem value={CUSTOM}>{m.statementCustom}</MenuItem>
              </TextField>
            )}
          />
          {values.choice === CUSTOM && (
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
              <TextField
                type="date"
                label={m.statementFrom}
                {...dayField('du')}
                slotProps={{ inputLabel: { shrink: true } }}
                disabled={busy}
              />
              <TextField
                type="date"
                label={m.statementTo}
                {...dayField('au')}
                slotProps={{ inputLabel: { shrink: true } }}
                disabled={busy}
              />
            </Stack>
          )}
          {'problem' in chosen && <Alert severity="info">{chosen.problem}</Alert>}
          {period && preview.isPending && <LinearProgress aria-label={m.statementLoading} />}
          {preview.isError && <Alert severity="error">{formErrorText(preview.error, m.statementError)}</Alert>}
          {period && preview.data && (
            <Typography role="status" variant="body2">
              {m.statementSummary(
                formatDocumentAmount(preview.data.openingBalance),
                formatDocumentAmount(preview.data.closingBalance),
                formatDocumentAmount(preview.data.overdue.total),
                formatInteger(preview.data.lines.length),
              )}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {m.statementIssueNote}
          </Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" disabled={!period || busy} onClick={() => download('pdf')}>
              {m.statementPdf}
            </Button>
            <Button variant="outlined" disabled={!period || busy} onClick={() => download('xlsx')}>
              {m.statementXlsx}
            </Button>
          </Stack>
          {busy && <LinearProgress aria-label={m.statementDownloading} />}
          {error && <Alert severity="error">{error}</Alert>}
          <Box component="section" aria-labelledby="issued-statements-title">
            <Typography id="issued-statements-title" variant="subtitle1" component="h3">
              {m.issuedTitle}
            </Typography>
            {issued.isPending && <LinearProgress aria-label={m.issuedLoading} />}
            {issued.isError && <Alert severity="error">{m.issuedError}</Alert>}
            {issued.data?.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {m.issuedEmpty}
              </Typography>
            )}
            <List dense disablePadding>
              {issued.data?.map((statement) => (
                <ListItem key={statement.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <ListItemText
                    sx={{ minWidth: 0, flex: '1 1 14rem' }}
                    primary={statement.number}
                    secondary={`${m.issuedLine(
                      formatIsoDay(statement.from),
                      formatIsoDay(statement.to),
                      formatDateTime(statement.issuedAt),
                    )} — ${m.issuedBalance(
                      formatDocumentAmount(statement.closingBalance),
                      formatDocumentAmount(statement.overdueTotal),
                    )}`}
                  />
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      aria-label={m.issuedPdf(statement.number)}
                      disabled={busy}
                      onClick={() => void run(() => downloadIssuedAccountStatement(statement.id, structureId, 'pdf'))}
                    >
                      PDF
                    </Button>
                    <Button
                      size="small"
                      aria-label={m.issuedXlsx(statement.number)}
                      disabled={busy}
                      onClick={() => void run(() => downloadIssuedAccountStatement(statement.id, structureId, 'xlsx'))}
                    >
                      xlsx
                    </Button>
                  </Stack>
                </ListItem>
              ))}
            </List>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {m.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
