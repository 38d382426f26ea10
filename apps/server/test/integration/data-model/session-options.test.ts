import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../support/databases';
import { testDatabaseTargets } from '../support/databases';

// PostgreSQL only (PGlite has no JIT): every pool the server opens compiles no statement with
// JIT (db/postgres-settings.ts SESSION_OPTIONS). The search summary's balance-rule sums are
// costed above jit_above_cost and spent 1.5 s compiling for 3 ms of work.
const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');

describe.skipIf(!postgres)('session options on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await postgres!.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each([
    ['main pool', {}],
    ['read pool (GraphQL)', { read: true }],
    ['priority pool (health, logins)', { priority: true }],
  ])('%s: jit is off', async (_pool, options) => {
    const [row] = await database.query<{ jit: string }>('SHOW jit', [], options);
    expect(row?.jit).toBe('off');
  });

  it('a transaction and a session run with jit off too', async () => {
    const [inTransaction] = await database.transaction((tx) => tx.query<{ jit: string }>('SHOW jit'));
    expect(inTransaction?.jit).toBe('off');
    const [inSession] = await database.session((session) => session.query<{ jit: string }>('SHOW jit'));
    expect(inSession?.jit).toBe('off');
  });
});
