/**
 * The Node.js flags the server process runs with: `npm start` (scripts/start.mjs) starts it
 * with them, and so do the benches (bench/src/load/server-process.ts), so that they measure
 * the server users run (ADR 0042).
 *
 * --max-semi-space-size=8: V8's young generation at most 2 x 8 MB instead of 2 x 16 MB. A
 * server rendering documents grows the default to its maximum and keeps it: a pack of 1,000
 * invoices peaked 15 to 45 MB higher. 4 MB cost the search load 29 % more CPU per search; 2 MB
 * let each invoice's objects outlive the young generation (the pack then peaked near 300 MB).
 *
 * No --enable-source-maps: Node would keep the parsed source map of every module that has
 * one (the server's bundle, pdfkit, fontkit), about 20 MB. A logged error's stack is mapped to
 * the sources when it is logged (apps/server/src/lib/source-stack.ts).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];
