import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEventHandler, RefObject } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { accountingSettingsMessages as m } from '../messages';
import { fitLabelSx } from './label-width';
import type { FormValues, SettingsField } from './settings-form';

/** The add/edit form above a settings list: one field each, 'Ajouter' or 'Enregistrer' and 'Annuler'. */
export function SettingsForm({
  form,
  formRef,
  fields,
  editing,
  saving,
  onSubmit,
  onCancel,
}: {
  form: UseFormReturn<FormValues>;
  formRef: RefObject<HTMLFormElement | null>;
  fields: readonly SettingsField[];
  editing: boolean;
  saving: boolean;
  onSubmit: FormEventHandler;
  onCancel: () => void;
}) {
  const fieldErrors = form.formState.errors;
  return (
    <Stack
      ref={formRef}
      component="form"
      direction="row"
      spacing={1}
      onSubmit={onSubmit}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
    >
      {fields.map((field) => (
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
      <Button type="submit" variant="contained" disabled={saving}>
        {editing ? m.save : m.add}
      </Button>
      {editing && <Button onClick={onCancel}>{m.cancel}</Button>}
    </Stack>
  );
}
