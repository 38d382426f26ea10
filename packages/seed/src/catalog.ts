import { seasonIdForDate, seasonName, seasonShortName, type RoleSlugValue } from '@gdf/domain';

/**
 * Reference data: flux categories, roles, document types, seasons and the price list.
 * Ids here are stable (rules and tests refer to them), so they are written explicitly.
 */

export const FIRST_SEASON = 2019;
export const DAY_MS = 86_400_000;

// The categories are the domain's; the seed keeps its short names for them.
export {
  FluxCategory as Category,
  FLUX_CATEGORY_NAMES as CATEGORY_NAMES,
  type FluxCategoryId as CategoryId,
} from '@gdf/domain';

/** FEDE_Role ids, in order of power (R-PERM-04). */
export const ROLE_IDS: Record<RoleSlugValue, number> = {
  super_administrateur: 1,
  administrateur_si: 2,
  administrateur_at: 3,
  administrateur: 4,
};

export const DOCUMENT_TYPES = [
  { slug: 'avatar_user', name: 'Avatar utilisateur' },
  { slug: 'avatar_structure', name: 'Logo de la structure' },
  { slug: 'attestation_affiliation', name: "Attestation d'affiliation" },
  { slug: 'rib', name: "Relevé d'identité bancaire" },
  { slug: 'facture', name: 'Facture' },
] as const;

/** Price list of the first season (cents); later seasons follow `tarifCents`. */
export const TARIFS = [
  { key: 'licence_adulte', label: 'Licence adulte', category: 1, cents: 6000 },
  { key: 'licence_jeune', label: 'Licence jeune', category: 1, cents: 4500 },
  { key: 'licence_famille', label: 'Licence famille', category: 1, cents: 3800 },
  { key: 'assurance_base', label: 'Assurance base', category: 2, cents: 1100 },
  { key: 'assurance_base_plus', label: 'Assurance base+', category: 2, cents: 1400 },
  { key: 'assurance_base_plus_plus', label: 'Assurance base++', category: 2, cents: 2100 },
  { key: 'option_ski', label: 'Option ski de piste', category: 2, cents: 500 },
  { key: 'option_slackline', label: 'Option slackline/highline', category: 2, cents: 500 },
  { key: 'option_trail', label: 'Option trail', category: 2, cents: 1000 },
  { key: 'option_vtt', label: 'Option VTT', category: 2, cents: 3000 },
  { key: 'indemnites', label: 'Indemnités journalières', category: 2, cents: 1800 },
  { key: 'affiliation_club', label: 'Affiliation club', category: 3, cents: 12000 },
  { key: 'affiliation_etablissement', label: 'Affiliation établissement agréé', category: 3, cents: 35000 },
  { key: 'affiliation_section', label: 'Affiliation section', category: 3, cents: 9000 },
  { key: 'affiliation_membre', label: 'Affiliation membre associé', category: 3, cents: 6000 },
  { key: 'affiliation_ligue', label: 'Affiliation ligue', category: 3, cents: 20000 },
  { key: 'affiliation_comite', label: 'Affiliation comité', category: 3, cents: 15000 },
  { key: 'abonnement_revue', label: 'Abonnement revue fédérale', category: 3, cents: 2400 },
  { key: 'rc_structure', label: 'Assurance responsabilité civile structure', category: 3, cents: 8500 },
  { key: 'assurance_locaux', label: 'Assurance locaux', category: 3, cents: 14000 },
  { key: 'cotisation_regionale', label: 'Cotisation régionale', category: 3, cents: 4000 },
  { key: 'cotisation_departementale', label: 'Cotisation départementale', category: 3, cents: 3000 },
  { key: 'formation_sae', label: 'Formation initiateur SAE', category: 4, cents: 28000 },
  { key: 'formation_escalade', label: 'Formation initiateur escalade', category: 4, cents: 39000 },
  { key: 'formation_juge', label: 'Formation juge de bloc', category: 4, cents: 12000 },
  { key: 'formation_ouvreur', label: 'Formation ouvreur de voies', category: 4, cents: 45000 },
  { key: 'passeport_blanc', label: 'Passeport escalade blanc', category: 4, cents: 350 },
  { key: 'passeport_jaune', label: 'Passeport escalade jaune', category: 4, cents: 400 },
  { key: 'passeport_orange', label: 'Passeport escalade orange', category: 4, cents: 400 },
  { key: 'passeport_vert', label: 'Passeport escalade vert', category: 4, cents: 450 },
  { key: 'carnet_passeports', label: 'Carnet de passeports', category: 4, cents: 200 },
  { key: 'topo_guide', label: 'Topo-guide', category: 4, cents: 2500 },
  { key: 'inscription_competition', label: 'Inscription compétition', category: 4, cents: 1500 },
  { key: 'location_mur', label: 'Location mur mobile', category: 4, cents: 45000 },
  { key: 'frais_dossier', label: 'Frais de dossier', category: 4, cents: 1500 },
] as const;
export type TarifKey = (typeof TARIFS)[number]['key'];

