import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatEuros, toCents, type TarifOption } from '@gdf/domain';
import { creationFacturesMessages as m } from '../messages';

/** A line as typed: the unit price as the user wrote it (euros, comma or point). */
export interface LineForm {
  tarifId: number | null;
  libelle: string;
  prixUnitaire: string;
  quantite: string;
}

export const emptyLine = (): LineForm => ({ tarifId: null, libelle: '', prixUnitaire: '', quantite: '1' });

/** R-INV-01: typed euros to integer cents, or null when it is not an amount with at most 2 decimals. */
function typedCents(text: string): number | null {
  try {
    return toCents(text.replace(/\s/g, '').replace(',', '.'));
  } catch {
    return null;
  }
}

/** The lines as the API takes them (integer cents); null while one is not a valid amount. */
export function linesRequest(lines: readonly LineForm[]) {
  const request = lines.map((line) => ({
    libelle: line.libelle,
    tarifId: line.tarifId,
    prixUnitaireCentimes: typedCents(line.prixUnitaire),
    quantite: Number(line.quantite),
  }));
  return request.every((line) => line.prixUnitaireCentimes !== null)
    ? request.map((line) => ({ ...line, prixUnitaireCentimes: line.prixUnitaireCentimes! }))
    : null;
}

/** The lines of an invoice: a tarif of the catalogue (its name and price proposed) or a free line. */
export function InvoiceLinesEditor({
  lines,
  tarifs,
  onChange,
}: {
  lines: LineForm[];
  tarifs: readonly TarifOption[];
  onChange: (lines: LineForm[]) => void;
}) {
  const set = (index: number, patch: Partial<LineForm>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const total = lines.reduce(
    (sum, line) => sum + (typedCents(line.prixUnitaire) ?? 0) * (Number(line.quantite) || 0),
    0,
  );
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3">
        {m.lines.title}
      </Typography>
      {lines.map((line, index) => (
        <Stack key={index} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            select
            label={m.lines.tarif}
            value={line.tarifId ?? ''}
            sx={{ minWidth: 220 }}
            onChange={(event) => {
              const tarif = tarifs.find((item) => item.id === Number(event.target.value));
              set(
                index,
                tarif
                  ? {
                      tarifId: tarif.id,
                      libelle: tarif.nom,
                      prixUnitaire: (tarif.prixUnitaireCentimes / 100).toFixed(2).replace('.', ','),
                    }
                  : { tarifId: null },
              );
            }}
          >
            <MenuItem value="">{m.lines.free}</MenuItem>
            {tarifs.map((tarif) => (
              <MenuItem key={tarif.id} value={tarif.id}>
                {`${tarif.nom} (${formatEuros(tarif.prixUnitaireCentimes)})`}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={m.lines.label}
            value={line.libelle}
            required
            sx={{ flex: 1, minWidth: 200 }}
            slotProps={{ htmlInput: { maxLength: 255 } }}
            onChange={(event) => set(index, { libelle: event.target.value })}
          />
          <TextField
            label={m.lines.unitPrice}
            value={line.prixUnitaire}
            required
            error={line.prixUnitaire !== '' && typedCents(line.prixUnitaire) === null}
            helperText={line.prixUnitaire !== '' && typedCents(line.prixUnitaire) === null ? m.unitPriceInvalid : ' '}
            sx={{ width: 160 }}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            onChange={(event) => set(index, { prixUnitaire: event.target.value })}
          />
          <TextField
            label={m.lines.quantity}
            type="number"
            value={line.quantite}
            required
            sx={{ width: 120 }}
            slotProps={{ htmlInput: { min: 1, max: 10_000, step: 1 } }}
            onChange={(event) => set(index, { quantite: event.target.value })}
          />
          <IconButton
            aria-label={m.lines.remove(index + 1)}
            disabled={lines.length === 1}
            onClick={() => onChange(lines.filter((_, i) => i !== index))}
          >
            <DeleteOutlined />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button onClick={() => onChange([...lines, emptyLine()])}>{m.lines.add}</Button>
        <Typography sx={{ ml: 'auto' }}>{m.lines.total(formatEuros(total))}</Typography>
      </Stack>
    </Stack>
  );
}
