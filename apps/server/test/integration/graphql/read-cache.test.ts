import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { closeGraphqlContext, openGraphqlContext, sqlIds, type GraphqlContext } from './graphql-context';

/**
 * Shared reads (graphql/execution/share.ts) never hide a write made through the server: a
 * mutation or a write request clears them. Writes made behind the server's back (here
 * plain SQL) show at once on PostgreSQL (its commit notifies every process), after the
 * time-to-live on PGlite, and at once anywhere with Cache-Control: no-cache.
 */
const FLUX = `query($id: Int!) { MKP_FluxFinancier_by_pk(id: $id) { id NomFluxFinancier ID_FluxFinancierRelance } }`;
const RELAUNCH = `mutation($id: Int!) { relaunch_MKP_FluxFinancier(id: $id) { id } }`;

describe.each(testDatabaseTargets())('shared reads and writes on $name', (target) => {
  let context: GraphqlContext;
  let unpaidDebit: number;
  let otherFlux: number;

  type Flux = { MKP_FluxFinancier_by_pk: { NomFluxFinancier: string; ID_FluxFinancierRelance: number | null } };
  const read = (id: number, headers: Record<string, string> = {}) => context.club<Flux>(FLUX, { id }, headers);

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    const ids = await sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 5 AND "EST_Debit"
          AND NOT "EST_Reglement" AND "ID_FluxFinancierRelance" IS NULL ORDER BY id LIMIT 2`,
      [context.clubId],
    );
    expect(ids).toHaveLength(2);
    [unpaidDebit, otherFlux] = ids as [number, number];
  });
  afterAll(() => closeGraphqlContext(context));

  it('a read right after a relaunch sees the relaunch', async () => {
    expect((await read(unpaidDebit)).data?.MKP_FluxFinancier_by_pk.ID_FluxFinancierRelance).toBeNull();
    // The head office relaunches (clubs hold no relaunch grant); the club reads.
    const relaunched = await context.siege<{ relaunch_MKP_FluxFinancier: { id: number } }>(RELAUNCH, {
      id: unpaidDebit,
    });
    const newId = relaunched.data?.relaunch_MKP_FluxFinancier.id;
    expect(newId).toBeGreaterThan(0);
    expect((await read(unpaidDebit)).data?.MKP_FluxFinancier_by_pk.ID_FluxFinancierRelance).toBe(newId);
  });

  it('shares a read for its time-to-live; Cache-Control: no-cache and write requests get fresh data', async () => {
    // The clock stands still unless the test moves it (timers stay real): however slow the
    // machine, the second read comes within the time-to-live (1 s, READ_TTL_MS).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const before = (await read(otherFlux)).data?.MKP_FluxFinancier_by_pk.NomFluxFinancier;
      await context.database.query(
        `UPDATE "MKP_FluxFinancier" SET "NomFluxFinancier" = 'Renommé en SQL' WHERE id = $1`,
        [otherFlux],
      );
      const shared = async () => (await read(otherFlux)).data?.MKP_FluxFinancier_by_pk.NomFluxFinancier;
      if (target.name === 'postgres') {
        // PostgreSQL notifies every process of the commit: the shared read is dropped at once
        // (read-cache-notify.test.ts proves it with a read kept for a minute).
        await vi.waitFor(async () => expect(await shared()).toBe('Renommé en SQL'), { timeout: 500 });
      } else {
        // Within the second: the shared read; a second later, the table's new value.
        expect(await shared()).toBe(before);
        vi.advanceTimersByTime(999);
        expect(await shared()).toBe(before);
        vi.advanceTimersByTime(1);
        expect(await shared()).toBe('Renommé en SQL');
      }
    } finally {
      vi.useRealTimers();
    }
    // A fresh read on demand.
    const fresh = await read(otherFlux, { 'cache-control': 'no-cache' });
    expect(fresh.data?.MKP_FluxFinancier_by_pk.NomFluxFinancier).toBe('Renommé en SQL');

    await context.database.query(`UPDATE "MKP_FluxFinancier" SET "NomFluxFinancier" = 'Second nom' WHERE id = $1`, [
      otherFlux,
    ]);
    // Any write request through the server clears the shared reads (even one that fails).
    await context.app.inject({ method: 'POST', url: '/api/departements', payload: {} });
    expect((await read(otherFlux)).data?.MKP_FluxFinancier_by_pk.NomFluxFinancier).toBe('Second nom');
  });
});
