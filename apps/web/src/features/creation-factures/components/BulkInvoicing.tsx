import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatEuros, type BulkSelection, type JobView, type TarifOption } from '@gdf/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorAlert } from '@/components/ErrorAlert';
import { JobStartedAlert } from '@/components/JobStartedAlert';
import { formErrorText } from '@/lib/api-client';
import { issueBulk, previewBulk } from '../api/invoicing-api';
import { creationFacturesMessages as m } from '../messages';
import { InvoiceFields, emptyInvoiceFields } from './InvoiceFields';
import { InvoiceLinesEditor, emptyLine, linesRequest } from './InvoiceLinesEditor';

/** A new idempotency key per preview: the same 'Émettre' sent twice names the same lot (R-INV-09). */
const newLotKey = () => `lot-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * R-INV-08, R-INV-09: the same lines for many structures chosen by type, affiliation or a list;
 * the preview counts, totals and names who is left out and why; 'Émettre' starts the job.
 */
export function BulkInvoicing({ structureId, tarifs }: { structureId: number; tarifs: readonly TarifOption[] }) {
  const [fields, setFields] = useState(emptyInvoiceFields());
  const [lines, setLines] = useState([emptyLine()]);
  const [type, setType] = useState('');
  const [affiliation, setAffiliation] = useState('');
  const [ids, setIds] = useState('');
  const [key, setKey] = useState(newLotKey);
  const [confirming, setConfirming] = useState(false);
  const [job, setJob] = useState<JobView | null>(null);

  const request = () => {
    const lignes = linesRequest(lines);
    if (!lignes) throw new Error(m.unitPriceInvalid);
    const list =
      ids.trim() === ''
        ? undefined
        : ids
            .split(/[\s,;]+/)
            .filter(Boolean)
            .map(Number);
    if (list?.some((id) => !Number.isInteger(id) || id < 1)) throw new Error(m.bulk.structureIdsInvalid);
    const selection: BulkSelection = {
      ...(list ? { structureIds: list } : {}),
      ...(type ? { typeStructure: Number(type) } : {}),
      ...(affiliation ? { affiliation: affiliation as 'affiliee' | 'non_affiliee' } : {}),
    };
    return { ...fields, lignes, selection };
  };
  const preview = useMutation({
    mutationFn: () => previewBulk(structureId, request()),
    onSuccess: () => setKey(newLotKey()),
  });
  const issue = useMutation({
    mutationFn: () => issueBulk(structureId, { ...request(), cle: key }),
    onSuccess: (answer) => setJob(answer.traitement),
  });

  return (
    <Stack spacing={2}>
      <Typography>{m.bulk.intro}</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          select
          label={m.bulk.typeStructure}
          value={type}
          sx={{ minWidth: 200 }}
          onChange={(e) => setType(e.target.value)}
        >
          <MenuItem value="">{m.bulk.anyType}</MenuItem>
          {Object.entries(m.structureTypes).map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={m.bulk.affiliation}
          value={affiliation}
          sx={{ minWidth: 260 }}
          onChange={(e) => setAffiliation(e.target.value)}
        >
          <MenuItem value="">{m.bulk.anyAffiliation}</MenuItem>
          <MenuItem value="affiliee">{m.bulk.affiliated}</MenuItem>
          <MenuItem value="non_affiliee">{m.bulk.notAffiliated}</MenuItem>
        </TextField>
        <TextField label={m.bulk.structureIds} value={ids} sx={{ flex: 1 }} onChange={(e) => setIds(e.target.value)} />
      </Stack>
      <InvoiceFields value={fields} onChange={setFields} />
      <InvoiceLinesEditor lines={lines} tarifs={tarifs} onChange={setLines} />
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" loading={preview.isPending} onClick={() => preview.mutate()}>
          {m.bulk.preview}
        </Button>
        <Button
          variant="contained"
          disabled={!preview.data || preview.data.nombre === 0 || job !== null}
          onClick={() => setConfirming(true)}
        >
          {m.bulk.issue}
        </Button>
      </Stack>
      {preview.isError && <ErrorAlert>{formErrorText(preview.error, preview.error.message)}</ErrorAlert>}
      {issue.isError && <ErrorAlert>{formErrorText(issue.error, issue.error.message)}</ErrorAlert>}
      {preview.data && (
        <Alert severity="info" role="status">
          <Typography>{m.bulk.count(preview.data.nombre, formatEuros(preview.data.totalCentimes))}</Typography>
          {preview.data.ignorees.length > 0 && (
            <>
              <Typography variant="subtitle2">{m.bulk.leftOut}</Typography>
              <List dense>
                {preview.data.ignorees.map((row) => (
                  <ListItem key={row.structureId}>{`${row.structure} : ${row.raison}`}</ListItem>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
      {job && <JobStartedAlert job={job}>{m.bulk.started}</JobStartedAlert>}
      <ConfirmDialog
        open={confirming}
        title={m.bulk.confirmTitle}
        cancelLabel={m.cancel}
        confirmLabel={m.bulk.issue}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          issue.mutate();
        }}
      >
        {m.bulk.confirm(preview.data?.nombre ?? 0)}
      </ConfirmDialog>
    </Stack>
  );
}
