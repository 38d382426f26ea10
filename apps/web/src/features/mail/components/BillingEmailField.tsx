import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import { ErrorAlert } from '@/components/ErrorAlert';
import { formErrorText } from '@/lib/api-client';
import { useCurrentStructure } from '@/lib/session';
import { fetchBillingEmail, saveBillingEmail } from '../api/mail-api';
import { mailMessages as m } from '../messages';

const BILLING_QUERY_KEY = 'billing-email';

/**
 * The structure's 'E-mail de facturation' (R-MAIL-01, R-MAIL-07): whom its documents go to now,
 * and the field for whoever may change it (the server checks the address again and refuses).
 */
export function BillingEmailField({ ofStructure }: { ofStructure: number }) {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const queryKey = [BILLING_QUERY_KEY, structureId, ofStructure];
  const billing = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchBillingEmail(structureId, ofStructure, signal),
    retry: false,
  });
  const [draft, setDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (email: string) => saveBillingEmail(structureId, ofStructure, email.trim() === '' ? null : email),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      setDraft(null);
      setSaved(true);
    },
  });
  if (billing.isPending) return <CircularProgress size={24} aria-label={m.billing.loading} />;
  if (billing.isError)
    return (
      <ErrorAlert error={billing.error} onRetry={() => void billing.refetch()}>
        {formErrorText(billing.error, m.billing.loadError)}
      </ErrorAlert>
    );
  const { destinataire, emailFacturation, modifiable } = billing.data;
  const value = draft ?? emailFacturation ?? '';
  return (
    <section aria-label={m.billing.title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {m.billing.title}
      </Typography>
      {modifiable && (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mb: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            setSaved(false);
            save.mutate(value);
          }}
        >
          <TextField
            label={m.billing.label}
            type="email"
            size="small"
            value={value}
            onChange={(event) => setDraft(event.target.value)}
            helperText={m.billing.helper}
            error={save.isError}
            slotProps={{ htmlInput: { maxLength: 254 } }}
            sx={{ minWidth: 320 }}
          />
          <div>
            <Button type="submit" variant="contained" disabled={save.isPending || draft === null}>
              {m.billing.save}
            </Button>
          </div>
        </Stack>
      )}
      {save.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {formErrorText(save.error, m.billing.saveError)}
        </Alert>
      )}
      {saved && !save.isError && (
        <Alert severity="success" sx={{ mb: 1 }} onClose={() => setSaved(false)}>
          {m.billing.saved}
        </Alert>
      )}
      <Typography color={destinataire.address ? 'text.primary' : 'warning.main'}>
        {destinataire.address !== null
          ? m.billing.recipient(destinataire.address, destinataire.source)
          : m.billing.noRecipient(destinataire.reason)}
      </Typography>
    </section>
  );
}
