import { StructureType, type StructureTypeId } from '@gdf/domain';
import type { SeasonTarifs, Tarif, TarifKey } from './catalog';
import type { Rng } from './random';

/**
 * Detail lines of one flux per category, with labels as the federation writes them
 * ('Licence adulte 2024 - Dupont Marie'). Amounts are integer cents; the parent's
 * amount is always the exact sum of its lines.
 */
interface Line {
  label: string;
  tarifId: number | null;
  unitCents: number;
  qty: number;
}

export interface FluxDraft {
  name: string;
  lines: Line[];
}

const OPTIONS: readonly TarifKey[] = ['option_ski', 'option_slackline', 'option_trail', 'option_vtt', 'indemnites'];
const AFFILIATION_EXTRAS: readonly TarifKey[] = [
  'abonnement_revue',
  'rc_structure',
  'assurance_locaux',
  'cotisation_regionale',
  'cotisation_departementale',
];
const DIRECT_DEBIT: readonly [TarifKey, string][] = [
  ['licence_adulte', 'Licences adulte'],
  ['licence_jeune', 'Licences jeune'],
  ['licence_famille', 'Licences famille'],
  ['assurance_base', 'Assurances base'],
  ['assurance_base_plus', 'Assurances base+'],
  ['assurance_base_plus_plus', 'Assurances base++'],
];
const FORMATIONS: readonly TarifKey[] = ['formation_sae', 'formation_escalade', 'formation_juge', 'formation_ouvreur'];
const SUPPLIES: readonly TarifKey[] = [
  'passeport_blanc',
  'passeport_jaune',
  'passeport_orange',
  'passeport_vert',
  'carnet_passeports',
  'topo_guide',
];
const EVENTS = [
  'Championnat départemental de bloc',
  'Coupe régionale de difficulté',
  'Open de vitesse',
  'Championnat régional jeunes',
  'Contest de bloc',
  'Coupe de France de bloc',
];
const AFFILIATION_BY_TYPE: Record<StructureTypeId, TarifKey> = {
  [StructureType.Club]: 'affiliation_club',
  [StructureType.EtablissementAgree]: 'affiliation_etablissement',
  [StructureType.Section]: 'affiliation_section',
  [StructureType.LigueRegionale]: 'affiliation_ligue',
  [StructureType.ComiteDepartemental]: 'affiliation_comite',
  [StructureType.MembreAssocie]: 'affiliation_membre',
  [StructureType.Federation]: 'affiliation_club',
};

const line = (label: string, tarif: Tarif | null, unitCents: number, qty = 1): Line => ({
  label,
  tarifId: tarif?.id ?? null,
  unitCents,
  qty,
});
const fromTarif = (label: string, tarif: Tarif, qty = 1) => line(label, tarif, tarif.cents, qty);

/** 'Formation initiateur SAE' -> 'formation initiateur SAE' (inside a sentence). */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** `count` distinct items of `items`, in random order (partial Fisher-Yates). */
function distinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = items.slice();
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rng.next() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, n);
}

function licenceKey(rng: Rng): TarifKey {
  const r = rng.next();
  return r < 0.6 ? 'licence_adulte' : r < 0.9 ? 'licence_jeune' : 'licence_famille';
}

function assuranceKey(rng: Rng): TarifKey {
  const r = rng.next();
  return r < 0.5 ? 'assurance_base' : r < 0.85 ? 'assurance_base_plus' : 'assurance_base_plus_plus';
}

/** Category 1: a licence, usually with its insurance and options, for one person. */
export function licenceFlux(rng: Rng, t: SeasonTarifs, year: number, person: string, n: number): FluxDraft {
  const licence = t[licenceKey(rng)];
  const lines = [fromTarif(`${licence.label} ${year} - ${person}`, licence)];
  if (n >= 2) {
    const insurance = t[assuranceKey(rng)];
    lines.push(fromTarif(`${insurance.label} ${year} - ${person}`, insurance));
  }
  for (const key of distinct(rng, OPTIONS, n - 2)) lines.push(fromTarif(`${t[key].label} ${year}`, t[key]));
  return { name: (lines[0] as Line).label, lines };
}

