/**
 * R-STAT-02, R-STAT-03: what GET /api/statistiques (and its xlsx export) is asked: the season,
 * a period within it, a category, a type of structure, a ligue, a comité. Each filter is checked
 * here with a French message; what needs the data (a season that exists, a category, a ligue)
 * is checked by the server with the messages below.
 */
import { z } from 'zod';
import { statementDaySchema } from '../account-statement/statement-request';
import { seasonBounds } from '../seasons/season';
import { StructureType, type StructureTypeId } from '../structures/structure-types';

export const STATISTICS_PATH = '/api/statistiques';
export const STATISTICS_EXPORT_PATH = '/api/statistiques/export';
/** GET ?ligue=<id> or ?comite=<id>: the départements of a territory, for the flux search's where (R-STAT-08). */
export const STATISTICS_TERRITORY_PATH = '/api/statistiques/territoire';

const MAX_ID = 2_147_483_647;

/** The type of structure, by its id (R-DATA-05) or by the name of its kind. */
export const STRUCTURE_TYPE_SLUGS: Readonly<Record<string, StructureTypeId>> = {
  club: StructureType.Club,
  etablissement: StructureType.EtablissementAgree,
  section: StructureType.Section,
  ligue: StructureType.LigueRegionale,
  comite: StructureType.ComiteDepartemental,
  membre: StructureType.MembreAssocie,
  federation: StructureType.Federation,
};

export const STATISTICS_MESSAGES = {
  unknownFilter: (keys: readonly string[]) =>
    `Filtre inconnu : ${keys.join(', ')} (filtres possibles : saison, debut, fin, categorie, typeStructure, ligue, comite).`,
  season: 'saison attendue : l’année de fin de la saison (2026 pour 2025-2026)',
  category: 'catégorie attendue : un numéro de catégorie de flux',
  structureType:
    'type de structure attendu : club, etablissement, section, ligue, comite, membre ou un numéro de 1 à 7',
  ligue: 'ligue attendue : un numéro de structure',
  comite: 'comité attendu : un numéro de structure',
  endBeforeStart: 'la date de début doit précéder la date de fin',
  outsideSeason: (season: number) =>
    `la période doit être dans la saison ${season - 1}-${season} (du 01/09/${season - 1} au 31/08/${season})`,
  future: 'la période ne peut pas finir après aujourd’hui',
  notStarted: (season: number) => `la saison ${season - 1}-${season} n’a pas encore commencé`,
} as const;

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);

const structureType = z
  .string({ message: STATISTICS_MESSAGES.structureType })
  .transform((value, context): StructureTypeId => {
    const type = STRUCTURE_TYPE_SLUGS[value.toLowerCase()] ?? (/^[1-7]$/.test(value) ? Number(value) : undefined);
    if (type === undefined) {
      context.addIssue({ code: 'custom', message: STATISTICS_MESSAGES.structureType });
      return z.NEVER;
    }
    return type as StructureTypeId;
  });

/** The query: every filter optional; an unknown key is refused, named (R-STAT-02). */
export const statisticsQuerySchema = z
  .object(
    {
      /** The current structure (R-SCOPE-05), read by the scope. */
      structureId: z.string().optional(),
      saison: wholeNumber(1901, 2100, STATISTICS_MESSAGES.season).optional(),
      debut: statementDaySchema.optional(),
      fin: statementDaySchema.optional(),
      categorie: wholeNumber(1, MAX_ID, STATISTICS_MESSAGES.category).optional(),
      typeStructure: structureType.optional(),
      ligue: wholeNumber(1, MAX_ID, STATISTICS_MESSAGES.ligue).optional(),
      comite: wholeNumber(1, MAX_ID, STATISTICS_MESSAGES.comite).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? STATISTICS_MESSAGES.unknownFilter(issue.keys) : undefined,
    },
  )
  .strict()
  .superRefine((query, context) => {
    if (query.debut && query.fin && query.fin < query.debut)
      context.addIssue({ code: 'custom', message: STATISTICS_MESSAGES.endBeforeStart, path: ['fin'] });
  });

export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** R-STAT-08: a territory asked by the flux search: one ligue or one comité. */
export const territoryQuerySchema = z
  .object({
    structureId: z.string().optional(),
    ligue: wholeNumber(1, MAX_ID, STATISTICS_MESSAGES.ligue).optional(),
    comite: wholeNumber(1, MAX_ID, STATISTICS_MESSAGES.comite).optional(),
  })
  .strict()
  .refine((query) => (query.ligue === undefined) !== (query.comite === undefined), {
    message: 'une ligue ou un comité attendu (ligue=… ou comite=…)',
  });

/** The filters as every figure reads them (R-STAT-02): the season and a period within it, always set. */
export interface StatisticsFilters {
  saison: number;
  /** First and last Paris creation day counted (inclusive). */
  debut: string;
  fin: string;
  categorie: number | null;
  typeStructure: StructureTypeId | null;
  ligue: number | null;
  comite: number | null;
}

/**
 * R-STAT-02: the filters every figure reads: the season asked (else the current one), the
 * period asked within it, by default from the season's first day to its last one or to today
 * when that comes first (a flux dated after today is not counted yet, as R-BAL-01 says). A
 * period reaching outside the season or after today is refused, in French (null: none).
 */
export function effectiveFilters(
  query: StatisticsQuery,
  currentSeason: number,
  today: string,
): { filters: StatisticsFilters } | { problem: string } {
  const saison = query.saison ?? currentSeason;
  const bounds = seasonBounds(saison);
  for (const day of [query.debut, query.fin])
    if (day !== undefined && (day < bounds.start || day > bounds.end))
      return { problem: STATISTICS_MESSAGES.outsideSeason(saison) };
  if ((query.fin ?? query.debut ?? '') > today) return { problem: STATISTICS_MESSAGES.future };
  const fin = query.fin ?? (bounds.end < today ? bounds.end : today);
  const debut = query.debut ?? bounds.start;
  if (debut > fin) return { problem: STATISTICS_MESSAGES.notStarted(saison) };
  return {
    filters: {
      saison,
      debut,
      fin,
      categorie: query.categorie ?? null,
      typeStructure: query.typeStructure ?? null,
      ligue: query.ligue ?? null,
      comite: query.comite ?? null,
    },
  };
}
