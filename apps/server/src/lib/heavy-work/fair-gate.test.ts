import { describe, expect, it } from 'vitest';
import { FairGate, type FairGateLimits, type FairTicket } from './fair-gate';

const LIMITS: FairGateLimits = { perProcess: 2, perUser: 1, perStructure: 2, maxWaitingPerUser: 3, maxWaitMs: 60_000 };
const held = (ticket: FairTicket) => {
  if ('refused' in ticket) throw new Error(`refusé : ${ticket.refused}`);
  return ticket;
};

describe('heavy work of a process (R-OPS-09)', () => {
  it('bounds the tasks per process, per user and per structure', async () => {
    const gate = new FairGate({ ...LIMITS, perProcess: 3, perStructure: 2 });
    const first = held(await gate.acquire({ userId: 1, structureId: 10 }));
    let secondOfUser = false;
    void gate.acquire({ userId: 1, structureId: 10 }).then(() => (secondOfUser = true));
    held(await gate.acquire({ userId: 2, structureId: 10 }));
    let thirdOfStructure = false;
    void gate.acquire({ userId: 3, structureId: 10 }).then(() => (thirdOfStructure = true));
    held(await gate.acquire({ userId: 4, structureId: 20 }));
    await Promise.resolve();
    expect(gate.load).toEqual({ running: 3, waiting: 2 });
    expect([secondOfUser, thirdOfStructure]).toEqual([false, false]);
    first.release();
    await Promise.resolve();
    // The user's place and the structure's are free again: one of the two waiting gets in.
    expect(gate.load).toEqual({ running: 3, waiting: 1 });
  });

  it('serves waiting tasks round-robin: the structure and user served least recently first, not in arrival order', async () => {
    const gate = new FairGate({ ...LIMITS, perProcess: 1, maxWaitingPerUser: 10 });
    const order: string[] = [];
    const running = held(await gate.acquire({ userId: 1, structureId: 10 }));
    const ask = (name: string, userId: number, structureId: number) =>
      gate.acquire({ userId, structureId }).then((ticket) => {
        order.push(name);
        held(ticket).release();
      });
    // The club's user queues three, then two other structures one each.
    const all = [
      ask('club-1', 1, 10),
      ask('club-2', 1, 10),
      ask('club-3', 1, 10),
      ask('ligue', 2, 20),
      ask('comite', 3, 30),
    ];
    running.release();
    await Promise.all(all);
    expect(order).toEqual(['ligue', 'comite', 'club-1', 'club-2', 'club-3']);
  });

  it('within a structure, its users take turns', async () => {
    const gate = new FairGate({ ...LIMITS, perProcess: 1, maxWaitingPerUser: 10 });
    const order: string[] = [];
    const running = held(await gate.acquire({ userId: 1, structureId: 10 }));
    const ask = (name: string, userId: number) =>
      gate.acquire({ userId, structureId: 10 }).then((ticket) => {
        order.push(name);
        held(ticket).release();
      });
    const all = [ask('a-1', 1), ask('a-2', 1), ask('b-1', 2), ask('a-3', 1), ask('b-2', 2)];
    running.release();
    await Promise.all(all);
    expect(order).toEqual(['b-1', 'a-1', 'b-2', 'a-2', 'a-3']);
  });

  it('refuses at once a user who already has maxWaitingPerUser tasks waiting', async () => {
    const gate = new FairGate(LIMITS);
    held(await gate.acquire({ userId: 1, structureId: 10 }));
    const waiting = Array.from({ length: 3 }, () => gate.acquire({ userId: 1, structureId: 10 }));
    expect(await gate.acquire({ userId: 1, structureId: 10 })).toEqual({ refused: 'user-queue-full' });
    // Another user of the same structure still queues... and runs, its user's place being free.
    expect('release' in (await gate.acquire({ userId: 2, structureId: 10 }))).toBe(true);
    expect(gate.load.waiting).toBe(3);
    void waiting;
  });

  it('gives up a task that waited maxWaitMs, and forgets it', async () => {
    const gate = new FairGate({ ...LIMITS, perProcess: 1, maxWaitMs: 20 });
    const running = held(await gate.acquire({ userId: 1, structureId: 10 }));
    expect(await gate.acquire({ userId: 2, structureId: 20 })).toEqual({ refused: 'wait-too-long' });
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    running.release();
    expect('release' in (await gate.acquire({ userId: 2, structureId: 20 }))).toBe(true);
  });

  it('run() gives the place back when the work fails', async () => {
    const gate = new FairGate({ ...LIMITS, perProcess: 1 });
    const refuse = () => new Error('refusé');
    await expect(
      gate.run({ userId: 1, structureId: 10 }, () => Promise.reject(new Error('échec')), refuse),
    ).rejects.toThrow('échec');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run({ userId: 1, structureId: 10 }, async () => 'fait', refuse)).toBe('fait');
  });
});
