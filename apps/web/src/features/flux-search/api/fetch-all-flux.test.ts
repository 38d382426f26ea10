import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { fetchAllFlux } from './fetch-all-flux';

/** A GraphQL endpoint holding `count` flux, answering limit/offset like the server. */
function serverWith(count: number) {
  const asked: Array<{ limit: number; offset: number }> = [];
  stubApi({
    'POST /v1/graphql': async (request) => {
      const { variables } = (await request.json()) as { variables: { limit: number; offset: number } };
      asked.push({ limit: variables.limit, offset: variables.offset });
      const ids = Array.from({ length: count }, (_, i) => i + 1).slice(
        variables.offset,
        variables.offset + variables.limit,
      );
      return jsonResponse({ data: { rows: ids.map((id) => ({ id })) } });
    },
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("fetchAllFlux: 'Tous' and the export, in batches, up to a cap", () => {
  it('loads every row below the cap, without asking beyond', async () => {
    const asked = serverWith(7);
    const all = await fetchAllFlux(1, {}, [{ id: 'desc' }], { batchSize: 4, max: 10 });
    expect(all.rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(all.truncated).toBe(false);
    expect(asked).toEqual([
      { limit: 4, offset: 0 },
      { limit: 4, offset: 4 },
    ]);
  });

  it('says the list is cut when more rows match than the cap', async () => {
    const asked = serverWith(11);
    const all = await fetchAllFlux(1, {}, [{ id: 'desc' }], { batchSize: 4, max: 10 });
    expect(all.rows).toHaveLength(10);
    expect(all.truncated).toBe(true);
    expect(asked.at(-1)).toEqual({ limit: 1, offset: 10 });
  });

  it('is not cut when exactly the cap matches', async () => {
    serverWith(10);
    const all = await fetchAllFlux(1, {}, [{ id: 'desc' }], { batchSize: 4, max: 10 });
    expect(all.rows).toHaveLength(10);
    expect(all.truncated).toBe(false);
  });
});
