/**
 * A small bounded cache with a time-to-live, oldest entry evicted first. Used for parsed
 * and validated GraphQL documents (the screens send the same few documents) and for the
 * capped counts of searches (recomputing "plus de 10 000" on every page change costs more
 * than the page itself, and a few seconds of staleness is invisible in a capped total).
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

  set(key: string, value: Value, now = Date.now()): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expires: now + this.ttlMs });
  }
}
