import { GraphQLError } from 'graphql';
import { HttpError } from '../lib/http-errors';
import { classifyDatabaseError } from '../db/database-errors';
import { frenchGraphqlMessage } from './french-graphql-messages';

/** Hasura v2 error codes (extensions.code), plus not-found for a missing or invisible row. */
export type HasuraCode =
  | 'validation-failed'
  | 'parse-failed'
  | 'invalid-json'
  | 'permission-error'
  | 'access-denied'
  | 'constraint-violation'
  | 'data-exception'
  | 'invalid-jwt'
  | 'not-found'
  | 'cost-exceeded'
  | 'timeout'
  | 'busy'
  | 'unexpected';

export const UNEXPECTED_MESSAGE = 'Oups, une erreur est survenue...';

/**
 * An error whose French message is safe to return to the caller. `status`: the HTTP
 * status when it is not Hasura's 200 (refusals of what a request costs: 400, 429, 503).
 */
export class GraphqlApiError extends Error {
  constructor(
    readonly code: HasuraCode,
    message: string,
    readonly status = 200,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'GraphqlApiError';
  }
}

export const validationFailed = (message: string) => new GraphqlApiError('validation-failed', message);

function fromHttpError(error: HttpError): GraphqlApiError {
  if (error.statusCode === 401) return new GraphqlApiError('invalid-jwt', error.message);
  if (error.statusCode === 403) return new GraphqlApiError('permission-error', error.message);
  if (error.statusCode === 404) return new GraphqlApiError('not-found', error.message);
  return validationFailed(error.message);
}

/** PostgreSQL errors become French messages by SQLSTATE; the server's own text never leaves. */
function fromDatabaseError(error: unknown): GraphqlApiError | null {
  const refusal = classifyDatabaseError(error);
  if (refusal) {
    const code: HasuraCode =
      refusal.kind === 'statement-timeout'
        ? 'timeout'
        : refusal.kind === 'database-busy'
          ? 'busy'
          : 'validation-failed';
    return new GraphqlApiError(code, refusal.message, refusal.status, refusal.retryAfterSeconds);
  }
  const code = sqlState(error);
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '23505')
    return new GraphqlApiError('constraint-violation', 'Cette opération entre en conflit avec une donnée existante.');
  if (code === '23503') {
    return new GraphqlApiError('constraint-violation', "Une référence (saison, catégorie, structure...) n'existe pas.");
  }
  if (code === '23502') return new GraphqlApiError('constraint-violation', 'Un champ obligatoire est manquant.');
  if (code.startsWith('23'))
    return new GraphqlApiError('constraint-violation', 'Cette opération viole une contrainte des données.');
  if (code.startsWith('22')) return new GraphqlApiError('data-exception', 'Une valeur est invalide ou hors limites.');
  return null;
}

/** The SQLSTATE of a driver error, also when drizzle wraps it (DrizzleQueryError.cause). */
function sqlState(error: unknown): unknown {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 3; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return undefined;
}

/** Any error thrown inside a resolver, as a safe GraphqlApiError (or null: unexpected). */
function toApiError(error: unknown): GraphqlApiError | null {
  if (error instanceof GraphqlApiError) return error;
  if (error instanceof HttpError) return fromHttpError(error);
  return fromDatabaseError(error);
}

export interface HasuraError {
  message: string;
  extensions: { code: HasuraCode; path: string };
}

/** `$.selectionSet.a.selectionSet.b` style path, as Hasura reports them. */
function hasuraPath(error: GraphQLError): string {
  const fields = (error.path ?? []).filter((segment): segment is string => typeof segment === 'string');
  return fields.length === 0 ? '$' : `$.selectionSet.${fields.join('.selectionSet.')}`;
}

/**
 * graphql-js errors without an original error are request errors (syntax, unknown field,
 * wrong variable type): validation-failed. Others are unwrapped; unknown ones are
 * reported as unexpected, without their message.
 */
export interface HasuraErrorOutcome {
  error: HasuraError;
  unexpected: unknown;
  /** HTTP status this error asks for (200 unless a refusal says otherwise). */
  status: number;
  retryAfterSeconds?: number;
}

export function toHasuraError(error: GraphQLError): HasuraErrorOutcome {
  const original = error.originalError;
  if (!original || original === error) {
    return {
      error: {
        message: frenchGraphqlMessage(error.message),
        extensions: { code: 'validation-failed', path: hasuraPath(error) },
      },
      unexpected: null,
      status: 200,
    };
  }
  const api = toApiError(original);
  if (api)
    return {
      error: { message: api.message, extensions: { code: api.code, path: hasuraPath(error) } },
      unexpected: null,
      status: api.status,
      ...(api.retryAfterSeconds ? { retryAfterSeconds: api.retryAfterSeconds } : {}),
    };
  if (original instanceof GraphQLError && !original.originalError) {
    // Input coercion errors raised by graphql-js itself (scalar parsing of variables).
    return {
      error: {
        message: frenchGraphqlMessage(original.message),
        extensions: { code: 'validation-failed', path: hasuraPath(error) },
      },
      unexpected: null,
      status: 200,
    };
  }
  return {
    error: { message: UNEXPECTED_MESSAGE, extensions: { code: 'unexpected', path: hasuraPath(error) } },
    unexpected: original,
    status: 500,
  };
}
