import {
  FLUX_TOTALS_QUERY,
  fluxTotalsFromResponse,
  fluxTotalsVariables,
  statisticsSearchWhere,
  type FluxSearchTotals,
  type FluxTotalsResponse,
  type StatisticsResponse,
} from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../../src/db/database';
import type { GraphqlClient } from '../graphql/graphql-context';

/** GET /api/statistiques as `token`, answered 200. */
export async function readStatistics(app: FastifyInstance, token: string, query = ''): Promise<StatisticsResponse> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/statistiques${query ? `?${query}` : ''}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatisticsResponse>();
}

/** R-STAT-08: a territory's départements, as the flux search asks them (GET /api/statistiques/territoire). */
async function departements(app: FastifyInstance, token: string, level: string, id: string | null): Promise<number[]> {
  if (id === null) return [];
  const response = await app.inject({
    method: 'GET',
    url: `/api/statistiques/territoire?${level}=${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ departements: number[] }>().departements;
}

/**
 * The flux search's summary (R-SEARCH-14: the same GraphQL request the search page sends) for a
 * figure's `recherche`, read by the figure's reader (`token`, `client`).
 */
async function searchTotals(reader: Reader, recherche: string): Promise<FluxSearchTotals> {
  const params = new URLSearchParams(recherche);
  const where = statisticsSearchWhere(recherche, {
    ligue: await departements(reader.app, reader.token, 'ligue', params.get('ligue')),
    comite: await departements(reader.app, reader.token, 'comite', params.get('comite')),
  });
  // The histories write straight in SQL, which the shared reads (1 s, share.ts) see only on
  // PostgreSQL's notifications: the same search asked again within the second would be the one before.
  const response = await reader.client<FluxTotalsResponse>(FLUX_TOTALS_QUERY, fluxTotalsVariables(where), {
    'cache-control': 'no-cache',
  });
  expect(response.errors, response.raw).toBeUndefined();
  return fluxTotalsFromResponse(response.data!);
}

/** Who reads a figure and its search: the app, the reader's token and GraphQL client. */
export interface Reader {
  app: FastifyInstance;
  token: string;
  client: GraphqlClient;
}

/**
 * R-STAT-08: every figure of `figures` equals the flux search's summary of its `recherche`, to
 * the cent. Returns how many figures were compared.
 */
export async function expectFiguresEqualSearch(reader: Reader, figures: StatisticsResponse): Promise<number> {
  const search = (recherche: string) => searchTotals(reader, recherche);
  let compared = 0;
  const check = async (recherche: string, expected: Partial<FluxSearchTotals>) => {
    if (recherche === '') return;
    const totals = await search(recherche);
    for (const [key, value] of Object.entries(expected))
      expect(totals[key as keyof FluxSearchTotals], `${key} de ${recherche}`).toBe(value);
    compared++;
  };
  for (const row of figures.facturationParMois)
    await check(row.recherche, {
      totalBilled: row.factureCentimes,
      totalSettled: row.regleCentimes,
      totalCredited: row.avoirsCentimes,
      count: row.nombre,
    });
  const recovery = figures.recouvrement;
  await check(recovery.recherche, { totalBilled: recovery.factureCentimes, totalSettled: recovery.regleCentimes });
  for (const row of figures.rejets.parMotif)
    await check(row.recherche, { count: row.nombre, totalBilled: row.montantCentimes });
  for (const row of figures.arrieres.parAnciennete) await check(row.recherche, { resteDu: row.montantCentimes });
  for (const row of [...figures.arrieres.parLigue, ...figures.arrieres.parComite])
    await check(row.recherche, { resteDu: row.montantCentimes });
  for (const row of figures.plusFortesHausses) await check(row.recherche, { resteDu: row.maintenantCentimes });
  return compared;
}

/** The aggregates as stored, without the rows every change has brought back to nothing. */
export async function aggregateRows(database: Database): Promise<unknown[]> {
  const flux = await database.query(
    `SELECT "ID_Saison", "ID_Structure", "ID_CategoryFlux", "Jour"::text, "Facture"::text, "Regle"::text, "Avoirs"::text,
        "Nombre", "JoursReglement"::text, "NombreRegles"
       FROM "STA_FluxJour"
      WHERE ("Facture", "Regle", "Avoirs", "Nombre", "JoursReglement", "NombreRegles") <> (0, 0, 0, 0, 0, 0)
      ORDER BY 1, 2, 3, 4`,
  );
  const rejects = await database.query(
    `SELECT "ID_Saison", "ID_Structure", "ID_CategoryFlux", "Jour"::text, "CodeRaison", "Banque", "Nombre", "Montant"::text
       FROM "STA_RejetJour" WHERE ("Nombre", "Montant") <> (0, 0) ORDER BY 1, 2, 3, 4, 5, 6`,
  );
  return [...flux, ...rejects];
}
