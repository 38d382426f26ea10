import {
  addCalendarDays,
  DEFAULT_PAIN001_VERSION,
  formatEuros,
  isTargetDay,
  nextTargetDay,
  PAIN001_VERSIONS,
  parisToday,
  type Pain001Version,
} from '@gdf/domain';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ConfirmButton } from '@/components/ConfirmButton';
import { DateField } from '@/components/DateField';
import { formErrorText } from '@/lib/api-client';
import type { PayoutGeneration } from '../api/payouts-api';
import type { PayoutSelection } from '../hooks/use-payout-selection';
import { isIsoDay } from '../hooks/use-payout-selection';
import { payoutMessages } from '../messages';

/** A TARGET business day, today or later (the server checks again). */
const executable = (day: string, today: string) => isIsoDay(day) && day >= today && isTargetDay(day);

/**
 * The execution day (the next TARGET day after today by default), the file's version and
 * 'Générer le fichier de virements' behind a confirmation that says what it pays (R-PAY-05, R-PAY-07).
 */
export function PayoutGeneratePanel({
  selection,
  generation,
}: {
  selection: PayoutSelection;
  generation: PayoutGeneration;
}) {
  const [today] = useState(() => parisToday());
  const [dateExecution, setDateExecution] = useState(() => nextTargetDay(addCalendarDays(today, 1)));
  const [version, setVersion] = useState<Pain001Version>(DEFAULT_PAIN001_VERSION);
  const validDate = executable(dateExecution, today);
  const { preview, ticked } = selection;
  const ready = validDate && ticked.length > 0 && !preview.isPlaceholderData && !preview.isFetching;
  const total = formatEuros(selection.totalCentimes);
  const generate = () =>
    generation.mutate({
      au: selection.au,
      dateExecution,
      remboursements: selection.remboursements,
      structures: ticked.map((row) => row.structureId),
      version,
      totalAttenduCentimes: selection.totalCentimes,
    });

  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <DateField
          label={payoutMessages.executionDate}
          name="dateExecution"
          value={dateExecution}
          onChange={setDateExecution}
          min={today}
          shouldDisableDate={(day) => !isTargetDay(day)}
          error={!validDate}
          helperText={validDate ? payoutMessages.executionHelp : payoutMessages.executionNotTarget}
          required
        />
        <TextField
          select
          size="small"
          label={payoutMessages.version}
          value={version}
          onChange={(event) => setVersion(event.target.value as Pain001Version)}
          sx={{ minWidth: 240 }}
        >
          {PAIN001_VERSIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {payoutMessages.versionLabels[option]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <div>
        <ConfirmButton
          pending={generation.isPending}
          pendingLabel={payoutMessages.generating}
          disabled={!ready}
          error={generation.isError ? formErrorText(generation.error, payoutMessages.genericError) : null}
          buttonProps={{ variant: 'contained' }}
          title={payoutMessages.confirmTitle}
          text={payoutMessages.confirmText(ticked.length, total)}
          cancelLabel={payoutMessages.back}
          confirmLabel={payoutMessages.confirm}
          onConfirm={generate}
        >
          {payoutMessages.generate}
        </ConfirmButton>
      </div>
    </Stack>
  );
}
