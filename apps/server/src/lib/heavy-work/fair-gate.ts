/**
 * Heavy work of one process, bounded and shared fairly (R-OPS-09, ADR 0053): at most
 * `perProcess` tasks at once, `perUser` of one user and `perStructure` of one structure. Waiting
 * tasks are served round-robin, structure by structure and, within one, user by user: a club
 * asking for 60 relevés never makes another structure's one request wait behind its queue.
 * The turn goes to the structure served least recently, then to its user served least recently.
 * A user with `maxWaitingPerUser` tasks waiting is refused at once; a task that waited
 * `maxWaitMs` gives up (the server is too busy). Per process, in memory: what every instance
 * must share (document packs) takes shared places besides (ADR 0049).
 */
export interface FairGateLimits {
  perProcess: number;
  perUser: number;
  perStructure: number;
  maxWaitingPerUser: number;
  maxWaitMs: number;
}

export interface FairOwner {
  userId: number;
  structureId: number;
}

/** Why a task was not let in. */
export type FairRefusal = 'user-queue-full' | 'wait-too-long';

export type FairTicket = { release(): void } | { refused: FairRefusal };

interface Waiter {
  owner: FairOwner;
  admit(): void;
}

export class FairGate {
  private running = 0;
  private readonly runningByUser = new Map<number, number>();
  private readonly runningByStructure = new Map<number, number>();
  /** Waiting tasks: structure -> user -> tasks, each in arrival order. */
  private readonly waiting = new Map<number, Map<number, Waiter[]>>();
  private readonly waitingByUser = new Map<number, number>();
  /** When each structure and user last had a task let in (a counter; absent: never). */
  private served = 0;
  private readonly lastServedStructure = new Map<number, number>();
  private readonly lastServedUser = new Map<number, number>();

  constructor(readonly limits: FairGateLimits) {}

  /** A place for `owner`'s task now, after its turn, or a refusal; `release()` gives it back. */
  acquire(owner: FairOwner): Promise<FairTicket> {
    if (this.waiting.size === 0 && this.fits(owner)) return Promise.resolve(this.take(owner));
    if ((this.waitingByUser.get(owner.userId) ?? 0) >= this.limits.maxWaitingPerUser)
      return Promise.resolve({ refused: 'user-queue-full' });
    return new Promise((resolve) => {
      const waiter: Waiter = {
        owner,
        admit: () => {
          clearTimeout(timer);
          resolve(this.take(owner));
        },
      };
      const timer = setTimeout(() => {
        this.remove(waiter);
        resolve({ refused: 'wait-too-long' });
      }, this.limits.maxWaitMs);
      this.enqueue(waiter);
      // A place may be free for this one though not for those before it (their user's or structure's are full).
      this.admitNext();
    });
  }

  /** Runs `work` in a place; a refusal is thrown as `refuse(reason)` says. */
  async run<T>(owner: FairOwner, work: () => Promise<T>, refuse: (reason: FairRefusal) => Error): Promise<T> {
    const ticket = await this.acquire(owner);
    if ('refused' in ticket) throw refuse(ticket.refused);
    try {
      return await work();
    } finally {
      ticket.release();
    }
  }

  /** Tasks running and waiting now (metrics, tests). */
  get load(): { running: number; waiting: number } {
    let waiting = 0;
    for (const count of this.waitingByUser.values()) waiting += count;
    return { running: this.running, waiting };
  }

  private fits(owner: FairOwner): boolean {
    return (
      this.running < this.limits.perProcess &&
      (this.runningByUser.get(owner.userId) ?? 0) < this.limits.perUser &&
      (this.runningByStructure.get(owner.structureId) ?? 0) < this.limits.perStructure
    );
  }

  private take(owner: FairOwner): { release(): void } {
    this.served += 1;
    this.lastServedStructure.set(owner.structureId, this.served);
    this.lastServedUser.set(owner.userId, this.served);
    this.running += 1;
    bump(this.runningByUser, owner.userId, 1);
    bump(this.runningByStructure, owner.structureId, 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.running -= 1;
        bump(this.runningByUser, owner.userId, -1);
        bump(this.runningByStructure, owner.structureId, -1);
        this.admitNext();
        // Nothing running or waiting: the turns start afresh (the counters stay small).
        if (this.running === 0 && this.waiting.size === 0) {
          this.lastServedStructure.clear();
          this.lastServedUser.clear();
        }
      },
    };
  }

  private enqueue(waiter: Waiter): void {
    const { structureId, userId } = waiter.owner;
    let users = this.waiting.get(structureId);
    if (!users) this.waiting.set(structureId, (users = new Map()));
    let tasks = users.get(userId);
    if (!tasks) users.set(userId, (tasks = []));
    tasks.push(waiter);
    bump(this.waitingByUser, userId, 1);
  }

  private remove(waiter: Waiter): void {
    const { structureId, userId } = waiter.owner;
    const users = this.waiting.get(structureId);
    const tasks = users?.get(userId);
    const index = tasks?.indexOf(waiter) ?? -1;
    if (!users || !tasks || index < 0) return;
    tasks.splice(index, 1);
    bump(this.waitingByUser, userId, -1);
    if (tasks.length === 0) users.delete(userId);
    if (users.size === 0) this.waiting.delete(structureId);
  }

  /** Admits waiting tasks while places are free, each time the one whose turn it is. */
  private admitNext(): void {
    while (this.running < this.limits.perProcess) {
      const next = this.nextInTurn();
      if (!next) return;
      this.remove(next);
      next.admit();
    }
  }

  /** The oldest task of the user served least recently, of the structure served least recently, that fits. */
  private nextInTurn(): Waiter | undefined {
    let best: { waiter: Waiter; structure: number; user: number } | undefined;
    for (const [structureId, users] of this.waiting)
      for (const [userId, tasks] of users) {
        const first = tasks[0];
        if (!first || !this.fits(first.owner)) continue;
        const structure = this.lastServedStructure.get(structureId) ?? 0;
        const user = this.lastServedUser.get(userId) ?? 0;
        if (!best || structure < best.structure || (structure === best.structure && user < best.user))
          best = { waiter: first, structure, user };
      }
    return best?.waiter;
  }
}

function bump(counts: Map<number, number>, key: number, by: number): void {
  const value = (counts.get(key) ?? 0) + by;
  if (value <= 0) counts.delete(key);
  else counts.set(key, value);
}
