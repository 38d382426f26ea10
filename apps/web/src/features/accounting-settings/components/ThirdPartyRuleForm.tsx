import { parametresInputSchema } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formErrorText } from '@/lib/api-client';
import { contractResolver, showServerIssues } from '@/lib/forms';
import { useCurrentStructure } from '@/lib/session';
import { getParametres, saveParametres, type Parametres } from '../api/settings-api';
import { accountingSettingsMessages as m } from '../messages';
import { fitLabelSx } from './label-width';
import { ErrorAlert } from '@/components/ErrorAlert';

const KEYS = [
  'CompteCollectif',
  'TiersPrefixe',
  'TiersCompteFixe',
  'TiersLibelleFixe',
  'SIREN',
  'CompteQuotesParts',
  'LibelleQuotesParts',
] as const;
type RuleValues = Record<(typeof KEYS)[number], string>;
const LABELS: RuleValues = {
  CompteCollectif: m.compteCollectif,
  TiersPrefixe: m.tiersPrefixe,
  TiersCompteFixe: m.tiersCompteFixe,
  TiersLibelleFixe: m.tiersLibelleFixe,
  SIREN: m.siren,
  CompteQuotesParts: m.compteQuotesParts,
  LibelleQuotesParts: m.libelleQuotesParts,
};
/** R-PAY-10: the shares' debt account, left blank, stays as set (467000 by default). */
const KEPT_WHEN_BLANK = new Set<string>(['CompteQuotesParts', 'LibelleQuotesParts']);

/** A blank field is no value (null), as the API expects; a blank share account is left out. */
const toRequest = (values: RuleValues) =>
  Object.fromEntries(
    KEYS.map((key) => [key, values[key].trim() || (KEPT_WHEN_BLANK.has(key) ? undefined : null)]),
  ) as unknown as Parametres;
const resolver = contractResolver(parametresInputSchema, toRequest);
const formValues = (parametres: Parametres | null | undefined): RuleValues =>
  Object.fromEntries(KEYS.map((key) => [key, parametres?.[key] ?? ''])) as RuleValues;

/** The rule deriving each structure's third-party account from its federal code. */
export function ThirdPartyRuleForm() {
  const { structureId } = useCurrentStructure();
  const current = useQuery({
    queryKey: ['parametrages-comptables', structureId, 'parametres'],
    queryFn: () => getParametres(structureId),
  });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RuleValues, unknown, Parametres>({
    resolver,
    // The loaded settings fill the form once they arrive; what the user typed stays.
    values: current.data ? formValues(current.data.parametres) : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const save = useMutation({
    mutationFn: (parametres: Parametres) => saveParametres(structureId, parametres),
    onSuccess: () => setMessage({ ok: true, text: m.saved }),
    onError: (e) => {
      showServerIssues(e, KEYS, setError);
      setMessage({ ok: false, text: formErrorText(e, m.genericError, LABELS) });
    },
  });
  const submit = handleSubmit(
    (parametres) => save.mutate(parametres),
    () => setMessage(null),
  );
  const ruleError = errors.root?.message;
  return (
    <Stack component="form" spacing={1} onSubmit={submit} noValidate sx={{ mt: 4 }}>
      <Typography component="h3" variant="subtitle1">
        {m.tiersTitle}
      </Typography>
      <Typography variant="body2">{m.tiersHelp}</Typography>
      {/* Never a form over settings that did not load: saving it would blank them. */}
      {current.isPending && <LinearProgress aria-label={m.loading} />}
      {current.isError && (
        <ErrorAlert error={current.error} onRetry={() => void current.refetch()}>
          {m.loadFailed}
        </ErrorAlert>
      )}
      {current.isSuccess && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {KEYS.map((key) => {
            const { ref, ...field } = register(key);
            return (
              <TextField
                key={key}
                {...field}
                inputRef={ref}
                size="small"
                label={LABELS[key]}
                sx={fitLabelSx(LABELS[key])}
                error={Boolean(errors[key])}
                helperText={errors[key]?.message}
              />
            );
          })}
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {m.save}
          </Button>
        </Stack>
      )}
      {ruleError && <Alert severity="error">{ruleError}</Alert>}
      {message && <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert>}
    </Stack>
  );
}
