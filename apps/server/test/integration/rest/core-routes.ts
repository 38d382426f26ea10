import type { FastifyInstance } from 'fastify';

/**
 * API routes these suites do not cover, each owned and tested elsewhere. Every other
 * route under /api and /v1 must have a case in the tables of cross-structure.test.ts
 * and bad-input.test.ts, or those suites fail.
 */
const EXCLUDED_URLS = new Set([
  '/api/auth/login', // public sign-in: test/integration/auth.test.ts and login-throttle.test.ts
  '/api/auth/refresh', // cookie-backed session: test/integration/sessions.test.ts
  '/api/auth/logout', // cookie-backed session: test/integration/sessions.test.ts
  '/api/health', // public liveness probe, no data
  '/api/me', // the caller's own memberships only: auth.test.ts
  '/v1/graphql', // GraphQL: its own cross-structure and fuzzing suites
]);
/**
 * The flux routes (PDFs, relaunch) belong to the flux modules and their suites; the jobs
 * ('Mes traitements') are the caller's own, with their bad ids and other users' jobs in
 * test/integration/jobs.
 */
const EXCLUDED_PREFIXES = ['/api/flux/', '/api/traitements'];

const isExcluded = (url: string) =>
  EXCLUDED_URLS.has(url) || EXCLUDED_PREFIXES.some((prefix) => url.startsWith(prefix));

/** "METHOD /url" of every API route this directory must cover, from the app's own registry. */
export function coreRouteKeys(app: FastifyInstance): string[] {
  return app.apiRoutes
    .filter((route) => !isExcluded(route.url))
    .map((route) => `${route.method} ${route.url}`)
    .sort();
}

/** The core API's ten calls (R-API-01), as Fastify registers them. */
export const SPEC_CORE_ROUTES = [
  'POST /api/addresses/zipcode/ct_ligue',
  'GET /api/departements/:id',
  'POST /api/addresses/structure/department',
  'POST /api/licences/structure/count',
  'POST /api/files/create-from-url',
  'POST /api/structure_documents/structure',
  'POST /api/files',
  'GET /api/structures/:id/avatar',
  'GET /api/structure_ribs/structure/:id',
  'GET /api/files/structure_document/:id',
];
