import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDrain, DRAINING_MESSAGE, registerDrain } from './drain';

describe('stopping behind a load balancer (R-OPS-12)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('while draining, GET and HEAD are answered 503 in French (nothing done), every other request is served', async () => {
    const drain = createDrain();
    const app = Fastify();
    registerDrain(app, drain);
    const served: string[] = [];
    app.get('/lecture', async () => {
      served.push('GET');
      return { ok: true };
    });
    app.post('/ecriture', async () => {
      served.push('POST');
      return { id: 1 };
    });
    expect((await app.inject({ method: 'GET', url: '/lecture' })).statusCode).toBe(200);

    drain.begin();
    expect(drain.draining).toBe(true);
    const read = await app.inject({ method: 'GET', url: '/lecture' });
    expect(read.statusCode).toBe(503);
    expect(read.json()).toEqual({ statusCode: 503, error: 'service-unavailable', message: DRAINING_MESSAGE });
    expect(read.headers['retry-after']).toBe('1');
    expect(read.headers.connection).toBe('close');
    expect((await app.inject({ method: 'HEAD', url: '/lecture' })).statusCode).toBe(503);
    const write = await app.inject({ method: 'POST', url: '/ecriture', payload: {} });
    expect(write.statusCode).toBe(200);
    expect(served).toEqual(['GET', 'POST']);
    await app.close();
  });

  it('the listening socket may close once no connection has come for quietMs, at most maxMs after the drain began', async () => {
    vi.useFakeTimers();
    const server = new EventEmitter() as unknown as Server;
    const settings = { quietMs: 250, maxMs: 3_000 };
    let settled = false;
    void createDrain()
      .settled(server, settings)
      .then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(200);
    server.emit('connection');
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(false); // a connection 200 ms ago: not quiet yet
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(true);
    expect(server.listenerCount('connection')).toBe(0);

    // Connections that keep coming (a proxy still sending): closed anyway at maxMs.
    let busySettled = false;
    void createDrain()
      .settled(server, settings)
      .then(() => (busySettled = true));
    for (let elapsed = 0; elapsed < 2_900; elapsed += 100) {
      server.emit('connection');
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(busySettled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(busySettled).toBe(true);
  });
});
