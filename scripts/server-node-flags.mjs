/**
 * The Node.js flags and environment the server process runs with: `npm start` (scripts/start.mjs) starts it
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

/**
 * The environment the server process adds to its own (ADR 0044).
 *
 * MALLOC_MMAP_THRESHOLD_=262144: glibc's malloc gives buffers of 256 kB and more their own
 * mapping, returned to the system when freed. By default the threshold moves up to the size of
 * the largest mapped buffer freed so far (a 1.5 MB statement, the pg driver's merged reads), and
 * later large buffers come from the process heap, which keeps its pages. A pack of 1,000
 * invoices then peaked at 186-203 MB resident; with the threshold fixed, 157-173 MB. Other C
 * libraries ignore the variable.
 */
export const SERVER_ENVIRONMENT = { MALLOC_MMAP_THRESHOLD_: '262144' };
