import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WRONG_CREDENTIALS_MESSAGE } from '../../../src/modules/auth/auth.service';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { acceptsConnections } from '../support/tcp-ports';

/** Everything the server sends on `socket` until it closes it. */
function answerOf(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.once('close', () => resolve(text));
  });
}

/**
 * R-OPS-04: SIGTERM (a service manager stopping the server, or scripts/start.mjs forwarding it): the
 * server stops accepting connections, lets the requests under way finish and answer, closes
 * its database and exits 0. A real process (src/server.ts) on an embedded database of its own.
 */
describe('graceful shutdown of a server process', () => {
  let root: string;
  let server: ServerProcess;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'gdf-shutdown-'));
    server = await startServerProcess({ DATA_DIR: root });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('finishes the request under way, refuses new connections meanwhile, then exits 0', async () => {
    const port = Number(new URL(server.url).port);
    expect(server.output()).toContain('Limites partagées par toutes les instances : PostgreSQL embarqué');
    // A login whose body is still on its way when the signal comes.
    const body = JSON.stringify({ email: 'personne@exemple.fr', password: 'pas-le-bon' });
    const socket = connect({ port, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const answer = answerOf(socket);
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    // The server has read the request's headers: it is under way.
    await vi.waitFor(() => expect(server.output()).toContain('"url":"/api/auth/login"'), { timeout: 30_000 });

    process.kill(server.pid, 'SIGTERM');
    await vi.waitFor(async () => expect(await acceptsConnections(port)).toBe(false), {
      timeout: 30_000,
      interval: 100,
    });
    expect(server.output()).toContain('arrêt en cours');

    socket.write(body.slice(10));
    // Answered, then the connection is closed by the server (not kept alive), and the process ends.
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(text).toContain(WRONG_CREDENTIALS_MESSAGE);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
