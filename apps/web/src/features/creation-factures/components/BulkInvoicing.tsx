import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatEuros, type BulkIssueAccepted, type JobView, type TarifOption } from '@gdf/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmButton } from '@/components/ConfirmButton';
import { ErrorAlert } from '@/components/ErrorAlert';
import { JobStartedAlert } from '@/components/JobStartedAlert';
import { formErrorText } from '@/lib/api-client';
import { issueBulk, previewBulk } from '../api/invoicing-api';
import { creationFacturesMessages as m } from '../messages';
import { BulkReport } from './BulkReport';
import { BulkSelectionFields, bulkSelection, emptyBulkSelection } from './BulkSelectionFields';
import { InvoiceFields, emptyInvoiceFields } from './InvoiceFields';
import { InvoiceLinesEditor, emptyLine, linesRequest } from './InvoiceLinesEditor';

/** A new idempotency key per preview: the same 'Émettre' sent twice names the same lot (R-INV-09). */
const newLotKey = () => `lot-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * R-INV-08, R-INV-09: the same lines for many structures chosen by type, ligue, comité,
 * affiliation or a list; the preview counts, totals and names who is left out and why;
 * 'Émettre' (with the write grant) starts the job, followed here until its report.
 */
export function BulkInvoicing({
  structureId,
  tarifs,
  mayWrite,
}: {
  structureId: number;
  tarifs: readonly TarifOption[];
  mayWrite: boolean;
}) {
  const [fields, setFields] = useState(emptyInvoiceFields());
  const [lines, setLines] = useState([emptyLine()]);
  const [selection, setSelection] = useState(emptyBulkSelection);
  const [key, setKey] = useState(newLotKey);
  const [started, setStarted] = useState<BulkIssueAccepted | null>(null);
  const [finished, setFinished] = useState<JobView | null>(null);

  const request = () => {
    const lignes = linesRequest(lines);
    if (!lignes) throw new Error(m.unitPriceInvalid);
    const chosen = bulkSelection(selection);
    if (!chosen) throw new Error(m.bulkSelection.noCriterion);
    return { ...fields, lignes, selection: chosen };
  };
  const preview = useMutation({
    mutationFn: () => previewBulk(structureId, request()),
    onSuccess: () => setKey(newLotKey()),
  });
  const issue = useMutation({
    mutationFn: () => issueBulk(structureId, { ...request(), cle: key }),
    onSuccess: setStarted,
  });
  // What is issued is what was previewed: any change asks for a new preview.
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (!started) preview.reset();
    };

  return (
    <Stack spacing={2}>
      <Typography>{m.bulk.intro}</Typography>
      <BulkSelectionFields federationId={structureId} value={selection} onChange={edited(setSelection)} />
      <InvoiceFields value={fields} onChange={edited(setFields)} />
      <InvoiceLinesEditor lines={lines} tarifs={tarifs} onChange={edited(setLines)} />
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          loading={preview.isPending}
          disabled={started !== null}
          onClick={() => preview.mutate()}
        >
          {m.bulk.preview}
        </Button>
        {mayWrite && (
          <ConfirmButton
            pending={issue.isPending}
            loadingIndicator
            disabled={!preview.data || preview.data.nombre === 0 || started !== null}
            buttonProps={{ variant: 'contained' }}
            title={m.bulk.confirmTitle}
            text={m.bulk.confirm(preview.data?.nombre ?? 0)}
            cancelLabel={m.cancel}
            confirmLabel={m.bulk.issue}
            onConfirm={() => issue.mutate()}
          >
            {m.bulk.issue}
          </ConfirmButton>
        )}
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
      {started && (
        <JobStartedAlert job={started.traitement} onFinished={setFinished}>
          {m.bulk.started}
        </JobStartedAlert>
      )}
      {started && finished && <BulkReport structureId={structureId} lotId={started.lotId} job={finished} />}
    </Stack>
  );
}
