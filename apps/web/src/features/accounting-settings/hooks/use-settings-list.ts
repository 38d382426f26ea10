import type { AccountingResource } from '@gdf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formErrorText } from '@/lib/api-client';
import { showServerIssues } from '@/lib/forms';
import { useCurrentStructure } from '@/lib/session';
import { deleteSetting, listSettings, saveSetting, type SettingsRow } from '../api/settings-api';
import { accountingSettingsMessages as m } from '../messages';
import { emptyValues, rowToValues, toPayload, type FormValues, type SettingsField } from '../components/settings-form';

/** One structure's settings of a resource, the add/edit form's state, saving and deleting. */
export function useSettingsList(resource: AccountingResource, fields: readonly SettingsField[]) {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const queryKey = ['parametrages-comptables', structureId, resource];
  const rows = useQuery({ queryKey, queryFn: () => listSettings(structureId, resource) });
  const form = useForm<FormValues>({ defaultValues: emptyValues(fields) });
  const [editing, setEditing] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** The row goes into the form at the top: bring the form into view and focus it. */
  const startEditing = (row: SettingsRow) => {
    setEditing(row.id);
    form.reset(rowToValues(fields, row));
    setNotice(null);
    const formElement = formRef.current;
    formElement?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    formElement?.querySelector<HTMLElement>('input:not([type="hidden"]), [role="combobox"]')?.focus();
  };
  const reset = () => {
    setError(null);
    setEditing(undefined);
    form.reset(emptyValues(fields));
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
      fields.map((f) => f.key),
      form.setError,
    );
    setError(formErrorText(e, m.genericError, Object.fromEntries(fields.map((f) => [f.key, f.label]))));
  };
  const save = useMutation({
    mutationFn: (values: FormValues) => saveSetting(structureId, resource, toPayload(fields, values), editing),
    onSuccess: async () => {
      reset();
      await refresh(m.saved);
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteSetting(structureId, resource, id),
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
  return { rows, form, formRef, editing, error, notice, startEditing, reset, submit, save, remove };
}
