import {
  PAYOUT_MESSAGES,
  RATE_BASE,
  formatEuros,
  parseEuroAmount,
  seasonName,
  type ShareLevel,
  type ShareMode,
  type ShareRuleInput,
  type ShareRulesAnswer,
  type ShareRuleView,
} from '@gdf/domain';
import { accountingSettingsMessages } from '../messages';

const m = accountingSettingsMessages.shares;

/** What the share rule form holds: the target as 'categorie:ID' or 'tarif:ID', the value as typed. */
export interface ShareRuleFormValues {
  target: string;
  niveau: ShareLevel;
  mode: ShareMode;
  valeur: string;
  saison: string;
}

export type ShareRuleProblems = Partial<Record<'target' | 'valeur' | 'saison', string>>;

export const categoryTarget = (id: number) => `categorie:${id}`;
export const tarifTarget = (id: number) => `tarif:${id}`;
export const isCategoryTarget = (target: string) => target.startsWith('categorie:');

const percentFormat = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 2 });

/** R-PAY-01: a rate (basis points) reads '12,5 %', an amount per unit (cents) '7,00 € par unité'. */
export function shareText(rule: Pick<ShareRuleView, 'mode' | 'valeur'>): string {
  return rule.mode === 'taux' ? percentFormat.format(rule.valeur / RATE_BASE) : m.perUnit(formatEuros(rule.valeur));
}

/** A season's name as the server lists it, else built from its id (its end year). */
export function seasonLabel(saisons: ShareRulesAnswer['saisons'], id: number): string {
  return saisons.find((season) => season.id === id)?.nom ?? seasonName(id);
}

/** A tarif as the target select shows it: its name, its price, its season when it has one. */
export function tarifLabel(answer: ShareRulesAnswer, tarif: ShareRulesAnswer['tarifs'][number]): string {
  const season = tarif.saison === null ? null : seasonLabel(answer.saisons, tarif.saison);
  return m.tarifOption(tarif.nom, formatEuros(tarif.prixCentimes), season);
}

/** The season offered first: the current one when the rules may name it, else the latest. */
export function initialSeason(saisons: ShareRulesAnswer['saisons'], current: number): string {
  const known = saisons.some((season) => season.id === current);
  const latest = saisons.reduce<number | null>(
    (best, season) => (best === null || season.id > best ? season.id : best),
    null,
  );
  return String(known ? current : (latest ?? ''));
}

/**
 * The typed value as the integer the server keeps: a rate in % as basis points (12,5 % is 1 250),
 * an amount in € as cents (7,05 € is 705). Both are hundredths of what is typed, so the French
 * amount parser reads both exactly, without floating point.
 */
function shareValue(mode: ShareMode, text: string): number | null {
  if (mode === 'montant') return parseEuroAmount(text);
  if (text.includes('€')) return null;
  return parseEuroAmount(text.trim().replace(/%$/, ''));
}

function targetOf(target: string): Pick<ShareRuleInput, 'categorie' | 'tarif'> | null {
  const match = /^(categorie|tarif):(\d+)$/.exec(target);
  if (!match) return null;
  return match[1] === 'categorie' ? { categorie: Number(match[2]) } : { tarif: Number(match[2]) };
}

function valueProblem(mode: ShareMode, value: number | null): string | undefined {
  if (value === null) return mode === 'taux' ? m.rateInvalid : m.amountInvalid;
  // R-PAY-01: a rate never exceeds 100 %; the server checks the rest (the price, both levels).
  return mode === 'taux' && value > RATE_BASE ? PAYOUT_MESSAGES.rateAboveAll : undefined;
}

/** The PUT body of the form's values, or what is wrong with them, beside each field. */
export function toShareRuleInput(
  values: ShareRuleFormValues,
): { input: ShareRuleInput } | { problems: ShareRuleProblems } {
  const target = targetOf(values.target);
  const valeur = shareValue(values.mode, values.valeur);
  const saisonDebut = /^\d{4}$/.test(values.saison) ? Number(values.saison) : null;
  const problems: ShareRuleProblems = {
    target: target ? undefined : m.targetMissing,
    valeur: valueProblem(values.mode, valeur),
    saison: saisonDebut === null ? m.seasonMissing : undefined,
  };
  if (!target || valeur === null || saisonDebut === null || problems.valeur) return { problems };
  return { input: { ...target, niveau: values.niveau, mode: values.mode, valeur, saisonDebut } };
}