export interface Tarif {
  id: number;
  label: string;
  cents: number;
}
export type SeasonTarifs = Record<TarifKey, Tarif>;

/** Prices rise 2.5 % a season, rounded to 10 cents (integer cents, never floats in sums). */
function tarifCents(baseCents: number, seasonId: number): number {
  return Math.round((baseCents * (1 + 0.025 * (seasonId - FIRST_SEASON))) / 10) * 10;
}

/** MKP_Tarif.id of a catalogue entry on a season (seasons are loaded in order). */
function tarifId(seasonIndex: number, tarifIndex: number): number {
  return seasonIndex * TARIFS.length + tarifIndex + 1;
}

export interface Season {
  id: number;
  index: number;
  name: string;
  short: string;
  /** First day, 00:00 UTC. */
  startMs: number;
  /** Exclusive end of generated dates: next season's start, or today's 00:00 UTC. */
  endMs: number;
  current: boolean;
  tarifs: SeasonTarifs;
}

/** Today's 00:00 UTC: data is dated strictly before it, so nothing lies in the future. */
function cutoffMs(today: Date): number {
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

/** Seasons 2019 .. the season holding `today`; `today` picks the current one, nothing else. */
export function buildSeasons(today: Date): Season[] {
  const current = seasonIdForDate(today);
  // At least one full past season, so the "not affiliated this season" cases exist.
  if (current <= FIRST_SEASON)
    throw new Error(`La date du jour doit être postérieure au 1er septembre ${FIRST_SEASON}`);
  const seasons: Season[] = [];
  for (let id = FIRST_SEASON; id <= current; id++) {
    const index = id - FIRST_SEASON;
    const tarifs = {} as SeasonTarifs;
    TARIFS.forEach((t, i) => {
      tarifs[t.key] = { id: tarifId(index, i), label: t.label, cents: tarifCents(t.cents, id) };
    });
    seasons.push({
      id,
      index,
      name: seasonName(id),
      short: seasonShortName(id),
      startMs: Date.UTC(id - 1, 8, 1),
      endMs: id === current ? cutoffMs(today) : Date.UTC(id, 8, 1),
      current: id === current,
      tarifs,
    });
  }
  return seasons;
}

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** 'novembre 2024' for a UTC day number (days since 1970-01-01). */
export function monthLabel(day: number): string {
  const date = new Date(day * DAY_MS);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** 'YYYY-MM-DD' for a UTC day number. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** '2024-11-03 09:12:45+00' for a UTC day number and a second of that day (COPY-ready). */
export function timestamp(day: number, secondOfDay: number): string {
  const hh = Math.floor(secondOfDay / 3600);
  const mm = Math.floor(secondOfDay / 60) % 60;
  const ss = secondOfDay % 60;
  return `${isoDay(day)} ${hh < 10 ? '0' : ''}${hh}:${mm < 10 ? '0' : ''}${mm}:${ss < 10 ? '0' : ''}${ss}+00`;
}

export function seasonStartDay(seasonId: number): number {
  return Math.floor(Date.UTC(seasonId - 1, 8, 1) / DAY_MS);
}

/** Last day data may carry: the day before `today` (or the current season's first day). */
export function lastDataDay(seasons: readonly Season[]): number {
  const current = seasons.at(-1) as Season;
  return Math.max(Math.floor(current.startMs / DAY_MS), Math.floor(current.endMs / DAY_MS) - 1);
}
