/** Bounds on what one request may ask for, so no crafted query can exhaust the server. */
export const LIMITS = {
  /** Rows per list (the export of a whole search uses one request of this size). */
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
} as const;
