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
import { formatDocumentAmount, formatIsoDay } from '@gdf/domain';
import { Controller } from 'react-hook-form';
import { formErrorText } from '@/lib/api-client';
import { formatDateTime, formatInteger } from '@/lib/format';
import type { Season } from '@/lib/seasons';
import { downloadAccountStatement, downloadIssuedAccountStatement } from '../api/download-flux-document';
import { CUSTOM, useAccountStatement, type AccountStatementState } from '../hooks/use-account-statement';
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

/**
 * A structure's relevé de compte: a period (a season, the current one by default, or two
 * dates), what it says, its PDF or xlsx (issued by the server), and the statements issued
 * before, each downloadable again as it was given out.
 */
export function AccountStatementDialog(props: AccountStatementDialogProps) {
  const { statementStructureId, structureId, onClose } = props;
  const statement = useAccountStatement(statementStructureId, structureId, props.defaultSeason);
  const { chosen, period, preview, busy, error, run, name } = statement;
  const download = (format: 'pdf' | 'xlsx') =>
    period && void run(() => downloadAccountStatement(statementStructureId, structureId, period, format));

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="account-statement-title" fullWidth maxWidth="sm">
      <DialogTitle id="account-statement-title">{name ? m.statementTitle(name) : m.statementTitleLoading}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <StatementPeriodFields statement={statement} seasons={props.seasons} />
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
          <IssuedStatements statement={statement} structureId={structureId} />
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

/** The period: a season, or 'custom' and its two days. */
function StatementPeriodFields({
  statement,
  seasons,
}: {
  statement: AccountStatementState;
  seasons: readonly Season[];
}) {
  const { form, values, busy } = statement;
  const dayField = (name: 'du' | 'au') => {
    const { ref, ...field } = form.register(name, { onChange: () => form.clearErrors() });
    const dayError = form.formState.errors[name]?.message;
    return { ...field, inputRef: ref, error: Boolean(dayError), helperText: dayError };
  };
  return (
    <>
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
            {seasons.map((season) => (
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
    </>
  );
}

/** The statements issued before, each downloadable again as it was given out. */
function IssuedStatements({ statement, structureId }: { statement: AccountStatementState; structureId: number }) {
  const { issued, busy, run } = statement;
  const again = (id: number, format: 'pdf' | 'xlsx') =>
    void run(() => downloadIssuedAccountStatement(id, structureId, format));
  return (
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
        {issued.data?.map((item) => (
          <ListItem key={item.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              sx={{ minWidth: 0, flex: '1 1 14rem' }}
              primary={item.number}
              secondary={`${m.issuedLine(
                formatIsoDay(item.from),
                formatIsoDay(item.to),
                formatDateTime(item.issuedAt),
              )} — ${m.issuedBalance(formatDocumentAmount(item.closingBalance), formatDocumentAmount(item.overdueTotal))}`}
            />
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                aria-label={m.issuedPdf(item.number)}
                disabled={busy}
                onClick={() => again(item.id, 'pdf')}
              >
                PDF
              </Button>
              <Button
                size="small"
                aria-label={m.issuedXlsx(item.number)}
                disabled={busy}
                onClick={() => again(item.id, 'xlsx')}
              >
                xlsx
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
