import { SHARE_LEVELS, SHARE_MODES, type ShareRulesAnswer } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { formErrorText } from '@/lib/api-client';
import { useSeasons } from '@/lib/seasons';
import { useSaveShareRule } from '../hooks/use-share-rules';
import { accountingSettingsMessages } from '../messages';
import {
  categoryTarget,
  initialSeason,
  isCategoryTarget,
  tarifLabel,
  tarifTarget,
  toShareRuleInput,
  type ShareRuleFormValues,
  type ShareRuleProblems,
} from './share-rule-form';

const m = accountingSettingsMessages.shares;
const EMPTY: ShareRuleFormValues = { target: '', niveau: 'ligue', mode: 'taux', valeur: '', saison: '' };

/** The target select: the categories, then the tarifs, as two groups of one list. */
function targetOptions(answer: ShareRulesAnswer) {
  return [
    <ListSubheader key="categories">{m.categoriesGroup}</ListSubheader>,
    ...answer.categories.map((c) => (
      <MenuItem key={categoryTarget(c.id)} value={categoryTarget(c.id)}>
        {c.nom}
      </MenuItem>
    )),
    <ListSubheader key="tarifs">{m.tarifsGroup}</ListSubheader>,
    ...answer.tarifs.map((t) => (
      <MenuItem key={tarifTarget(t.id)} value={tarifTarget(t.id)}>
        {tarifLabel(answer, t)}
      </MenuItem>
    )),
  ];
}

/**
 * R-PAY-01: sets a level's share of a category (a rate) or of a tarif (a rate or an amount per
 * unit) from a season on. The value is typed in % or in €, sent as an integer; the server
 * checks it against the price and the other level's share, and its refusal shows under the form.
 */
export function ShareRuleForm({ answer }: { answer: ShareRulesAnswer }) {
  const seasons = useSeasons();
  const save = useSaveShareRule();
  const [values, setValues] = useState<ShareRuleFormValues>(EMPTY);
  const [problems, setProblems] = useState<ShareRuleProblems>({});
  const saison = values.saison || initialSeason(answer.saisons, seasons.defaultSeason);
  const set = (key: keyof ShareRuleFormValues) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [key]: event.target.value }));
  // A category's share is a rate: its flux have no single price.
  const setTarget = (event: { target: { value: string } }) => {
    const target = event.target.value;
    setValues((previous) => ({ ...previous, target, mode: isCategoryTarget(target) ? 'taux' : previous.mode }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const result = toShareRuleInput({ ...values, saison });
    setProblems('problems' in result ? result.problems : {});
    if ('input' in result) save.mutate(result.input, { onSuccess: () => setValues((v) => ({ ...v, valeur: '' })) });
  };
  const field = (key: keyof ShareRuleProblems) => ({ error: Boolean(problems[key]), helperText: problems[key] });
  return (
    <Stack component="form" spacing={1} onSubmit={submit} noValidate aria-labelledby="share-rule-form-title">
      <Typography id="share-rule-form-title" component="h4" variant="subtitle2">
        {m.formTitle}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={m.target}
          value={values.target}
          onChange={setTarget}
          sx={{ minWidth: 280 }}
          {...field('target')}
        >
          {targetOptions(answer)}
        </TextField>
        <TextField
          select
          size="small"
          label={m.level}
          value={values.niveau}
          onChange={set('niveau')}
          sx={{ minWidth: 120 }}
        >
          {SHARE_LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {m.levels[level]}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={m.mode} value={values.mode} onChange={set('mode')} sx={{ minWidth: 180 }}>
          {SHARE_MODES.map((mode) => (
            <MenuItem key={mode} value={mode} disabled={mode === 'montant' && isCategoryTarget(values.target)}>
              {m.modes[mode]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={values.mode === 'taux' ? m.rateValue : m.amountValue}
          value={values.valeur}
          onChange={set('valeur')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: 200 }}
          {...field('valeur')}
        />
        <TextField
          select
          size="small"
          label={m.season}
          value={saison}
          onChange={set('saison')}
          sx={{ minWidth: 200 }}
          {...field('saison')}
        >
          {answer.saisons.map((season) => (
            <MenuItem key={season.id} value={String(season.id)}>
              {season.nom}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {m.save}
        </Button>
      </Stack>
      {save.isError && (
        <Alert severity="error">{formErrorText(save.error, accountingSettingsMessages.genericError)}</Alert>
      )}
      {save.isSuccess && <Alert severity="success">{m.saved}</Alert>}
    </Stack>
  );
}
