import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formErrorText } from '@/lib/api-client';
import { useCurrentStructure } from '@/lib/session';
import { getParametres, saveParametres, type Parametres } from '../api/settings-api';
import { accountingSettingsMessages as m } from '../messages';
import { fitLabelSx } from './label-width';
import { ErrorAlert } from '@/components/ErrorAlert';

const KEYS = ['CompteCollectif', 'TiersPrefixe', 'TiersCompteFixe', 'TiersLibelleFixe', 'SIREN'] as const;
const LABELS: Record<(typeof KEYS)[number], string> = {
  CompteCollectif: m.compteCollectif,
  TiersPrefixe: m.tiersPrefixe,
  TiersCompteFixe: m.tiersCompteFixe,
  TiersLibelleFixe: m.tiersLibelleFixe,
  SIREN: m.siren,
};

/** The rule deriving each structure's third-party account from its federal code. */
export function ThirdPartyRuleForm() {
  const { structureId } = useCurrentStructure();
  const current = useQuery({
    queryKey: ['parametrages-comptables', structureId, 'parametres'],
    queryFn: () => getParametres(structureId),
  });
  const [edited, setEdited] = useState<Partial<Record<(typeof KEYS)[number], string>>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const value = (key: (typeof KEYS)[number]) => edited[key] ?? current.data?.parametres?.[key] ?? '';
  const save = useMutation({
    mutationFn: () =>
      saveParametres(
        structureId,
        Object.fromEntries(KEYS.map((k) => [k, value(k).trim() || null])) as unknown as Parametres,
      ),
    onSuccess: () => setMessage({ ok: true, text: m.saved }),
    onError: (e) => setMessage({ ok: false, text: formErrorText(e, m.genericError, LABELS) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Stack component="form" spacing={1} onSubmit={submit} sx={{ mt: 4 }}>
      <Typography component="h3" variant="subtitle1">
        {m.tiersTitle}
      </Typography>
      <Typography variant="body2">{m.tiersHelp}</Typography>
      {/* Never a form over settings that did not load: saving it would blank them. */}
      {current.isPending && <LinearProgress aria-label={m.loading} />}
      {current.isError && <ErrorAlert onRetry={() => void current.refetch()}>{m.loadFailed}</ErrorAlert>}
      {current.isSuccess && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {KEYS.map((key) => (
            <TextField
              key={key}
              size="small"
              label={LABELS[key]}
              sx={fitLabelSx(LABELS[key])}
              value={value(key)}
              onChange={(e) => setEdited({ ...edited, [key]: e.target.value })}
            />
          ))}
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {m.save}
          </Button>
        </Stack>
      )}
      {message && <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert>}
    </Stack>
  );
}
