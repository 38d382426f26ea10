import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DraftView, TarifOption } from '@gdf/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { StructurePicker } from '@/components/StructurePicker';
import { formErrorText } from '@/lib/api-client';
import { createDraft, saveDraft } from '../api/invoicing-api';
import { creationFacturesMessages as m } from '../messages';
import { InvoiceFields, emptyInvoiceFields, type InvoiceFieldsForm } from './InvoiceFields';
import { InvoiceLinesEditor, emptyLine, linesRequest, type LineForm } from './InvoiceLinesEditor';

const fromDraft = (draft: DraftView): { structure: number | null; fields: InvoiceFieldsForm; lines: LineForm[] } => ({
  structure: draft.structureId,
  fields: { libelle: draft.libelle, categorie: draft.categorie, echeance: draft.echeance, note: draft.note },
  lines: draft.lignes.map((line) => ({
    tarifId: line.tarifId,
    libelle: line.libelle,
    prixUnitaire: (line.prixUnitaireCentimes / 100).toFixed(2).replace('.', ','),
    quantite: String(line.quantite),
  })),
});

/**
 * A draft made or changed (R-INV-01 to R-INV-06): the structure billed (picked by name or federal
 * code among those the user sees), what the invoice says and its lines; saved with the version
 * it was read at, so someone else's change is never lost.
 */
export function DraftEditor({
  structureId,
  draft,
  tarifs,
  onSaved,
  onCancel,
}: {
  structureId: number;
  draft: DraftView | null;
  tarifs: readonly TarifOption[];
  onSaved: (draft: DraftView) => void;
  onCancel: () => void;
}) {
  const initial = draft ? fromDraft(draft) : { structure: null, fields: emptyInvoiceFields(), lines: [emptyLine()] };
  const [structure, setStructure] = useState(initial.structure);
  const [fields, setFields] = useState(initial.fields);
  const [lines, setLines] = useState(initial.lines);
  const save = useMutation({
    mutationFn: async () => {
      const lignes = linesRequest(lines);
      if (!lignes) throw new Error(m.unitPriceInvalid);
      if (structure === null) throw new Error(m.structureRequired);
      const body = { structureId: structure, ...fields, lignes };
      return draft
        ? saveDraft(structureId, draft.id, { ...body, version: draft.version })
        : createDraft(structureId, body);
    },
    onSuccess: onSaved,
  });
  return (
    <Paper
      component="form"
      variant="outlined"
      sx={{ p: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {draft ? `${m.edit} : ${draft.libelle}` : m.newDraft}
        </Typography>
        <StructurePicker
          federationId={structureId}
          value={structure}
          onChange={setStructure}
          label={m.fields.structure}
          required
          size="medium"
          sx={{ maxWidth: 480 }}
        />
        <InvoiceFields value={fields} onChange={setFields} />
        <InvoiceLinesEditor lines={lines} tarifs={tarifs} onChange={setLines} />
        {save.isError && <ErrorAlert>{formErrorText(save.error, save.error.message)}</ErrorAlert>}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{m.cancel}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {m.save}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
