import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '@/components/ErrorAlert';
import { formErrorText } from '@/lib/api-client';
import type { RecapListAnswer } from '@gdf/domain';
import { useRecapSubscription } from '../hooks/use-recaps';
import { monthlyRecapMessages as m } from '../messages';

interface RecapEmailSwitchProps {
  structureId: number;
  list: Pick<RecapListAnswer, 'abonnementEmail' | 'emailFacturation'>;
  /** The caller holds the module's write grant. */
  mayWrite: boolean;
}

/**
 * 'Recevoir le récapitulatif par e-mail', sent to the structure's 'E-mail de facturation': only
 * the write grant's holders change it, and only when there is an address to send to (R-RECAP-07).
 */
export function RecapEmailSwitch({ structureId, list, mayWrite }: RecapEmailSwitchProps) {
  const subscription = useRecapSubscription(structureId);
  const email = list.emailFacturation;
  const reason = email === null ? m.emailNone : mayWrite ? null : m.emailReadOnly;
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={
          <Switch
            checked={list.abonnementEmail}
            disabled={reason !== null || subscription.isPending}
            onChange={(event) => subscription.mutate(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'recap-email-aide' } }}
          />
        }
        label={m.emailSwitch}
      />
      <Typography variant="body2" id="recap-email-aide" component="div">
        <span>{`${m.emailLabel} : `}</span>
        <strong>{email ?? '—'}</strong>
        {reason && (
          <FormHelperText component="span" sx={{ display: 'block' }}>
            {reason}
          </FormHelperText>
        )}
      </Typography>
      {subscription.isError && (
        <ErrorAlert error={subscription.error}>{formErrorText(subscription.error, m.emailError)}</ErrorAlert>
      )}
    </Stack>
  );
}