/** Category 2: an insurance with options. */
export function assuranceFlux(rng: Rng, t: SeasonTarifs, year: number, person: string, n: number): FluxDraft {
  const insurance = t[assuranceKey(rng)];
  const lines = [fromTarif(`${insurance.label} ${year} - ${person}`, insurance)];
  for (const key of distinct(rng, OPTIONS, n - 1)) lines.push(fromTarif(`${t[key].label} ${year}`, t[key]));
  return { name: (lines[0] as Line).label, lines };
}

/** Category 3: the season's affiliation ('Affiliation club 2024'), paid by card. */
export function affiliationFlux(rng: Rng, t: SeasonTarifs, year: number, type: StructureTypeId, n: number): FluxDraft {
  const fee = t[AFFILIATION_BY_TYPE[type]];
  const name = `${fee.label} ${year}`;
  const lines = [fromTarif(name, fee)];
  for (const key of distinct(rng, AFFILIATION_EXTRAS, n - 1)) {
    lines.push(fromTarif(`${t[key].label} ${year}`, t[key], key === 'abonnement_revue' ? rng.int(1, 3) : 1));
  }
  return { name, lines };
}

/** Category 4: training, supplies or competition invoices (payable by bank transfer). */
export function factureFlux(
  rng: Rng,
  t: SeasonTarifs,
  year: number,
  month: string,
  n: number,
  person: () => string,
): FluxDraft {
  const kind = rng.int(0, 2);
  if (kind === 0) {
    const formation = t[rng.pick(FORMATIONS)];
    const lines = Array.from({ length: n }, () => fromTarif(`${formation.label} - ${person()}`, formation));
    return { name: `Facture ${lowerFirst(formation.label)} ${year}`, lines };
  }
  if (kind === 1) {
    const lines = distinct(rng, SUPPLIES, n).map((key) =>
      fromTarif(t[key].label, t[key], key === 'topo_guide' ? rng.int(1, 5) : rng.int(5, 40)),
    );
    return { name: `Facture passeports et matériel ${month}`, lines };
  }
  const fee = t.inscription_competition;
  const lines = distinct(rng, EVENTS, n).map((event) => fromTarif(`${fee.label} - ${event}`, fee, rng.int(2, 30)));
  return { name: `Facture inscriptions compétitions ${year}`, lines };
}

/** Category 5: the month's SEPA direct debit of a club's licences and insurances. */
export function prelevementFlux(rng: Rng, t: SeasonTarifs, month: string, n: number): FluxDraft {
  const lines = distinct(rng, DIRECT_DEBIT, n).map(([key, label]) =>
    fromTarif(`${label} ${month}`, t[key], rng.int(1, 25)),
  );
  return { name: `Prélèvement SEPA licences ${month}`, lines };
}

/** Category 6, not tied to a debit: duplicate licence, overpaid debit, cancelled training. */
export function remboursementFlux(
  rng: Rng,
  t: SeasonTarifs,
  year: number,
  month: string,
  n: number,
  person: string,
): FluxDraft {
  const kind = rng.int(0, 2);
  if (kind === 0) {
    const licence = t[licenceKey(rng)];
    const lines = [fromTarif(`${licence.label} ${year} - ${person}`, licence)];
    for (const key of distinct(rng, OPTIONS, n - 1)) lines.push(fromTarif(`${t[key].label} ${year}`, t[key]));
    return { name: `Remboursement licence en double ${year} - ${person}`, lines };
  }
  if (kind === 1) {
    const lines = distinct(rng, DIRECT_DEBIT, n).map(([key, label]) =>
      fromTarif(`Trop-perçu ${label.toLowerCase()}`, t[key], rng.int(1, 3)),
    );
    return { name: `Remboursement trop-perçu prélèvement ${month}`, lines };
  }
  const formation = t[rng.pick(FORMATIONS)];
  const lines = [fromTarif(`${formation.label} - ${person}`, formation)];
  return { name: `Remboursement ${lowerFirst(formation.label)} annulée ${year}`, lines };
}

/** Category 6 settling an earlier debit of the same structure: all of it or a part. */
export function refundOf(rng: Rng, debitName: string, debitCents: number): FluxDraft {
  const cents = rng.chance(0.6)
    ? debitCents
    : Math.max(100, Math.round((debitCents * rng.int(10, 90)) / 100 / 10) * 10);
  const name = `Remboursement ${lowerFirst(debitName)}`;
  return { name, lines: [line(name, null, Math.min(cents, debitCents))] };
}
