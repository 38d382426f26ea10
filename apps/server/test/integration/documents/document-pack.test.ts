import { DOCUMENT_PACK_MESSAGES, DOCUMENT_PACK_PATH, EMPTY_FLUX_FILTERS, type FluxSearchFilters } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { buildTestApp, loginAs } from '../support/test-app';
import { insertFlux, oneId } from './document-fixtures';
import { pdfBody, useDocumentSuite } from './document-suite';
import { readZip } from './zip-tools';

describe.each(testDatabaseTargets())('document packs (R-DOC-08) on $name', (target) => {
  const suite = useDocumentSuite(target);
  const tag = `Lot${Date.now().toString(36)}`;
  const ownIds: number[] = [];
  let otherStructureId: number;
  let capped: FastifyInstance;
  let cappedClosed = false;
  let counted: FastifyInstance;
  let documentsRead = 0;
  let release!: () => void;
  const cancelled = new Promise<void>((resolve) => (release = resolve));

  const filters = (patch: Partial<FluxSearchFilters> = {}): FluxSearchFilters => ({
    ...EMPTY_FLUX_FILTERS,
    label: tag,
    ...patch,
  });
  const post = (app: FastifyInstance, token: string | null, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: DOCUMENT_PACK_PATH,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: payload as Record<string, unknown>,
    });

  beforeAll(async () => {
    for (const [index, amount] of ['12.5', '30', '1234.56'].entries())
      ownIds.push(
        await insertFlux(suite.database, {
          name: `${tag} licence ${index}`,
          categoryId: 1,
          structureId: suite.clubStructureId,
          seasonId: suite.seasonId,
          amount,
        }),
      );
    otherStructureId = await oneId(
      suite.database,
      `SELECT id FROM "STR_Structure" WHERE id <> $1 AND id <> 1318 ORDER BY id LIMIT 1`,
      [suite.clubStructureId],
    );
    await insertFlux(suite.database, {
      name: `${tag} autre club`,
      categoryId: 1,
      structureId: otherStructureId,
      seasonId: suite.seasonId,
      amount: '99',
    });
    capped = await buildTestApp(suite.database, { documentPacks: { cap: 4 } });
    counted = await buildTestApp(suite.database, {
      documentPacks: {
        // One pack at a time in this app: the held pack below makes a second caller wait too.
        concurrentPacks: 1,
        // From the second document on, the server waits until the test has cancelled and the
        // server has seen its socket close: PGlite runs in this process and loopback buffers
        // would otherwise take the whole pack before the client could cancel.
        onDocument: async () => {
          documentsRead++;
          if (documentsRead >= 2) await cancelled;
        },
      },
    });
  });
  afterAll(async () => {
    if (!cappedClosed) await capped?.close();
    // The cancel test's client leaves a second socket open with no request on it: Node's server
    // would keep it until its headers timeout (~70 s) before close() returns.
    counted?.server.closeAllConnections();
    await counted?.close();
  });

  it('holds the factures and relevés of the matching flux, byte for byte, with a sommaire.csv', async () => {
    const response = await post(suite.app, suite.clubToken, { filters: filters(), kinds: ['facture', 'releve'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['x-documents-count']).toBe('6');
    const entries = readZip(response.rawPayload);
    // R-DOC-05: each entry named as its single download is, the invoice number after a facture's.
    const expected = ownIds.flatMap((id) => [
      new RegExp(`^facture-${id}-\\d{4}-\\d{2}-\\d{2}-${suite.seasonId}-FFME-${id}\\.pdf$`),
      new RegExp(`^releve-${id}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
    ]);
    const names = [...entries.keys()];
    expect(names).toHaveLength(expected.length + 1);
    expected.forEach((pattern, index) => expect(names[index]).toMatch(pattern));
    expect(names.at(-1)).toBe('sommaire.csv');

    const summary = entries.get('sommaire.csv')!.toString('utf8');
    expect(summary.startsWith('\uFEFFNuméro de facture;Flux;Structure;Libellé;Montant;Fichier\r\n')).toBe(true);
    const lines = summary.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(6);
    expect(lines[4]).toMatch(
      new RegExp(`^${suite.seasonId}-FFME-${ownIds[2]};${ownIds[2]};.+;${tag} licence 2;1234,56;`),
    );
    expect(lines[5]!.endsWith(`;${names[5]}`)).toBe(true);

    // One audit row for the pack, none per document.
    const audits = await suite.database.query<{ action: string; details: { envoyes: number; complet: boolean } }>(
      `SELECT "Action" AS action, "Details" AS details FROM "APP_AuditLog"
        WHERE "Action" = 'telechargement_lot_documents' AND "Details"->'filtres'->>'label' = $1`,
      [tag],
    );
    expect(audits.map((row) => [row.details.envoyes, row.details.complet])).toEqual([[6, true]]);
    const [perDocument] = await suite.database.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM "APP_AuditLog" WHERE "Action" = 'telechargement_document' AND "ID_Cible" = ANY($1::integer[])`,
      [ownIds],
    );
    expect(perDocument!.n).toBe(0);

    // Exactly the bytes a single download gives.
    for (const id of ownIds) {
      const response = await suite.get(`/api/flux/${id}/facture.pdf`, suite.clubToken);
      const name = /filename="([^"]+)"/.exec(response.headers['content-disposition'] as string)![1]!;
      expect(entries.get(name)!.equals(pdfBody(response))).toBe(true);
    }
  });

  it("never holds another structure's documents: a club sees its own, asking for another club's is empty", async () => {
    const own = await post(suite.app, suite.clubToken, { filters: filters(), kinds: ['facture'] });
    expect(readZip(own.rawPayload).size).toBe(ownIds.length + 1);
    const other = await post(suite.app, suite.clubToken, {
      filters: filters({ structureId: otherStructureId }),
      kinds: ['facture'],
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Aucun flux ne correspond à ces filtres : aucun document à télécharger.');
    // The head office sees every structure: the other club's flux too.
    const all = await post(suite.app, suite.siegeToken, { filters: filters(), kinds: ['facture'] });
    expect(readZip(all.rawPayload).size).toBe(ownIds.length + 2);
  });

  it('refuses in French, before any byte, a pack over the cap', async () => {
    const token = await loginAs(capped, 'club@demo.fr');
    const response = await post(capped, token, { filters: filters(), kinds: ['facture', 'releve'] });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/Ces filtres retiennent 6 documents : un lot en contient au plus 4\./);
    expect((await post(capped, token, { filters: filters(), kinds: ['facture'] })).statusCode).toBe(200);
    // The pack's place goes back to the shared store as its response ends (R-SEC-21): closing
    // this instance waits for that, so the next test's instance finds the user's place free.
    await capped.close();
    cappedClosed = true;
  });

  it('refuses bad input and an anonymous caller', async () => {
    expect((await post(suite.app, null, { filters: filters(), kinds: ['facture'] })).statusCode).toBe(401);
    expect((await post(suite.app, suite.clubToken, { filters: filters(), kinds: [] })).statusCode).toBe(400);
    expect((await post(suite.app, suite.clubToken, { filters: { label: tag }, kinds: ['facture'] })).statusCode).toBe(
      400,
    );
    const short = await post(suite.app, suite.clubToken, { filters: filters({ label: 'ab' }), kinds: ['facture'] });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Au moins 3 caractères');
    const empty = await post(suite.app, suite.clubToken, { filters: EMPTY_FLUX_FILTERS, kinds: ['facture'] });
    expect(empty.statusCode).toBe(400);
  });

  it('reads one document ahead, never past the flux counted when the pack was asked', async () => {
    const lateTag = `${tag}tard`;
    const club = { categoryId: 1, structureId: suite.clubStructureId, seasonId: suite.seasonId, amount: '10' };
    for (let i = 0; i < 3; i++) await insertFlux(suite.database, { ...club, name: `${lateTag} ${i}` });
    // A matching flux created once the pack has been counted and its first document read.
    let lateId: Promise<number> | undefined;
    const app = await buildTestApp(suite.database, {
      documentPacks: {
        onDocument: async () => {
          lateId ??= insertFlux(suite.database, { ...club, name: `${lateTag} 3` });
          await lateId;
        },
      },
    });
    try {
      const token = await loginAs(app, 'club@demo.fr');
      const response = await post(app, token, { filters: filters({ label: lateTag }), kinds: ['facture'] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-documents-count']).toBe('3');
      expect([...readZip(response.rawPayload).keys()]).toHaveLength(4);
      // Its facture was never read ahead: nothing was issued for it.
      const [issued] = await suite.database.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM "MKP_DocumentEmis" WHERE "ID_FluxFinancier" = $1 AND "Type" = 'facture'`,
        [await lateId],
      );
      expect(issued!.n).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('ends a pack whose client stops reading, and gives its place back', async () => {
    let unblock!: () => void;
    const blocked = new Promise<void>((resolve) => (unblock = resolve));
    let reads = 0;
    const stalled = await buildTestApp(suite.database, {
      documentPacks: {
        idleTimeoutMs: 300,
        concurrentPacks: 1,
        // From the second document on, nothing more is written until the test says so.
        onDocument: async () => {
          reads++;
          if (reads >= 2) await blocked;
        },
      },
    });
    try {
      const token = await loginAs(stalled, 'club@demo.fr');
      const address = await stalled.listen({ port: 0, host: '127.0.0.1' });
      const serverSocketClosed = new Promise<void>((resolve) =>
        stalled.server.once('connection', (socket) => socket.once('close', () => resolve())),
      );
      const response = await fetch(`${address}${DOCUMENT_PACK_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ filters: filters(), kinds: ['facture'] }),
      });
      expect(response.status).toBe(200);
      // The client reads nothing more: the server closes the idle socket by itself.
      await serverSocketClosed;
      unblock();
      await vi.waitFor(async () => {
        const next = await post(stalled, token, { filters: filters(), kinds: ['facture'] });
        expect(next.statusCode, next.body).toBe(200);
      });
    } finally {
      unblock();
      stalled.server.closeAllConnections();
      await stalled.close();
    }
  });

  it('stops the server work when the client cancels', async () => {
    const abortTag = `${tag}stop`;
    const total = 40;
    for (let i = 0; i < total; i++)
      await insertFlux(suite.database, {
        name: `${abortTag} ${i}`,
        categoryId: 1,
        structureId: suite.clubStructureId,
        seasonId: suite.seasonId,
        amount: '10',
      });
    const token = await loginAs(counted, 'club@demo.fr');
    const address = await counted.listen({ port: 0, host: '127.0.0.1' });
    const serverSocketClosed = new Promise<void>((resolve) =>
      counted.server.once('connection', (socket) => socket.once('close', () => resolve())),
    );
    const cancel = new AbortController();
    const response = await fetch(`${address}${DOCUMENT_PACK_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filters: filters({ label: abortTag }), kinds: ['facture'] }),
      signal: cancel.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    // While it is built, the same user's second pack waits, and so does anyone's beyond the
    // server's number of packs at once, in French, before any work.
    const again = { filters: filters({ label: abortTag }), kinds: ['facture'] };
    const second = await post(counted, token, again);
    expect(second.statusCode, second.body).toBe(429);
    expect(second.json<{ message: string }>().message).toBe(DOCUMENT_PACK_MESSAGES.busy);
    const other = await post(counted, await loginAs(counted, 'siege@demo.fr'), again);
    expect(other.statusCode, other.body).toBe(429);
    expect(other.json<{ message: string }>().message).toBe(DOCUMENT_PACK_MESSAGES.serverBusy);
    // The one read ahead starts while the first is sent (later on a busy machine), and waits there.
    await vi.waitFor(() => expect(documentsRead).toBe(2), { timeout: 10_000, interval: 20 });
    cancel.abort();
    await reader.cancel().catch(() => undefined);
    // The server's own socket listeners ran first: its response has closed, the pack is cancelled.
    await serverSocketClosed;
    release();
    // The audit row is written when the server's generator ends.
    const audit = await vi.waitFor(
      async () => {
        const [row] = await suite.database.query<{ details: { envoyes: number; complet: boolean } }>(
          `SELECT "Details" AS details FROM "APP_AuditLog"
            WHERE "Action" = 'telechargement_lot_documents' AND "Details"->'filtres'->>'label' = $1`,
          [abortTag],
        );
        expect(row).toBeDefined();
        return row!.details;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(audit.complet).toBe(false);
    expect(audit.envoyes).toBeLessThan(total);
    // The generator has ended: the document it held when cancelled was the last one read.
    expect(documentsRead).toBe(2);
    const [issued] = await suite.database.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM "MKP_DocumentEmis" e JOIN "MKP_FluxFinancier" f ON f.id = e."ID_FluxFinancier"
        WHERE f."NomFluxFinancier" LIKE $1 AND e."Type" = 'facture'`,
      [`${abortTag} %`],
    );
    expect(issued!.n).toBeLessThan(total);
    // The cancelled pack gave its place back: the same user gets a pack again.
    const after = await post(counted, token, { filters: filters(), kinds: ['facture'] });
    expect(after.statusCode, after.body).toBe(200);
  });
});
