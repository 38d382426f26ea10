/** Bounds on what one request may ask for, so no crafted query can exhaust the server. */
export const LIMITS = {
  /**
   * Rows a list may ask for; a list without a limit returns at most this many. The cost
   * budget (cost.ts) refuses a large list with many fields long before this.
   */
  maxRows: 100_000,
  /** Rows a nested array relation returns when the request gives no limit. */
  maxNestedRows: 1_000,
  maxOffset: 10_000_000,
  /** Root fields (aliases included) in one operation: each one is one SQL statement. */
  maxRootFields: 100,
  /** Nesting of relations in a selection set. */
  maxSelectionDepth: 6,
  /** Nodes (keys) in one where clause, and their nesting. */
  maxWhereNodes: 300,
  maxWhereDepth: 12,
  maxInListLength: 1_000,
  maxStringLength: 1_000,
  maxOrderByItems: 20,
  /** JSON of one response: beyond this it is refused, not sent (the cost budget keeps far below). */
  maxResponseBytes: 16 * 1024 * 1024,
  /** Root fields of one request running at once (each holds a connection on PostgreSQL). */
  statementsPerRequest: 4,
  /** Heavy queries (cost.ts HEAVY_QUERY_COST) one user runs at once; the next ones wait a little, then 429. */
  heavyQueriesPerUser: 2,
  heavyQueryWaitMs: 2_000,
} as const;
