import { SEPA_BATCHES_TOTAL_HEADER, type SepaBatch } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { get } from './sepa-support';

const HEAD_OFFICE = 1318;
const TAG = 'historique-pages';

/** R-UI-20: the SEPA files already made, a page at a time, sorted by the server. */
describe.each(testDatabaseTargets())('SEPA history pages and sort on $name', (target) => {
  let context: RestContext;
  let ours: number[];
  const list = async (query: string) => {
    const response = await get(context.app, context.tokens.siege, `/api/exports/sepa/batches${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return { batches: response.json() as SepaBatch[], total: Number(response.headers[SEPA_BATCHES_TOTAL_HEADER]) };
  };

  beforeAll(async () => {
    context = await openRestContext(target);
    // Seven batches of the head office, each with its flux count and amount recorded as a generation writes them.
    ours = [];
    for (let index = 0; index < 7; index++) {
      const [batch] = await context.database.query<{ id: number }>(
        `INSERT INTO "MKP_Traitement" ("TypeTraitement", "ID_Structure", "NomFichier")
         VALUES ('prelevement_sepa', $1, $2) RETURNING id`,
        [HEAD_OFFICE, `${TAG}-${String.fromCharCode(103 - index)}.xml`],
      );
      await context.database.query(
        `INSERT INTO "APP_AuditLog" ("Action", "TableCible", "ID_Cible", "Details")
         VALUES ('export_sepa', 'MKP_Traitement', $1, $2::jsonb)`,
        [batch!.id, JSON.stringify({ nbFlux: 1_000_000 + index, totalCents: 900_000_000_000 - index * 100 })],
      );
      ours.push(batch!.id);
    }
  });
  afterAll(() => closeRestContext(context));

  it('pages newest first by default and gives the count of every batch in a header', async () => {
    const all = await list('?limit=200');
    expect(all.total).toBe(all.batches.length);
    expect(all.total).toBeGreaterThanOrEqual(7);
    const first = await list('?limit=3');
    const second = await list('?limit=3&page=2');
    expect(first.total).toBe(all.total);
    expect(first.batches.map((batch) => batch.id)).toEqual(all.batches.slice(0, 3).map((batch) => batch.id));
    expect(second.batches.map((batch) => batch.id)).toEqual(all.batches.slice(3, 6).map((batch) => batch.id));
    expect(first.batches[0]!.id).toBe(Math.max(...all.batches.map((batch) => batch.id)));
    // Past the last page: nothing, the total still said.
    const beyond = await list(`?limit=200&page=${Math.ceil(all.total / 200) + 1}`);
    expect(beyond).toEqual({ batches: [], total: all.total });
  });

  it('sorts on the file name, the flux count and the amount, both ways', async () => {
    const ourNames = async (direction: 'asc' | 'desc') =>
      (await list(`?tri=fichier&ordre=${direction}&limit=200`)).batches
        .map((batch) => batch.NomFichier)
        .filter((name) => name.startsWith(TAG));
    const letters = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((letter) => `${TAG}-${letter}.xml`);
    expect(await ourNames('asc')).toEqual(letters);
    expect(await ourNames('desc')).toEqual([...letters].reverse());

    // Our batches hold the most flux: the first seven by count, descending.
    const byCount = (await list('?tri=flux&ordre=desc&limit=7')).batches;
    expect(byCount.map((batch) => batch.id)).toEqual([...ours].reverse());
    expect(byCount.map((batch) => batch.nbFlux)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => 1_000_000 + n));
    const byAmount = (await list('?tri=montant&ordre=desc&limit=7')).batches;
    expect(byAmount.map((batch) => batch.id)).toEqual(ours);
    const ascending = (await list('?tri=montant&ordre=asc&limit=200')).batches.map((batch) => batch.totalCents);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  });

  it('refuses a bad page or sort in French', async () => {
    for (const query of ['?page=0', '?tri=taille', '?ordre=haut', '?limit=201']) {
      const response = await get(context.app, context.tokens.siege, `/api/exports/sepa/batches${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/invalide/);
    }
  });
});
