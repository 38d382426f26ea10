import {
  EMPTY_FLUX_FILTERS,
  FLUX_PAYMENT_STATUSES,
  buildFluxWhere,
  fluxPaymentStatus,
  type FluxSearchFilters,
} from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import {
  SIEGE_SCOPE_SQL,
  closeGraphqlContext,
  openGraphqlContext,
  sqlIds,
  type GraphqlContext,
} from './graphql-context';

/**
 * R-SEARCH-14, R-SEARCH-15 on the server: the status, flux number, amount and category filters the
 * search sends (`buildFluxWhere`), and the totals of a search, through the scoped GraphQL
 * read path, compared with the same rule written directly in SQL.
 */
const ROWS = `query Rows($where: MKP_FluxFinancier_bool_exp!) {
  rows: MKP_FluxFinancier(where: $where, order_by: [{ id: asc }], limit: 100000) {
    id EST_Reglement ID_FluxFinancierRelance MKP_RetourPrelevement { id }
  }
}`;
/** The web's totals query (features/flux-search/api/fetch-flux-totals.ts). */
const TOTALS = `query FluxTotals($debit: MKP_FluxFinancier_bool_exp!, $credit: MKP_FluxFinancier_bool_exp!) {
  debit: MKP_FluxFinancier_aggregate(where: $debit) { aggregate { count sum { MontantTTC } } }
  credit: MKP_FluxFinancier_aggregate(where: $credit) { aggregate { count sum { MontantTTC } } }
}`;

type Rows = {
  rows: Array<{
    id: number;
    EST_Reglement: boolean;
    ID_FluxFinancierRelance: number | null;
    MKP_RetourPrelevement: { id: number } | null;
  }>;
};
type Totals = Record<'debit' | 'credit', { aggregate: { count: number; sum: { MontantTTC: number | null } } }>;

const STATUS_SQL = {
  paye: `f."EST_Reglement"`,
  relance: `NOT f."EST_Reglement" AND f."ID_FluxFinancierRelance" IS NOT NULL`,
  rejete: `NOT f."EST_Reglement" AND f."ID_FluxFinancierRelance" IS NULL AND EXISTS (SELECT 1 FROM "MKP_RetourPrelevement" r WHERE r."ID_FluxFinancier" = f.id)`,
  impaye: `NOT f."EST_Reglement" AND f."ID_FluxFinancierRelance" IS NULL AND NOT EXISTS (SELECT 1 FROM "MKP_RetourPrelevement" r WHERE r."ID_FluxFinancier" = f.id)`,
} as const;

const filters = (patch: Partial<FluxSearchFilters>): FluxSearchFilters => ({ ...EMPTY_FLUX_FILTERS, ...patch });
const siegeScope = SIEGE_SCOPE_SQL.replaceAll('"ID_Structure"', 'f."ID_Structure"');

