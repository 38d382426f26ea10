import { HttpError } from '../http-errors';
import { FairGate, type FairGateLimits, type FairOwner, type FairRefusal } from './fair-gate';
import { HEAVY_WORK_MESSAGES } from './messages';

/** A refusal a client may retry later: sent with Retry-After (plugins/error-handler.ts). */
export class RetryLaterError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, message, statusCode === 503 ? 'server-busy' : 'too-many-requests');
  }
}

/**
 * The heavy requests of a process (R-OPS-09): a relevé de compte issued, a document rendered
 * on its first download. Each runs in a place of the process's fair gate; packs keep their
 * places shared by every instance (ADR 0049) and render through the same worker pool.
 */
export interface HeavyWork {
  run<T>(owner: FairOwner, work: () => Promise<T>): Promise<T>;
  readonly gate: FairGate;
}

/** HEAVY_WORK_* variables; the process cap follows the render threads (one more, at least 2). */
export function heavyWorkLimits(renderThreads: number, env: NodeJS.ProcessEnv = process.env): FairGateLimits {
  const setting = (name: string, fallback: number, max: number) => {
    const text = env[name]?.trim();
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1 || value > max)
      throw new Error(`${name} doit être un entier de 1 à ${max}`);
    return value;
  };
  return {
    perProcess: setting('HEAVY_WORK_CONCURRENT', Math.max(2, renderThreads + 1), 256),
    perUser: setting('HEAVY_WORK_PER_USER', 2, 64),
    perStructure: setting('HEAVY_WORK_PER_STRUCTURE', 3, 64),
    maxWaitingPerUser: setting('HEAVY_WORK_QUEUE_PER_USER', 10, 1_000),
    maxWaitMs: setting('HEAVY_WORK_MAX_WAIT_SECONDS', 30, 3_600) * 1_000,
  };
}

export function createHeavyWork(limits: FairGateLimits): HeavyWork {
  const gate = new FairGate(limits);
  const refuse = (reason: FairRefusal) =>
    reason === 'user-queue-full'
      ? new RetryLaterError(429, HEAVY_WORK_MESSAGES.userQueueFull(limits.perUser + limits.maxWaitingPerUser), 5)
      : new RetryLaterError(503, HEAVY_WORK_MESSAGES.waitTooLong(Math.ceil(limits.maxWaitMs / 1000)), 10);
  return { gate, run: (owner, work) => gate.run(owner, work, refuse) };
}

/** No bound: tests and tools that call a service directly, one request at a time. */
export const unboundedHeavyWork: HeavyWork = createHeavyWork({
  perProcess: Number.MAX_SAFE_INTEGER,
  perUser: Number.MAX_SAFE_INTEGER,
  perStructure: Number.MAX_SAFE_INTEGER,
  maxWaitingPerUser: Number.MAX_SAFE_INTEGER,
  maxWaitMs: 2_147_483_647,
});
