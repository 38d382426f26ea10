import type { FastifyRequest } from 'fastify';

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * CSRF guard of the cookie-backed endpoints (refresh, logout): the request must come from
 * a page of this very site. Origin names the page's site; it must be the host the request
 * was sent to (Host, or X-Forwarded-Host from a trusted proxy). The scheme is not compared:
 * behind a TLS proxy the server sees http while the page is https. Without Origin, only a
 * browser's own `Sec-Fetch-Site: same-origin` is accepted; anything else is refused.
 */
export function isSameOriginRequest(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'same-origin';
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frame, file:) or garbage
  }
  const [hostname, port] = splitHost(request.host);
  if (!hostname || page.hostname.toLowerCase() !== hostname) return false;
  const pagePort = page.port || DEFAULT_PORTS[page.protocol];
  return port === undefined || port === pagePort;
}

function splitHost(host: string): [string, string | undefined] {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.trim().toLowerCase());
  return match ? [match[1] as string, match[2]] : ['', undefined];
}
