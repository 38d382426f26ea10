import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { IssuanceSettings } from '../modules/flux-documents/flux-documents.service';
import { HttpError } from '../lib/http-errors';
import { UNEXPECTED_MESSAGE, type HasuraCode } from './errors';
import type { GraphqlCache } from './execution/caches';
import { executeGraphqlRequest, type GraphqlRequestBody } from './execution/execute-request';
import { createHeavySlots } from './heavy-queries';
import type { SharedPlaces } from '../lib/shared-limits/places';

const MAX_QUERY_LENGTH = 100_000;

/**
 * POST /v1/graphql (queries and mutations) and GET /v1/graphql?query=... (queries only),
 * Hasura v2 conventions. Registered in its own context so that even errors raised before
 * the handler (missing token, bad JSON) answer with Hasura's `{errors: [...]}` shape.
 */
export async function registerGraphql(
  app: FastifyInstance,
  options: {
    database: Database;
    issuance: IssuanceSettings;
    directExecution?: boolean;
    introspection?: boolean;
    cachesOff?: ReadonlySet<GraphqlCache>;
    /** Where the heavy queries' slots are counted, for every process (ADR 0049). */
    places: SharedPlaces;
  },
): Promise<void> {
  const execution = {
    issuance: options.issuance,
    directExecution: options.directExecution ?? true,
    introspection: options.introspection ?? ['development', 'test'].includes(process.env.NODE_ENV ?? ''),
    ...(options.cachesOff?.size ? { cachesOff: options.cachesOff } : {}),
    heavySlots: createHeavySlots(options.places),
  };
  await app.register(async (scoped) => {
    scoped.setErrorHandler(hasuraErrorHandler);
    const handle = (method: 'GET' | 'POST') => async (request: FastifyRequest, reply: FastifyReply) => {
      const body = readBody(method === 'POST' ? request.body : request.query, method);
      if (typeof body === 'string') return sendError(reply, 400, 'parse-failed', body);
      const result = await executeGraphqlRequest(request, options.database, body, method, request.log, execution);
      if (typeof result.body === 'string') reply.type('application/json; charset=utf-8');
      if (result.retryAfterSeconds) reply.header('retry-after', String(result.retryAfterSeconds));
      return reply.status(result.status).send(result.body);
    };
    scoped.post('/v1/graphql', { config: { auth: 'user', event: false } }, handle('POST'));
    scoped.get('/v1/graphql', { config: { auth: 'user' } }, handle('GET'));
  });
}

/** The request's query, variables and operationName, or a French message saying what is wrong. */
function readBody(raw: unknown, method: 'GET' | 'POST'): GraphqlRequestBody | string {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return 'Corps JSON attendu : { query, variables, operationName }.';
  const { query, operationName } = raw as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') return 'Le champ "query" (texte) est obligatoire.';
  if (query.length > MAX_QUERY_LENGTH) return 'Requête trop longue.';
  const variables = readVariables((raw as Record<string, unknown>).variables, method);
  if (typeof variables === 'string') return variables;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return 'Le champ "operationName" doit être un texte.';
  }
  return { query, variables, operationName: (operationName as string | null | undefined) ?? null };
}

/** The variables as an object (JSON text in a GET's query string), or what is wrong with them. */
function readVariables(raw: unknown, method: 'GET' | 'POST'): Record<string, unknown> | string {
  let variables = raw;
  if (method === 'GET' && typeof variables === 'string') {
    try {
      variables = JSON.parse(variables);
    } catch {
      return 'Le paramètre "variables" doit être du JSON.';
    }
  }
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return 'Le champ "variables" doit être un objet.';
  }
  return (variables as Record<string, unknown> | null | undefined) ?? {};
}

function sendError(reply: FastifyReply, status: number, code: HasuraCode, message: string) {
  return reply.status(status).send({ errors: [{ message, extensions: { code, path: '$' } }] });
}

function hasuraErrorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    const code: HasuraCode =
      error.statusCode === 401 ? 'invalid-jwt' : error.statusCode === 403 ? 'access-denied' : 'validation-failed';
    return sendError(reply, error.statusCode, code, error.message);
  }
  if (error.statusCode === 413) return sendError(reply, 413, 'validation-failed', 'Contenu trop volumineux.');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return sendError(reply, error.statusCode, 'invalid-json', 'Corps de requête invalide : JSON attendu.');
  }
  request.log.error({ err: error }, 'graphql: unhandled error');
  return sendError(reply, 500, 'unexpected', UNEXPECTED_MESSAGE);
}
