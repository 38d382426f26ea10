import { DOCUMENT_PACK_MESSAGES, DOCUMENT_PACK_PATH, EMPTY_FLUX_FILTERS, type FluxSearchFilters } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_PACK_AUDIT_ACTION } from '../../../src/modules/flux-document-packs/pack-audit';
import { PACK_IDLE_TIMEOUT_MS } from '../../../src/modules/flux-document-packs/pack-slots';
import { testDatabaseTargets } from '../support/databases';
import { buildTestApp, loginAs } from '../support/test-app';
import { insertFlux } from './document-fixtures';
import { useDocumentSuite } from './document-suite';

// Enough factures (about 35 KB each) that the ZIP outgrows what the kernel buffers for a client
// that reads nothing (4 MB of send buffer at most, by default, plus the client's receive window).
const FLUX = 250;

/**
 * R-DOC-08, R-SEC-18: a pack whose client stops reading loses its place and its socket. A
 * real listening server, a real client that sends the request and never reads a byte: the
 * server writes until the sockets' buffers are full, then waits; after the idle deadline it
 * closes the socket, the pack ends unfinished (its audit row says so) and the user may ask
 * for a pack again.
 */
describe.each(testDatabaseTargets())('a pack client that reads nothing (R-DOC-08) on $name', (target) => {
  const suite = useDocumentSuite(target);
  const tag = `Arret${Date.now().toString(36)}`;
  let app: FastifyInstance;

  const filters = (label: string): FluxSearchFilters => ({ ...EMPTY_FLUX_FILTERS, label });

  beforeAll(async () => {
    for (let index = 0; index < FLUX; index++)
      await insertFlux(suite.database, {
        name: `${tag} ${index}`,
        categoryId: 1,
        structureId: suite.clubStructureId,
        seasonId: suite.seasonId,
        amount: '10',
      });
    // Idle for 5 s: long enough that the second request below is answered while the silent
    // client still holds the place on a loaded machine (500 ms was not, at a load of 18).
    app = await buildTestApp(suite.database, { documentPacks: { idleTimeoutMs: 5_000, concurrentPacks: 1 } });
  }, 120_000);
  afterAll(async () => {
    app?.server.closeAllConnections();
    await app?.close();
  });

  it('waits 30 s by default before ending a silent client', () => {
    expect(PACK_IDLE_TIMEOUT_MS).toBe(30_000);
  });

  it('closes the socket of a client that stops reading and gives its place back', async () => {
    const token = await loginAs(app, 'club@demo.fr');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const body = JSON.stringify({ filters: filters(tag), kinds: ['facture'] });
    let serverSocket: Socket | undefined;
    const serverSocketClosed = new Promise<void>((resolve) =>
      app.server.once('connection', (accepted: Socket) => {
        serverSocket = accepted;
        accepted.once('close', () => resolve());
      }),
    );
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('error', () => undefined);
    const clientClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST ${DOCUMENT_PACK_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    // Reads nothing: the bytes stay in the kernel's buffers until they are full.
    socket.pause();

    const other = { filters: filters(`${tag} ${FLUX - 1}`), kinds: ['facture'] };
    const post = () =>
      app.inject({
        method: 'POST',
        url: DOCUMENT_PACK_PATH,
        headers: { authorization: `Bearer ${token}` },
        payload: other,
      });
    // Once its ZIP has started, the silent client holds the user's place.
    await vi.waitFor(() => expect(serverSocket?.bytesWritten).toBeGreaterThan(100_000), { timeout: 60_000 });
    const busy = await post();
    expect(busy.statusCode, busy.body.slice(0, 200)).toBe(429);
    expect(busy.json<{ message: string }>().message).toBe(DOCUMENT_PACK_MESSAGES.busy);

    // The server closes its socket by itself (the test's timeout is the bound), though the
    // client has not read what was already sent; the client learns it when it reads again.
    await serverSocketClosed;
    socket.resume();
    await clientClosed;
    // Each try renders a first-read facture: on a loaded machine one try alone outlasts Vitest's
    // default second, so the bound is the place's release, not the machine's speed.
    await vi.waitFor(
      async () => {
        const again = await post();
        expect(again.statusCode, again.body.slice(0, 200)).toBe(200);
      },
      { timeout: 60_000, interval: 200 },
    );
    // The silent client's pack ended unfinished: the server stopped waiting on it, not the ZIP.
    await vi.waitFor(async () => {
      const [row] = await suite.database.query<{ details: { documents: number; envoyes: number; complet: boolean } }>(
        `SELECT "Details" AS details FROM "APP_AuditLog"
          WHERE "Action" = $1 AND "Details"->'filtres'->>'label' = $2 ORDER BY id DESC LIMIT 1`,
        [DOCUMENT_PACK_AUDIT_ACTION, tag],
      );
      expect(row?.details.documents).toBe(FLUX);
      expect(row?.details.complet).toBe(false);
      expect(row?.details.envoyes).toBeLessThan(FLUX);
    }, 30_000);
  }, 180_000);
});
