import {
  BANK_STATEMENTS_URL,
  EMPTY_FLUX_FILTERS,
  buildFluxWhere,
  invoiceNumber,
  type BankMatchFlux,
  type FluxSearchFilters,
} from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { loginAs } from '../support/test-app';
import { closeGraphqlContext, openGraphqlContext, type GraphqlContext } from './graphql-context';

/**
 * R-SEARCH-23 on the server: the printed invoice number (R-FACT-01) finds its flux through the
 * flux search's where (scoped GraphQL read) and the reconciliation's search (REST), in any
 * season, only when its season part is the flux's, and never another structure's flux.
 */
const ROWS = `query Rows($where: MKP_FluxFinancier_bool_exp!) {
  rows: MKP_FluxFinancier(where: $where, order_by: [{ id: asc }], limit: 100) { id }
}`;
type Rows = { rows: Array<{ id: number }> };

const filters = (patch: Partial<FluxSearchFilters>): FluxSearchFilters => ({ ...EMPTY_FLUX_FILTERS, ...patch });

interface Flux {
  id: number;
  season: number;
}

describe.each(testDatabaseTargets())('flux found by its printed invoice number on $name (R-SEARCH-23)', (target) => {
  let context: GraphqlContext;
  let siegeToken: string;
  /** An open debit of the club (the reconciliation searches open flux) and one of another club. */
  let own: Flux;
  let other: Flux;

  const openDebitOf = async (structureId: number): Promise<Flux> => {
    const [row] = await context.database.query<Flux>(
      `SELECT f.id, f."ID_Saison" AS season FROM "MKP_FluxFinancier" f
        WHERE f."ID_Structure" = $1 AND f."EST_Debit" AND NOT f."EST_Reglement" AND f."ID_FluxFinancierRelance" IS NULL
        ORDER BY f.id LIMIT 1`,
      [structureId],
    );
    if (!row) throw new Error(`no open debit for structure ${structureId}`);
    return row;
  };
  const clubRows = async (where: Record<string, unknown>) => {
    const response = await context.club<Rows>(ROWS, { where });
    expect(response.errors).toBeUndefined();
    return response.data?.rows.map((row) => row.id);
  };
  const reconciliationSearch = async (q: string) => {
    const response = await context.app.inject({
      method: 'GET',
      url: `${BANK_STATEMENTS_URL}/flux-ouverts?q=${encodeURIComponent(q)}`,
      headers: { authorization: `Bearer ${siegeToken}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as BankMatchFlux[]).map((flux) => flux.ID_FluxFinancier);
  };

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    siegeToken = await loginAs(context.app, 'siege@demo.fr');
    own = await openDebitOf(context.clubId);
    other = await openDebitOf(context.otherClubId);
  });
  afterAll(() => closeGraphqlContext(context));

  it('the flux search finds the flux by its printed number, whatever the season filter holds', async () => {
    const printed = invoiceNumber(own.season, own.id);
    expect(await clubRows(buildFluxWhere(filters({ fluxId: printed }), context.clubId))).toEqual([own.id]);
    // The season filter names another season (the current one by default): the number's season wins.
    const elsewhere = filters({ season: own.season + 1, fluxId: printed.toLowerCase() });
    expect(await clubRows(buildFluxWhere(elsewhere, context.clubId))).toEqual([own.id]);
    // The bare id still obeys the season filter.
    expect(
      await clubRows(buildFluxWhere(filters({ season: own.season + 1, fluxId: String(own.id) }), context.clubId)),
    ).toEqual([]);
  });

  it('a printed number whose season is not the flux’s finds nothing', async () => {
    for (const season of [own.season - 1, own.season + 1])
      expect(
        await clubRows(buildFluxWhere(filters({ fluxId: invoiceNumber(season, own.id) }), context.clubId)),
      ).toEqual([]);
  });

  it("a club never finds another structure's flux by its printed number, locked or not", async () => {
    const printed = invoiceNumber(other.season, other.id);
    expect(await clubRows(buildFluxWhere(filters({ fluxId: printed }), context.clubId))).toEqual([]);
    expect(await clubRows(buildFluxWhere(filters({ fluxId: printed }), context.otherClubId))).toEqual([]);
    expect(await clubRows(buildFluxWhere(filters({ fluxId: printed })))).toEqual([]);
    // The head office, whose scope holds that club, finds it by the same number.
    const siege = await context.siege<Rows>(ROWS, { where: buildFluxWhere(filters({ fluxId: printed })) });
    expect(siege.data?.rows.map((row) => row.id)).toEqual([other.id]);
  });

  it('the reconciliation’s search reads the number the same way: printed, typed loosely, or the id', async () => {
    for (const q of [
      invoiceNumber(own.season, own.id),
      ` ${own.season} ffme ${own.id} `,
      `${own.season}-FFME-${own.id}`.toLowerCase(),
      String(own.id),
    ])
      expect(await reconciliationSearch(q), q).toEqual([own.id]);
    expect(await reconciliationSearch(invoiceNumber(own.season + 1, own.id))).toEqual([]);
  });
});
