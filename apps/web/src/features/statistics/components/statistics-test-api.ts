import { ModuleSlug, type MeResponse, type StatisticsResponse } from '@gdf/domain';
import { headOfficeMembership, meWith, statusApi } from '@/test/access-fixtures';
import { jsonResponse, stubApi, type ApiHandler } from '@/test/stub-api';

/** A head office's cockpit: one of every figure, each with its flux search. */
export const STATISTICS: StatisticsResponse = {
  aJourAu: '2026-11-30T01:15:00.000Z',
  filtres: { saison: 2027, debut: null, fin: null, categorie: null, typeStructure: null, ligue: null, comite: null },
  facturationParMois: [
    {
      mois: '2026-09',
      categorieId: 1,
      categorie: 'Licence',
      factureCentimes: 1_234_550,
      regleCentimes: 1_000_000,
      avoirsCentimes: 5_000,
      nombre: 312,
      recherche: 'saison=2027&categorie=1&debut=2026-09-01&fin=2026-09-30',
    },
    {
      mois: '2026-10',
      categorieId: 3,
      categorie: 'Affiliation',
      factureCentimes: 250_000,
      regleCentimes: 0,
      avoirsCentimes: 0,
      nombre: 4,
      recherche: 'saison=2027&categorie=3&debut=2026-10-01&fin=2026-10-31',
    },
  ],
  recouvrement: {
    factureCentimes: 1_484_550,
    regleCentimes: 1_000_000,
    tauxPourDixMille: 6_736,
    delaiMoyenJours: 12,
    recherche: 'saison=2027',
  },
  rejets: {
    parMotif: [
      {
        code: 'AM04',
        libelle: 'Provision insuffisante',
        nombre: 3,
        montantCentimes: 18_000,
        recherche: 'saison=2027&motif=AM04',
      },
    ],
    parBanque: [{ banque: 'Banque Populaire', nombre: 3, montantCentimes: 18_000 }],
  },
  arrieres: {
    parAnciennete: [
      {
        tranche: '0-30',
        montantCentimes: 200_000,
        nombre: 20,
        recherche: 'saison=2027&statut=non_regle&anciennete=0-30',
      },
      { tranche: '61-90', montantCentimes: 0, nombre: 0, recherche: '' },
      {
        tranche: '90+',
        montantCentimes: 50_000,
        nombre: 2,
        recherche: 'saison=2027&statut=non_regle&anciennete=90%2B',
      },
    ],
    parLigue: [{ structureId: 21, nom: 'Ligue Auvergne-Rhône-Alpes', montantCentimes: 250_000, recherche: 'ligue=21' }],
    parComite: [{ structureId: 22, nom: 'Comité Isère', montantCentimes: 90_000, recherche: 'comite=22' }],
  },
  saisons: [
    { saisonId: 2026, libelle: '2025-2026', factureCentimes: 1_300_000, regleCentimes: 1_250_000 },
    { saisonId: 2027, libelle: '2026-2027', factureCentimes: 1_484_550, regleCentimes: 1_000_000 },
  ],
  plusFortesHausses: [
    {
      structureId: 101,
      nom: 'Club Alpin de Lyon',
      avantCentimes: 10_000,
      maintenantCentimes: 60_000,
      recherche: 'structure=101&statut=non_regle',
    },
  ],
};

/** Nothing under the filters. */
export const EMPTY_STATISTICS: StatisticsResponse = {
  ...STATISTICS,
  facturationParMois: [],
  recouvrement: { factureCentimes: 0, regleCentimes: 0, tauxPourDixMille: null, delaiMoyenJours: null, recherche: '' },
  rejets: { parMotif: [], parBanque: [] },
  arrieres: { parAnciennete: [], parLigue: [], parComite: [] },
  saisons: [],
  plusFortesHausses: [],
};

export const statisticsReader: MeResponse = meWith(headOfficeMembership, [ModuleSlug.EtatsStatistiques]);

const graphql: ApiHandler = async (request) => {
  const { query } = (await request.json()) as { query: string };
  if (query.includes('FEDE_Saison'))
    return jsonResponse({
      data: {
        FEDE_Saison: [
          { id: 2027, NomSaison: '2026-2027', EST_SaisonCourante: true },
          { id: 2026, NomSaison: '2025-2026', EST_SaisonCourante: false },
        ],
      },
    });
  return jsonResponse({
    data: { STR_Structure: [{ id: 21, NomStructure: 'Ligue Auvergne-Rhône-Alpes', ID_CodeFederal: '069000' }] },
  });
};

/** The app's calls for the page: the user, the head office's status, the seasons, and `statistics`. */
export function stubStatisticsApi(statistics: ApiHandler, me: MeResponse = statisticsReader, more = {}) {
  return stubApi({
    'GET /api/me': () => jsonResponse(me),
    ...statusApi(headOfficeMembership),
    'POST /v1/graphql': graphql,
    'GET /api/statistiques': statistics,
    ...more,
  });
}

/** The query strings the app sent to `path`, in order. */
export function queriesTo(fetchMock: ReturnType<typeof stubApi>, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}
