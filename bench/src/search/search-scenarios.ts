import type { Database } from '../../../apps/server/src/db/database';

/** One measured request: the flux page of 30 with its capped total, or exact totals on demand. */
export interface SearchScenario {
  name: string;
  kind: 'page' | 'totals';
  where: Record<string, unknown>;
  /** Rows skipped before the page (a deep page reached by paging far). */
  offset?: number;
  /** p95 bar in ms (R-PERF-01). */
  bar: number;
}

/** The screen's search: a page of 30, newest first, and a total capped at 10,001 ("plus de 10 000"). */
export const PAGE_QUERY = `query Recherche($where: MKP_FluxFinancier_bool_exp!, $offset: Int = 0, $cap: Int = 10001) {
  MKP_FluxFinancier(where: $where, order_by: [{Z_DateCreation: desc}, {id: desc}], limit: 30, offset: $offset) {
    id NomFluxFinancier Z_DateCreation MontantTTC EST_Debit ID_CategoryFlux
    UTI_Utilisateur { LicenceNumero CT_Nom CT_Prenom }
    STR_Structure { id NomStructure ID_CodeFederal }
  }
  total: MKP_FluxFinancier_aggregate(where: $where, limit: $cap) { aggregate { count } }
}`;

interface Sample {
  season: number;
  structureId: number;
  codeFederal: string;
  licence: number;
  lastName: string;
  label: string;
  createdAt: string;
}

const PAGE_BAR = 50;
const TOTALS_BAR = 150;
const isoDay = (iso: string, days: number) => new Date(Date.parse(iso.slice(0, 10)) + days * 86_400_000).toISOString();

/**
 * Filters with realistic values taken from the data: the busiest season, a busy club and
 * one of its licensees' flux (so that "all together" still finds rows).
 */
export async function searchScenarios(database: Database): Promise<SearchScenario[]> {
  const [busiest] = await database.query<{ season: number }>(
    `SELECT "ID_Saison" AS season FROM "MKP_FluxFinancier" GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  const [sample] = await database.query<Sample>(
    `SELECT f."ID_Saison" AS season, f."ID_Structure" AS "structureId", st."ID_CodeFederal" AS "codeFederal",
            u."LicenceNumero" AS licence, u."CT_Nom" AS "lastName", f."NomFluxFinancier" AS label,
            to_char(f."Z_DateCreation" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
       FROM "MKP_FluxFinancier" f
       JOIN "UTI_Utilisateur" u ON u.id = f."ID_Utilisateur"
       JOIN "STR_Structure" st ON st.id = f."ID_Structure"
      WHERE f."ID_Saison" = $1 AND u."LicenceNumero" IS NOT NULL AND st."ID_CodeFederal" IS NOT NULL
        AND st."ID_TypeStructure" = 1 AND f."NomFluxFinancier" LIKE '% - %'
      ORDER BY f.id LIMIT 1`,
    [busiest?.season],
  );
  if (!sample) throw new Error('Aucun flux de licencié pour construire les scénarios');
  const firstName = sample.label.split(' ').at(-1) ?? sample.label;
  const filters = {
    season: { ID_Saison: { _eq: sample.season } },
    structure: { ID_Structure: { _eq: sample.structureId } },
    licence: { UTI_Utilisateur: { LicenceNumero: { _eq: sample.licence } } },
    lastName: { UTI_Utilisateur: { CT_Nom: { _ilike: `%${sample.lastName.slice(0, 3)}%` } } },
    codeFederal: { STR_Structure: { ID_CodeFederal: { _eq: sample.codeFederal } } },
    labelRare: { NomFluxFinancier: { _ilike: `%${firstName}%` } },
    labelCommon: { NomFluxFinancier: { _ilike: '%affiliation%' } },
    // R-SEARCH-06: the end date is inclusive, up to the next day.
    dates: { Z_DateCreation: { _gte: isoDay(sample.createdAt, -30), _lt: isoDay(sample.createdAt, 1) } },
  };
  const page = (name: string, where: Record<string, unknown>, offset?: number): SearchScenario => ({
    name,
    kind: 'page',
    where,
    offset,
    bar: PAGE_BAR,
  });
  return [
    page('saison', filters.season),
    page('saison, page 2 000 (OFFSET 59 970)', filters.season, 59_970),
    page('saison + structure', { ...filters.season, ...filters.structure }),
    page('n° de licence', filters.licence),
    page(`nom contient « ${sample.lastName.slice(0, 3)} »`, filters.lastName),
    page('code fédéral', filters.codeFederal),
    page(`libellé contient « ${firstName} » (rare)`, filters.labelRare),
    page('libellé contient « affiliation » (fréquent)', filters.labelCommon),
    page('période de création (1 mois)', filters.dates),
    page('tous les filtres ensemble', {
      _and: [
        filters.season,
        filters.structure,
        filters.licence,
        filters.lastName,
        filters.codeFederal,
        filters.labelRare,
        filters.dates,
      ],
    }),
    // R-SEARCH-15: the status, amount range and category filters (buildFluxWhere's shapes).
    page('saison + statut impayé', {
      _and: [
        filters.season,
        { EST_Reglement: { _eq: false } },
        { ID_FluxFinancierRelance: { _is_null: true } },
        { _not: { MKP_RetourPrelevement: { id: { _is_null: false } } } },
      ],
    }),
    page('saison + montant de 50 à 100 € + catégorie', {
      _and: [filters.season, { MontantTTC: { _gte: '50.00', _lte: '100.00' } }, { ID_CategoryFlux: { _eq: 1 } }],
    }),
    {
      name: 'totaux exacts + sommes du résumé, reste dû compris (saison)',
      kind: 'totals',
      where: filters.season,
      bar: TOTALS_BAR,
    },
    {
      name: 'totaux exacts + sommes du résumé, reste dû compris (saison + structure)',
      kind: 'totals',
      where: { ...filters.season, ...filters.structure },
      bar: TOTALS_BAR,
    },
  ];
}