describe.each(testDatabaseTargets())('flux search status, filters and totals on $name (R-SEARCH-15)', (target) => {
  let context: GraphqlContext;
  let season: number;

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    // Six unpaid direct debits of the club, and one of another club (none returned by the seed), made into each case.
    const debits = await sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 5 AND "EST_Debit"
          AND NOT "EST_Reglement" AND "ID_FluxFinancierRelance" IS NULL
          AND NOT EXISTS (SELECT 1 FROM "MKP_RetourPrelevement" r WHERE r."ID_FluxFinancier" = "MKP_FluxFinancier".id)
        ORDER BY id LIMIT 6`,
      [context.clubId],
    );
    const [other] = await sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 5 AND "EST_Debit"
          AND NOT "EST_Reglement" AND "ID_FluxFinancierRelance" IS NULL
          AND NOT EXISTS (SELECT 1 FROM "MKP_RetourPrelevement" r WHERE r."ID_FluxFinancier" = "MKP_FluxFinancier".id)
        ORDER BY id LIMIT 1`,
      [context.otherClubId],
    );
    expect(debits).toHaveLength(6);
    const [returnedOnly, returnedPaid, returnedRelaunched, relaunchCopy, paid] = debits as number[];
    const [{ id: importId } = { id: 0 }] = await context.database.query<{ id: number }>(
      `INSERT INTO "MKP_ImportRetour" ("Sha256", "NomFichier", "Format") VALUES ('issue19', 'retour.xml', 'camt.054') RETURNING id`,
    );
    for (const flux of [returnedOnly, returnedPaid, returnedRelaunched, other])
      await context.database.query(
        `INSERT INTO "MKP_RetourPrelevement" ("ID_FluxFinancier", "ID_ImportRetour", "TypeRetour", "CodeRaison", "DateRetour", "EndToEndId")
         VALUES ($1::int, $2::int, 'retour', 'AM04', '2026-03-10', 'GDF-1-' || $1::text)`,
        [flux, importId],
      );
    await context.database.query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true WHERE id = ANY($1::int[])`, [
      [returnedPaid, paid],
    ]);
    await context.database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierRelance" = $2 WHERE id = $1`, [
      returnedRelaunched,
      relaunchCopy,
    ]);
    const [row] = await context.database.query<{ season: number }>(
      `SELECT "ID_Saison" AS season FROM "MKP_FluxFinancier" WHERE id = $1`,
      [returnedOnly],
    );
    season = row?.season ?? 0;
  });
  afterAll(() => closeGraphqlContext(context));

  it.each(FLUX_PAYMENT_STATUSES)(
    "statut=%s selects the club's flux of that status, as the badge rule says, and none of another's",
    async (status) => {
      const expected = await sqlIds(
        context.database,
        `SELECT f.id FROM "MKP_FluxFinancier" f WHERE f."ID_Structure" = $1 AND ${STATUS_SQL[status]} ORDER BY f.id`,
        [context.clubId],
      );
      expect(expected.length).toBeGreaterThan(0);
      // The club sends its own structure (locked), as the page does.
      const where = buildFluxWhere(filters({ status }), context.clubId);
      const response = await context.club<Rows>(ROWS, { where });
      expect(response.errors).toBeUndefined();
      expect(response.data?.rows.map((row) => row.id)).toEqual(expected);
      expect(response.data?.rows.every((row) => fluxPaymentStatus(row) === status)).toBe(true);
      // Without the structure lock the server's scope still keeps another club's flux out.
      const unlocked = await context.club<Rows>(ROWS, { where: buildFluxWhere(filters({ status })) });
      expect(unlocked.data?.rows.map((row) => row.id)).toEqual(expected);
    },
  );

  it('filters on the flux number, the amount range (euros typed, decimal sent) and the category', async () => {
    const [sample] = await context.database.query<{ id: number; cents: number; category: number }>(
      `SELECT f.id, (f."MontantTTC" * 100)::int AS cents, f."ID_CategoryFlux" AS category FROM "MKP_FluxFinancier" f
        WHERE ${siegeScope} AND f."ID_Saison" = $1 AND f."MontantTTC" > 10 ORDER BY f.id LIMIT 1 OFFSET 7`,
      [season],
    );
    if (!sample) throw new Error('no sample');
    const byId = await context.siege<Rows>(ROWS, { where: buildFluxWhere(filters({ fluxId: String(sample.id) })) });
    expect(byId.data?.rows.map((row) => row.id)).toEqual([sample.id]);

    const min = sample.cents - 150;
    const max = sample.cents + 250;
    const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    const where = buildFluxWhere(
      filters({ season, minAmount: euros(min), maxAmount: euros(max), category: sample.category }),
    );
    const expected = await sqlIds(
      context.database,
      `SELECT f.id FROM "MKP_FluxFinancier" f WHERE ${siegeScope} AND f."ID_Saison" = $1
          AND f."MontantTTC" >= $2::numeric / 100 AND f."MontantTTC" <= $3::numeric / 100 AND f."ID_CategoryFlux" = $4 ORDER BY f.id`,
      [season, min, max, sample.category],
    );
    expect(expected).toContain(sample.id);
    const response = await context.siege<Rows>(ROWS, { where });
    expect(response.errors).toBeUndefined();
    expect(response.data?.rows.map((row) => row.id)).toEqual(expected);
    // The bounds are inclusive, to the cent.
    const exact = await context.siege<Rows>(ROWS, {
      where: buildFluxWhere(
        filters({ fluxId: String(sample.id), minAmount: euros(sample.cents), maxAmount: euros(sample.cents) }),
      ),
    });
    expect(exact.data?.rows.map((row) => row.id)).toEqual([sample.id]);
  });

  const totalsOf = (where: Record<string, unknown>) => ({
    debit: { _and: [where, { EST_Debit: { _eq: true } }] },
    credit: { _and: [where, { EST_Debit: { _eq: false } }] },
  });

  it('totals (count, débit, crédit) of a search equal SQL sums within the caller’s scope', async () => {
    const where = buildFluxWhere(filters({ season }));
    const [expected] = await context.database.query<{ debit: string; credit: string; n: string }>(
      `SELECT coalesce(sum(f."MontantTTC") FILTER (WHERE f."EST_Debit"), 0)::numeric(12, 2)::text AS debit,
              coalesce(sum(f."MontantTTC") FILTER (WHERE NOT f."EST_Debit"), 0)::numeric(12, 2)::text AS credit, count(*)::text AS n
         FROM "MKP_FluxFinancier" f WHERE f."ID_Saison" = $1 AND f."ID_Structure" = $2`,
      [season, context.clubId],
    );
    const response = await context.club<Totals>(TOTALS, totalsOf(where));
    expect(response.errors).toBeUndefined();
    const { debit, credit } = response.data as Totals;
    expect(debit.aggregate.count + credit.aggregate.count).toBe(Number(expected?.n));
    expect((debit.aggregate.sum.MontantTTC ?? 0).toFixed(2)).toBe(expected?.debit);
    expect((credit.aggregate.sum.MontantTTC ?? 0).toFixed(2)).toBe(expected?.credit);
  });

  it("a structure never gets totals of another's flux, even naming it or its flux number", async () => {
    const [otherFlux] = await sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 ORDER BY id LIMIT 1`,
      [context.otherClubId],
    );
    for (const where of [
      buildFluxWhere(filters({ season }), context.otherClubId),
      buildFluxWhere(filters({ fluxId: String(otherFlux) })),
      buildFluxWhere(filters({ status: 'rejete' }), context.otherClubId),
    ]) {
      const response = await context.club<Totals>(TOTALS, totalsOf(where));
      expect(response.errors).toBeUndefined();
      expect(response.data).toEqual({
        debit: { aggregate: { count: 0, sum: { MontantTTC: null } } },
        credit: { aggregate: { count: 0, sum: { MontantTTC: null } } },
      });
    }
    // The head office sees that club's flux: the same totals are not empty for it.
    const siege = await context.siege<Totals>(TOTALS, totalsOf(buildFluxWhere(filters({ fluxId: String(otherFlux) }))));
    expect((siege.data?.debit.aggregate.count ?? 0) + (siege.data?.credit.aggregate.count ?? 0)).toBe(1);
  });
});
