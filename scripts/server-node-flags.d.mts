/** Types of scripts/server-node-flags.mjs for the TypeScript that imports it (the benches). */
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare const SERVER_ENVIRONMENT: Readonly<Record<string, string>>;
