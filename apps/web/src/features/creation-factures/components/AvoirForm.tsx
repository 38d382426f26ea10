import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AvoirRequest } from '@gdf/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorAlert } from '@/components/ErrorAlert';
import { formErrorText } from '@/lib/api-client';
import { issueAvoir } from '../api/invoicing-api';
import { creationFacturesMessages as m } from '../messages';

/** R-INV-07: an avoir on an issued invoice, total or by lines (rank and quantity of each). */
export function AvoirForm({ structureId }: { structureId: number }) {
  const [invoiceId, setInvoiceId] = useState('');
  const [mode, setMode] = useState<'total' | 'lignes'>('total');
  const [lines, setLines] = useState([{ rang: '1', quantite: '1' }]);
  const [confirming, setConfirming] = useState(false);
  const request = (): AvoirRequest =>
    mode === 'total'
      ? { factureId: Number(invoiceId), mode }
      : {
          factureId: Number(invoiceId),
          mode,
          lignes: lines.map((line) => ({ rang: Number(line.rang), quantite: Number(line.quantite) })),
        };
  const issue = useMutation({ mutationFn: () => issueAvoir(structureId, request()) });
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ maxWidth: 640 }}
      onSubmit={(event) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <Typography>{m.avoir.intro}</Typography>
      <TextField
        label={m.avoir.invoiceId}
        value={invoiceId}
        required
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
        onChange={(event) => setInvoiceId(event.target.value.replace(/\D/g, ''))}
      />
      <RadioGroup
        row
        aria-label={m.avoir.mode}
        value={mode}
        onChange={(event) => setMode(event.target.value as 'total' | 'lignes')}
      >
        <FormControlLabel value="total" control={<Radio />} label={m.avoir.total} />
        <FormControlLabel value="lignes" control={<Radio />} label={m.avoir.byLines} />
      </RadioGroup>
      {mode === 'lignes' &&
        lines.map((line, index) => (
          <Stack key={index} direction="row" spacing={1}>
            <TextField
              label={m.avoir.rank}
              type="number"
              value={line.rang}
              slotProps={{ htmlInput: { min: 1, max: 100 } }}
              onChange={(event) =>
                setLines(lines.map((l, i) => (i === index ? { ...l, rang: event.target.value } : l)))
              }
            />
            <TextField
              label={m.avoir.quantity}
              type="number"
              value={line.quantite}
              slotProps={{ htmlInput: { min: 1, max: 10_000 } }}
              onChange={(event) =>
                setLines(lines.map((l, i) => (i === index ? { ...l, quantite: event.target.value } : l)))
              }
            />
          </Stack>
        ))}
      {mode === 'lignes' && (
        <Button
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => setLines([...lines, { rang: String(lines.length + 1), quantite: '1' }])}
        >
          {m.lines.add}
        </Button>
      )}
      {issue.isError && <ErrorAlert>{formErrorText(issue.error, issue.error.message)}</ErrorAlert>}
      {issue.isSuccess && <Alert severity="success">{m.avoir.issued(issue.data.numero)}</Alert>}
      <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }} loading={issue.isPending}>
        {m.avoir.submit}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={m.avoir.confirmTitle}
        cancelLabel={m.cancel}
        confirmLabel={m.avoir.submit}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          issue.mutate();
        }}
      >
        {m.avoir.confirm}
      </ConfirmDialog>
    </Stack>
  );
}
