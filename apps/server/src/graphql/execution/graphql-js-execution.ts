import {
  defaultFieldResolver,
  execute,
  type DocumentNode,
  type GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { FastifyBaseLogger } from 'fastify';
import type { GraphqlContext } from '../context';
import { toHasuraError } from '../errors';
import { LIMITS } from '../limits';
import { failure, responseTooLarge, type GraphqlHttpResult, type GraphqlRequestBody } from './request-checks';
import { clearingSharedReads } from './share';

/** Nested values are JSON keyed by response key (alias): read them by that key. */
const jsonFieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  const key = String(info.path.key);
  if (source !== null && typeof source === 'object' && Object.hasOwn(source, key))
    return (source as Record<string, unknown>)[key];
  return defaultFieldResolver(source, args, context, info);
};

/** What graphql-js needs to execute one request. */
export interface Execution {
  schema: GraphQLSchema;
  document: DocumentNode;
  body: GraphqlRequestBody;
  contextValue: GraphqlContext;
  log: FastifyBaseLogger;
}

/** Mutations clear the shared reads before they write and after (share.ts). */
export function executeMutation(execution: Execution): Promise<GraphqlHttpResult> {
  return clearingSharedReads(execution.contextValue.database, () => executeWithGraphqlJs(execution));
}

export async function executeWithGraphqlJs({
  schema,
  document,
  body,
  contextValue,
  log,
}: Execution): Promise<GraphqlHttpResult> {
  const result = await execute({
    schema,
    document,
    variableValues: body.variables,
    operationName: body.operationName,
    contextValue,
    fieldResolver: jsonFieldResolver,
  });
  if (!result.errors?.length) {
    const json = JSON.stringify({ data: result.data });
    if (json.length > LIMITS.maxResponseBytes) return failure('validation-failed', responseTooLarge(), 400);
    return { status: 200, body: json };
  }
  return formatErrors(result.errors, log);
}

/** Hasura's 200 for request errors; the highest status any error asks for (400, 503, 500) otherwise. */
export function formatErrors(errors: readonly GraphQLError[], log: FastifyBaseLogger): GraphqlHttpResult {
  let status = 200;
  let retryAfterSeconds: number | undefined;
  const formatted = errors.map((graphqlError) => {
    const outcome = toHasuraError(graphqlError);
    if (outcome.unexpected)
      log.error({ err: outcome.unexpected, path: graphqlError.path }, 'graphql: unexpected error');
    status = Math.max(status, outcome.status);
    retryAfterSeconds = outcome.retryAfterSeconds ?? retryAfterSeconds;
    return outcome.error;
  });
  return { status, body: { errors: formatted }, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
}

/** The names of an operation's root fields as written (a mutation's, for its event log line). */
export function rootFieldNames(operation: OperationDefinitionNode): string[] {
  return operation.selectionSet.selections.flatMap((selection) =>
    selection.kind === 'Field' ? [selection.name.value] : [],
  );
}
