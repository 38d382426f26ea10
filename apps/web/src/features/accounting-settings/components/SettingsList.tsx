import type { AccountingResource } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ApiError, formErrorText } from '@/lib/api-client';
import { showServerIssues } from '@/lib/forms';
import { useCurrentStructure } from '@/lib/session';
import { deleteSetting, listSettings, saveSetting, type SettingsRow } from '../api/settings-api';
import { accountingSettingsMessages as m } from '../messages';
import { emptyValues, rowToValues, toPayload, type FormValues, type SettingsField } from './settings-form';
import { fitLabelSx } from './label-width';
import { ErrorAlert } from '@/components/ErrorAlert';

export interface SettingsColumn {
  key: string;
  label: string;
  render?: (row: SettingsRow) => string;
}

/**
 * A list of one structure's settings with an add/edit form; the server validates and
 * audits. Deleting asks first: a mapping removed by mistake changes every later export.
 */
export function SettingsList(props: {
  resource: AccountingResource;
  /** Accessible name of the table. */
  label: string;
  columns: readonly SettingsColumn[];
  fields: readonly SettingsField[];
}) {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const queryKey = ['parametrages-comptables', structureId, props.resource];
  const rows = useQuery({ queryKey, queryFn: () => listSettings(structureId, props.resource) });
  const form = useForm<FormValues>({ defaultValues: emptyValues(props.fields) });
  const fieldErrors = form.formState.errors;
  const [editing, setEditing] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SettingsRow | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** The row goes into the form at the top: bring the form into view and focus it. */
  const startEditing = (row: SettingsRow) => {
    setEditing(row.id);
    form.reset(rowToValues(props.fields, row));
    setNotice(null);
    const formElement = formRef.current;
    formElement?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    formElement?.querySelector<HTMLElement>('input:not([type="hidden"]), [role="combobox"]')?.focus();
  };
  const reset = () => {
    setError(null);
    setEditing(undefined);
    form.reset(emptyValues(props.fields));
  };
  const refresh = async (message: string) => {
    setNotice(message);
    await queryClient.invalidateQueries({ queryKey });
  };
  const fail = (e: unknown) => {
    setNotice(null);
    // Each field the server names gets its message beside it; the summary stays above the list.
    showServerIssues(
      e,
      props.fields.map((f) => f.key),
      form.setError,
    );
    setError(formErrorText(e, m.genericError, Object.fromEntries(props.fields.map((f) => [f.key, f.label]))));
  };
  const save = useMutation({
    mutationFn: (values: FormValues) =>
      saveSetting(structureId, props.resource, toPayload(props.fields, values), editing),
    onSuccess: async () => {
      reset();
      await refresh(m.saved);
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteSetting(structureId, props.resource, id),
    // A row being edited stays in the form, unless it is the one deleted.
    onSuccess: async (_result, id) => {
      setError(null);
      if (id === editing) reset();
      await refresh(m.removed);
    },
    onError: fail,
  });
  // The server checks the row against the resource's contract and names the wrong fields.
  const submit = form.handleSubmit((values) => save.mutate(values));
  const cellText = (row: SettingsRow, column: SettingsColumn) =>
    column.render ? column.render(row) : String(row[column.key] ?? '');

  if (rows.isError)
    return (
      <ErrorAlert onRetry={() => void rows.refetch()}>
        {rows.error instanceof ApiError ? rows.error.message : m.genericError}
      </ErrorAlert>
    );
  if (rows.isPending) return <CenteredProgress label={m.loading} />;
  return (
    <Stack spacing={2}>
      <Stack
        ref={formRef}
        component="form"
        direction="row"
        spacing={1}
        onSubmit={submit}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        {props.fields.map((field) => (
          <Controller
            key={field.key}
            control={form.control}
            name={field.key}
            render={({ field: { ref, ...input } }) => (
              <TextField
                {...input}
                inputRef={ref}
                size="small"
                label={field.label}
                select={Boolean(field.options)}
                sx={fitLabelSx(field.label)}
                error={Boolean(fieldErrors[field.key])}
                helperText={fieldErrors[field.key]?.message}
              >
                {field.nullable && field.options && <MenuItem value="">{m.aucun}</MenuItem>}
                {field.options?.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        ))}
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {editing ? m.save : m.add}
        </Button>
        {editing && <Button onClick={reset}>{m.cancel}</Button>}
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {notice && !error && <Alert severity="success">{notice}</Alert>}
      <Table size="small" aria-label={props.label}>
        <TableHead>
          <TableRow>
            {props.columns.map((c) => (
              <TableCell key={c.key}>{c.label}</TableCell>
            ))}
            <TableCell>{m.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.data.length === 0 && (
            <TableRow>
              <TableCell colSpan={props.columns.length + 1}>{m.empty}</TableCell>
            </TableRow>
          )}
          {rows.data.map((row) => (
            <TableRow key={row.id} selected={editing === row.id}>
              {props.columns.map((c) => (
                <TableCell key={c.key}>{cellText(row, c)}</TableCell>
              ))}
              <TableCell>
                <Button size="small" onClick={() => startEditing(row)}>
                  {m.edit}
                </Button>
                <Button size="small" color="error" onClick={() => setRemoving(row)}>
                  {m.remove}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={removing !== null}
        title={m.removeConfirmTitle}
        cancelLabel={m.cancel}
        confirmLabel={m.remove}
        confirmColor="error"
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id)}
      >
        {removing &&
          m.removeConfirmText(
            props.columns
              .map((c) => cellText(removing, c))
              .filter(Boolean)
              .join(' '),
          )}
      </ConfirmDialog>
    </Stack>
  );
}
