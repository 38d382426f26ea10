import Close from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BulkSelection } from '@gdf/domain';
import { StructurePicker } from '@/components/StructurePicker';
import { structureOptionLabel, type StructureOption } from '@/lib/structure-options';
import { creationFacturesMessages as m } from '../messages';

/** The ligue and the comité criteria: each picker offers only its type (STR_StructureType 4, 5). */
const TERRITORIES = [
  { field: 'ligueId', types: [4], label: m.bulkSelection.ligue },
  { field: 'comiteId', types: [5], label: m.bulkSelection.comite },
] as const;

/** The criteria of a bulk invoicing as the form holds them (R-INV-08). */
export interface BulkSelectionForm {
  type: string;
  affiliation: '' | 'affiliee' | 'non_affiliee';
  ligueId: number | null;
  comiteId: number | null;
  list: StructureOption[];
}

export const emptyBulkSelection = (): BulkSelectionForm => ({
  type: '',
  affiliation: '',
  ligueId: null,
  comiteId: null,
  list: [],
});

/** The server's selection: only the criteria given (they combine), or null when there is none. */
export function bulkSelection(form: BulkSelectionForm): BulkSelection | null {
  const selection: BulkSelection = {
    ...(form.list.length > 0 ? { structureIds: form.list.map((s) => s.id) } : {}),
    ...(form.type ? { typeStructure: Number(form.type) } : {}),
    ...(form.ligueId !== null ? { ligueId: form.ligueId } : {}),
    ...(form.comiteId !== null ? { comiteId: form.comiteId } : {}),
    ...(form.affiliation ? { affiliation: form.affiliation } : {}),
  };
  return Object.keys(selection).length > 0 ? selection : null;
}

/**
 * Who a bulk invoicing bills: type, ligue, comité, affiliation on the current season and a list
 * of structures, each picked by name among those the user sees (the server checks the scope).
 */
export function BulkSelectionFields({
  federationId,
  value,
  onChange,
}: {
  federationId: number;
  value: BulkSelectionForm;
  onChange: (value: BulkSelectionForm) => void;
}) {
  const addToList = (option: StructureOption | null) => {
    if (option && !value.list.some((s) => s.id === option.id)) onChange({ ...value, list: [...value.list, option] });
  };
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          select
          label={m.bulk.typeStructure}
          value={value.type}
          sx={{ minWidth: 200 }}
          onChange={(e) => onChange({ ...value, type: e.target.value })}
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
          value={value.affiliation}
          sx={{ minWidth: 260 }}
          onChange={(e) => onChange({ ...value, affiliation: e.target.value as BulkSelectionForm['affiliation'] })}
        >
          <MenuItem value="">{m.bulk.anyAffiliation}</MenuItem>
          <MenuItem value="affiliee">{m.bulk.affiliated}</MenuItem>
          <MenuItem value="non_affiliee">{m.bulk.notAffiliated}</MenuItem>
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {TERRITORIES.map(({ field, types, label }) => (
          <StructurePicker
            key={field}
            federationId={federationId}
            types={types}
            label={label}
            size="medium"
            value={value[field]}
            onChange={(id) => onChange({ ...value, [field]: id })}
            sx={{ flex: 1 }}
          />
        ))}
      </Stack>
      <Stack spacing={1}>
        <StructurePicker
          federationId={federationId}
          label={m.bulk.structureIds}
          size="medium"
          value={null}
          clearOnSelect
          onChange={(_id, option) => addToList(option)}
        />
        {value.list.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {m.bulkSelection.listEmpty}
          </Typography>
        ) : (
          <List dense aria-label={m.bulkSelection.list} sx={{ maxWidth: 640 }}>
            {value.list.map((structure) => (
              <ListItem
                key={structure.id}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={m.bulkSelection.remove(structure.NomStructure)}
                    onClick={() => onChange({ ...value, list: value.list.filter((s) => s.id !== structure.id) })}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText primary={structureOptionLabel(structure)} />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}
