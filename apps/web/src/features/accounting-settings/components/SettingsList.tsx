import type { AccountingResource } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ConfirmButton } from '@/components/ConfirmButton';
import { DataTable } from '@/components/DataTable';
import { ErrorAlert } from '@/components/ErrorAlert';
import { ApiError } from '@/lib/api-client';
import type { SettingsRow } from '../api/settings-api';
import { accountingSettingsMessages as m } from '../messages';
import type { SettingsField } from './settings-form';
import { SettingsForm } from './SettingsForm';
import { useSettingsList } from '../hooks/use-settings-list';

export interface SettingsColumn {
  key: string;
  label: string;
  render?: (row: SettingsRow) => string;
}

const cellText = (row: SettingsRow, column: SettingsColumn) =>
  column.render ? column.render(row) : String(row[column.key] ?? '');

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
  const list = useSettingsList(props.resource, props.fields);
  const { rows, editing, error, notice } = list;
  if (rows.isError)
    return (
      <ErrorAlert error={rows.error} onRetry={() => void rows.refetch()}>
        {rows.error instanceof ApiError ? rows.error.message : m.genericError}
      </ErrorAlert>
    );
  if (rows.isPending) return <CenteredProgress label={m.loading} />;
  return (
    <Stack spacing={2}>
      <SettingsForm
        form={list.form}
        formRef={list.formRef}
        fields={props.fields}
        editing={Boolean(editing)}
        saving={list.save.isPending}
        onSubmit={list.submit}
        onCancel={list.reset}
      />
      {error && <Alert severity="error">{error}</Alert>}
      {notice && !error && <Alert severity="success">{notice}</Alert>}
      <DataTable
        label={props.label}
        container="none"
        columns={[
          ...props.columns.map((c) => ({ id: c.key, header: c.label, cell: (row: SettingsRow) => cellText(row, c) })),
          {
            id: 'actions',
            header: m.actions,
            cell: (row: SettingsRow) => (
              <>
                <Button size="small" onClick={() => list.startEditing(row)}>
                  {m.edit}
                </Button>
                <ConfirmButton
                  pending={false}
                  buttonProps={{ size: 'small', color: 'error' }}
                  title={m.removeConfirmTitle}
                  text={m.removeConfirmText(
                    props.columns
                      .map((c) => cellText(row, c))
                      .filter(Boolean)
                      .join(' '),
                  )}
                  cancelLabel={m.cancel}
                  confirmLabel={m.remove}
                  confirmColor="error"
                  onConfirm={() => list.remove.mutate(row.id)}
                >
                  {m.remove}
                </ConfirmButton>
              </>
            ),
          },
        ]}
        rows={rows.data}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ selected: editing === row.id })}
        empty={m.empty}
      />
    </Stack>
  );
}
