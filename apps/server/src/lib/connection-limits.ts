import type { Server } from 'node:http';

/**
 * How long and how many connections one process keeps (R-SEC-18). A socket that never
 * finishes its headers, a request body that never ends and an idle keep-alive socket each
 * hold a file descriptor and memory: without a bound, a few hundred silent sockets are kept
 * for minutes. Beyond `maxConnections`, new sockets are closed at once (the reverse proxy in
 * front answers its own 502/503 before that).
 */
export interface ConnectionLimits {
  /** A request's headers must all arrive within this long (slow or half-open sockets are closed). */
  headersTimeoutMs: number;
  /** The whole request (headers and body) must arrive within this long (a slow upload is cut). */
  requestTimeoutMs: number;
  /** An idle keep-alive socket is closed after this long; above the proxy's own upstream keep-alive. */
  keepAliveTimeoutMs: number;
  /** Sockets open at once in this process. */
  maxConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 72_000,
  maxConnections: 1000,
};

/**
 * Node checks the headers and request deadlines on a timer (every 30 s by default): a
 * socket would outlive its deadline by that much. Checked at a quarter of the headers
 * deadline instead, at most once a second and at least every 5 s.
 */
function connectionsCheckingInterval(limits: ConnectionLimits): number {
  return Math.min(5_000, Math.max(250, Math.floor(limits.headersTimeoutMs / 4)));
}

/** Fastify's server options for `limits` (deadlines set when the Node server is created). */
export function fastifyConnectionOptions(limits: ConnectionLimits) {
  return {
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingInterval(limits),
    },
  };
}

/** The cap on sockets at once: Node closes a socket accepted beyond it. */
export function capConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
}
