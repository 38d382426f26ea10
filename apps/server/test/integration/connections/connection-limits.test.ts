import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const MAX_CONNECTIONS = 12;

interface OpenedSocket {
  socket: Socket;
  /** Everything the server sent before it closed the socket. */
  closed: Promise<string>;
}

/** A socket to `url` that sends `text` (a request cut before its headers end, or nothing) and waits. */
function openSocket(url: string, text: string): Promise<OpenedSocket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined); // a reset counts as closed
    const closed = new Promise<string>((done) => socket.once('close', () => done(received)));
    socket.once('connect', () => {
      if (text) socket.write(text);
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

/**
 * R-SEC-18: one process bounds its connections. A real server process (src/server.ts) whose
 * HTTP_* variables are set low: sockets that never finish their headers, or send nothing, are
 * closed once the headers deadline passes, and sockets beyond HTTP_MAX_CONNECTIONS are closed
 * at once, without an answer; the process then serves again. The engine plays no part (the
 * embedded one, empty).
 */
describe('connections bounded (R-SEC-18) on a real server process', () => {
  let root: string;
  let server: ServerProcess;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'gdf-connections-'));
    server = await startServerProcess({
      DATA_DIR: root,
      HTTP_HEADERS_TIMEOUT_SECONDS: '1',
      HTTP_REQUEST_TIMEOUT_SECONDS: '2',
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1',
      HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('closes half-open sockets after the headers deadline and sockets beyond the cap at once', async () => {
    const halfOpen: OpenedSocket[] = [];
    for (let index = 0; index < MAX_CONNECTIONS; index++)
      // Half of them send the start of a request, the others nothing at all.
      halfOpen.push(await openSocket(server.url, index % 2 === 0 ? 'GET /api/health HTTP/1.1\r\nHost: x\r\n' : ''));
    // Every place is taken by a silent socket: the next ones are closed without a byte.
    const beyond: OpenedSocket[] = [];
    for (let index = 0; index < 5; index++) beyond.push(await openSocket(server.url, 'GET /api/health HTTP/1.1\r\n'));
    const beyondAnswers = await Promise.all(beyond.map((opened) => opened.closed));
    expect(beyondAnswers).toEqual(['', '', '', '', '']);
    // The silent ones are closed by the server (the test's own timeout is the bound), with a 408 at most.
    const answers = await Promise.all(halfOpen.map((opened) => opened.closed));
    for (const answer of answers) expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(answers.some((answer) => answer.startsWith('HTTP/1.1 408'))).toBe(true);
    // Places given back: the process answers again.
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  }, 60_000);

  it('closes an idle keep-alive socket after its request', async () => {
    const opened = await openSocket(server.url, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const answer = await opened.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer.toLowerCase()).toContain('keep-alive');
  }, 30_000);
});
