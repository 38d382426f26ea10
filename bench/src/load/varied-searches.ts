import {
  EMPTY_FLUX_FILTERS,
  buildFluxWhere,
  parisToday,
  validateFluxFilters,
  type FluxSearchFilters,
  type FluxWhere,
} from '@gdf/domain';
import type { Database } from '../../../apps/server/src/db/database';
import { Rng } from '@gdf/seed';

/** The ten kinds of search of the varied mix (R-PERF-03), in the order the tables print them. */
export const SEARCH_KINDS = [
  'saison',
  'saison + structure',
  'n° de licence',
  'nom contient',
  'libellé contient un mot',
  'un mois',
  'saison + nom',
  'saison + libellé',
  'structure + mois',
  'saison + structure + nom',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface VariedSearch {
  kind: SearchKind;
  /** The where buildFluxWhere makes of the form's filters, as the page sends it. */
  where: FluxWhere;
}

/** One flux of the sample: what a user would type to find it again. */
interface SampleRow {
  season: number;
  structureId: number;
  licence: number | null;
  lastName: string | null;
  label: string;
  /** YYYY-MM-DD, Paris day of Z_DateCreation. */
  day: string;
}

/** Rows drawn from the flux table, about this many (a fixed TABLESAMPLE seed: same rows every run). */
const SAMPLE_ROWS = 20_000;

/**
 * A seeded list of `count` searches of the ten kinds (as many of each), their values
 * drawn from the data: seasons, structures, licences, name fragments, label words and
 * months of existing flux, weighted as the flux are (a busy club is searched more).
 */
export async function variedSearches(database: Database, count: number, seed = 2020): Promise<VariedSearch[]> {
  const sample = await sampleFlux(database);
  if (sample.length === 0) throw new Error('Aucun flux pour construire le mélange de recherches');
  const rng = new Rng(seed, 'varied-searches');
  const today = parisToday();
  const searches: VariedSearch[] = [];
  SEARCH_KINDS.forEach((kind, index) => {
    const wanted = Math.floor(count / SEARCH_KINDS.length) + (index < count % SEARCH_KINDS.length ? 1 : 0);
    for (let made = 0, draws = 0; made < wanted; draws++) {
      if (draws > wanted * 100) throw new Error(`Pas assez de flux pour la sorte « ${kind} »`);
      const filters = filtersOf(kind, rng.pick(sample), rng, today);
      // A draw the form would refuse (a name shorter than 3 letters, no licence): draw again.
      if (!filters || Object.keys(validateFluxFilters(filters, today)).length > 0) continue;
      searches.push({ kind, where: buildFluxWhere(filters) });
      made += 1;
    }
  });
  // Kinds interleaved but not in lockstep: connections do not all hit the same kind at once.
  for (let i = searches.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [searches[i], searches[j]] = [searches[j] as VariedSearch, searches[i] as VariedSearch];
  }
  return searches;
}

function filtersOf(kind: SearchKind, row: SampleRow, rng: Rng, today: string): FluxSearchFilters | null {
  const base = { ...EMPTY_FLUX_FILTERS };
  const name = () => nameFragment(row.lastName, rng);
  const month = () => monthOf(row.day, today);
  switch (kind) {
    case 'saison':
      return { ...base, season: row.season };
    case 'saison + structure':
      return { ...base, season: row.season, structureId: row.structureId };
    case 'n° de licence':
      return row.licence === null ? null : { ...base, licence: String(row.licence) };
    case 'nom contient': {
      const fragment = name();
      return fragment === null ? null : { ...base, lastName: fragment };
    }
    case 'libellé contient un mot': {
      const word = labelWord(row.label, rng);
      return word === null ? null : { ...base, label: word };
    }
    case 'un mois':
      return { ...base, ...month() };
    case 'saison + nom': {
      const fragment = name();
      return fragment === null ? null : { ...base, season: row.season, lastName: fragment };
    }
    case 'saison + libellé': {
      const word = labelWord(row.label, rng);
      return word === null ? null : { ...base, season: row.season, label: word };
    }
    case 'structure + mois':
      return { ...base, structureId: row.structureId, ...month() };
    case 'saison + structure + nom': {
      const fragment = name();
      return fragment === null
        ? null
        : { ...base, season: row.season, structureId: row.structureId, lastName: fragment };
    }
  }
}

/** 3 to 5 letters taken anywhere in the last name, as people type part of a name. */
function nameFragment(lastName: string | null, rng: Rng): string | null {
  const letters = lastName?.trim() ?? '';
  if (letters.length < 3) return null;
  const length = rng.int(3, Math.min(5, letters.length));
  const start = rng.int(0, letters.length - length);
  const fragment = letters.slice(start, start + length);
  return fragment.trim().length === fragment.length ? fragment : null;
}

/** One word of the label (3 letters or more, not a bare number), whole. */
function labelWord(label: string, rng: Rng): string | null {
  const words = label.split(' ').filter((word) => word.length >= 3 && !/^\d+$/.test(word));
  return words.length === 0 ? null : rng.pick(words);
}

/** The calendar month of `day`, its end capped at today (the form refuses future dates). */
function monthOf(day: string, today: string): { startDate: string; endDate: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { startDate: `${day.slice(0, 7)}-01`, endDate: last > today ? today : last };
}

async function sampleFlux(database: Database): Promise<SampleRow[]> {
  const [{ n } = { n: 0 }] = await database.query<{ n: number }>(
    `SELECT reltuples::float8 AS n FROM pg_class WHERE oid = '"MKP_FluxFinancier"'::regclass`,
  );
  const percent = Math.min(100, Math.max(0.01, (100 * SAMPLE_ROWS) / Math.max(1, Number(n))));
  return database.query<SampleRow>(
    `SELECT f."ID_Saison" AS season, f."ID_Structure" AS "structureId", u."LicenceNumero" AS licence,
            u."CT_Nom" AS "lastName", f."NomFluxFinancier" AS label,
            to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS day
       FROM "MKP_FluxFinancier" f TABLESAMPLE BERNOULLI (${percent.toFixed(4)}) REPEATABLE (1318)
       LEFT JOIN "UTI_Utilisateur" u ON u.id = f."ID_Utilisateur"
      ORDER BY f.id`,
  );
}
