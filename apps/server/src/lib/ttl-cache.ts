/**
 * A small bounded cache with a time-to-live, oldest entry evicted first: validated
 * GraphQL documents and plans, verified tokens, shared reads (graphql/execution/share.ts), the
 * login failures of one process (modules/auth/login-throttle.ts).
 */
export class TtlCache<Value> {
  private readonly entries = new Map<string, { value: Value; expires: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, now = Date.now()): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** `expires` defaults to `now` plus the time-to-live; a fixed window passes its own end. */
  set(key: string, value: Value, now = Date.now(), expires = now + this.ttlMs): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expires });
  }
}
