import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { OperationDefinitionNode } from 'graphql';
import type { Database } from '../../db/database';
import { readFromPrimary } from '../../db/read-routing';
import { HttpError } from '../../lib/http-errors';
import { Semaphore } from '../../lib/semaphore';
import type { RequestScope } from '../../modules/scope/scope';
import { markBusinessEvent } from '../../plugins/business-events';
import { resolveScope } from '../../plugins/scope';
import type { GraphqlContext } from '../context';
import { HEAVY_QUERY_COST } from '../cost';
import { LIMITS } from '../limits';
import { mutationRefusal } from '../metadata/mutation-grants';
import { executeDirectly } from './direct-path';
import {
  executeMutation,
  executeWithGraphqlJs,
  formatErrors,
  rootFieldNames,
  type Execution,
} from './graphql-js-execution';
import {
  checkedRequest,
  failure,
  HEAVY_QUERIES_REFUSED,
  responseTooLarge,
  type CheckedRequest,
  type GraphqlExecutionOptions,
  type GraphqlHttpResult,
  type GraphqlRequestBody,
} from './request-checks';

export type { GraphqlExecutionOptions, GraphqlHttpResult, GraphqlRequestBody } from './request-checks';

/**
 * One GraphQL request, Hasura style: any error gives `{errors}` without data (HTTP 200,
 * 500 only for the unexpected, which is logged and never described).
 */
export async function executeGraphqlRequest(
  request: FastifyRequest,
  database: Database,
  body: GraphqlRequestBody,
  method: 'GET' | 'POST',
  log: FastifyBaseLogger,
  options: GraphqlExecutionOptions,
): Promise<GraphqlHttpResult> {
  const checked = await checkedRequest(request, database, body, method, options);
  if ('status' in checked) return checked;
  const scope = await requestScope(request, database);
  if ('status' in scope) return scope;
  const releaseHeavy =
    checked.cost >= HEAVY_QUERY_COST ? await options.heavySlots.acquire(scope.actor.userId) : () => undefined;
  if (!releaseHeavy) return failure('busy', HEAVY_QUERIES_REFUSED, 429, Math.ceil(LIMITS.heavyQueryWaitMs / 1000));
  try {
    const contextValue = requestContext(request, database, body, scope, options);
    const execution: Execution = { schema: checked.schema, document: checked.document, body, contextValue, log };
    return await runOperation(request, checked, execution, options);
  } finally {
    releaseHeavy();
  }
}

/** The caller's scope, or the refusal (403 as 'access-denied'). */
async function requestScope(request: FastifyRequest, database: Database): Promise<RequestScope | GraphqlHttpResult> {
  try {
    return await resolveScope(request, database);
  } catch (error) {
    if (error instanceof HttpError)
      return failure(error.statusCode === 403 ? 'access-denied' : 'validation-failed', error.message);
    throw error;
  }
}

function requestContext(
  request: FastifyRequest,
  database: Database,
  body: GraphqlRequestBody,
  scope: RequestScope,
  options: GraphqlExecutionOptions,
): GraphqlContext {
  return {
    database,
    scope,
    issuance: options.issuance,
    rawVariables: body.variables,
    // A reader whose own write the replica lacks reads the primary, never a read shared by others (ADR 0052).
    freshReads:
      /no-cache/i.test(String(request.headers['cache-control'] ?? '')) ||
      (database.readReplica?.ownWritesPending() ?? false),
    wordLookups: new Map(),
    statements: new Semaphore(LIMITS.statementsPerRequest),
    ...(options.cachesOff ? { cachesOff: options.cachesOff } : {}),
  };
}

/** A mutation through graphql-js; a query on the direct path when it can take it, else through graphql-js. */
async function runOperation(
  request: FastifyRequest,
  { schema, document, operation }: CheckedRequest,
  execution: Execution,
  options: GraphqlExecutionOptions,
): Promise<GraphqlHttpResult> {
  if (operation.operation === 'mutation') return runMutation(request, operation, execution);
  if (options.directExecution) {
    const direct = await executeDirectly(schema, document, operation, execution.contextValue);
    if (direct?.ok) {
      if (direct.json.length > LIMITS.maxResponseBytes) return failure('validation-failed', responseTooLarge(), 400);
      return { status: 200, body: direct.json };
    }
    if (direct) return formatErrors(direct.errors, execution.log);
  }
  return await executeWithGraphqlJs(execution);
}

async function runMutation(
  request: FastifyRequest,
  operation: OperationDefinitionNode,
  execution: Execution,
): Promise<GraphqlHttpResult> {
  const refusal = mutationRefusal(execution.contextValue.scope, operation, execution.document);
  if (refusal) return failure('permission-error', refusal);
  readFromPrimary(); // its read-back sees its own rows, never the replica's (ADR 0052)
  const result = await executeMutation(execution);
  // A mutation that answered data (errors come as an object) is the business event.
  if (typeof result.body === 'string')
    markBusinessEvent(request, { name: 'graphql.mutation', details: { fields: rootFieldNames(operation) } });
  return result;
}
