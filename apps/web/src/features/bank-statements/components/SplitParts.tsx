import { formatEuros } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, type Control, type FieldArrayWithId } from 'react-hook-form';
import { bankStatementMessages as m } from '../messages';
import { fluxText } from './format';
import type { SplitCheck, SplitPart } from './split-parts';

type PartsForm = { parts: SplitPart[] };

/** The chosen flux, each with the part of the credit it receives, then the sum against the credit. */
export function SplitParts({
  fields,
  control,
  check,
  total,
  creditCents,
  amount,
  onRemove,
}: {
  fields: readonly FieldArrayWithId<PartsForm, 'parts', 'key'>[];
  control: Control<PartsForm>;
  check: SplitCheck;
  total: number;
  creditCents: number;
  amount: string;
  onRemove: (index: number) => void;
}) {
  return (
    <>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
        {m.partsTitle}
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {m.noPart}
        </Typography>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {fields.map((part, index) => {
          const invoice = m.invoice(part.flux.numeroFacture);
          const error = check.fieldErrors.get(part.flux.ID_FluxFinancier);
          return (
            <Stack component="li" key={part.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="body2" sx={{ flex: 1, pt: 1 }}>
                {fluxText(part.flux)}
              </Typography>
              <Controller
                name={`parts.${index}.text`}
                control={control}
                render={({ field }) => (
                  <TextField
                    size="small"
                    sx={{ width: 180 }}
                    label={m.partAmount(invoice)}
                    value={field.value}
                    name={field.name}
                    error={Boolean(error)}
                    helperText={error}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    onChange={(event) => field.onChange(event.target.value)}
                  />
                )}
              />
              <Button size="small" aria-label={m.removeLabel(invoice)} onClick={() => onRemove(index)}>
                {m.remove}
              </Button>
            </Stack>
          );
        })}
      </Stack>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {m.sumLine(formatEuros(total), amount)}
        </Typography>
        {total < creditCents && total > 0 && (
          <Typography variant="body2" color="text.secondary">
            {m.leftOver(formatEuros(creditCents - total))}
          </Typography>
        )}
        {check.problem && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {check.problem}
          </Alert>
        )}
      </Box>
    </>
  );
}
