import { vi } from 'vitest';

export type ApiHandler = (request: Request) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces the global fetch with handlers keyed by "METHOD /path" (query ignored);
 * anything else answers 404, so an unexpected call shows up as a failing assertion.
 */
export function stubApi(handlers: Record<string, ApiHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    const handler = handlers[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse({ message: 'Ressource introuvable' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The Request the app sent on the n-th call of the stub. */
export function sentRequest(fetchMock: ReturnType<typeof stubApi>, call = 0): Request {
  const args = fetchMock.mock.calls[call];
  if (!args) throw new Error(`fetch was not called ${call + 1} time(s)`);
  return new Request(new URL(String(args[0]), 'http://localhost'), args[1]);
}
