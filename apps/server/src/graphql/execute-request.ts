import {
  Kind,
  defaultFieldResolver,
  execute,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { HttpError } from '../lib/http-errors';
import { resolveScope, type RequestScope } from '../modules/scope/scope';
import type { GraphqlContext } from './context';
import { readCacheOf } from '../db/read-cache';
import { executeDirectly } from './direct-execution';
import { toHasuraError, type HasuraCode, type HasuraError } from './errors';
import { LIMITS } from './limits';
import { mutationRefusal } from './metadata/mutation-grants';
import { graphqlSchema } from './schema/build-schema';
import { TtlCache } from '../lib/ttl-cache';

export interface GraphqlRequestBody {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | null;
}

export interface GraphqlHttpResult {
  status: number;
  /** An object to serialise, or JSON already serialised (the direct path's response). */
  body: { data: unknown } | { errors: HasuraError[] } | string;
}

export interface GraphqlExecutionOptions {
  /** Answer eligible queries without graphql-js's executor (direct-execution.ts); on by default. */
  directExecution: boolean;
}

const failure = (code: HasuraCode, message: string, status = 200): GraphqlHttpResult => ({
  status,
  body: { errors: [{ message, extensions: { code, path: '$' } }] },
});

/** Nested values are JSON keyed by response key (alias): read them by that key. */
const jsonFieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  const key = String(info.path.key);
  if (source !== null && typeof source === 'object' && Object.hasOwn(source, key))
    return (source as Record<string, unknown>)[key];
  return defaultFieldResolver(source, args, context, info);
};

/** Parsed documents that passed validation (the schema never changes while running). */
const validDocuments = new TtlCache<DocumentNode>(500, 60 * 60_000);

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
  options: GraphqlExecutionOptions = { directExecution: true },
): Promise<GraphqlHttpResult> {
  const schema = graphqlSchema();
  let document = validDocuments.get(body.query);
  if (!document) {
    try {
      document = parse(body.query, { maxTokens: 50_000 });
    } catch (error) {
      return failure('validation-failed', (error as Error).message);
    }
    const validationErrors = validate(schema, document, specifiedRules, { maxErrors: 20 });
    if (validationErrors.length > 0)
      return { status: 200, body: { errors: validationErrors.map((e) => toHasuraError(e).error) } };
    validDocuments.set(body.query, document);
  }

  const operation = getOperationAST(document, body.operationName);
  if (!operation) return failure('validation-failed', 'Opération introuvable : précisez operationName.');
  if (method === 'GET' && operation.operation !== 'query')
    return failure('validation-failed', 'Les mutations se font en POST.');
  if (countRootFields(operation.selectionSet, document) > LIMITS.maxRootFields) {
    return failure('validation-failed', `Trop de champs racine (au plus ${LIMITS.maxRootFields}).`);
  }

  let scope: RequestScope;
  try {
    scope = await resolveScope(request, database);
  } catch (error) {
    if (error instanceof HttpError)
      return failure(error.statusCode === 403 ? 'access-denied' : 'validation-failed', error.message);
    throw error;
  }

  const contextValue: GraphqlContext = {
    database,
    scope,
    rawVariables: body.variables,
    freshReads: /no-cache/i.test(String(request.headers['cache-control'] ?? '')),
    wordLookups: new Map(),
  };
  const execution: Execution = { schema, document, body, contextValue, log };
  if (operation.operation === 'mutation') {
    const refusal = mutationRefusal(scope, operation, document);
    return refusal ? failure('permission-error', refusal) : executeMutation(execution);
  }
  if (options.directExecution) {
    const direct = await executeDirectly(schema, document, operation, contextValue);
    if (direct?.ok) return { status: 200, body: direct.json };
    if (direct) return formatErrors(direct.errors, log);
  }
  return executeWithGraphqlJs(execution);
}

/** What graphql-js needs to execute one request. */
interface Execution {
  schema: GraphQLSchema;
  document: DocumentNode;
  body: GraphqlRequestBody;
  contextValue: GraphqlContext;
  log: FastifyBaseLogger;
}

/** Mutations clear the shared reads before they write and after (db/read-cache.ts). */
async function executeMutation(execution: Execution): Promise<GraphqlHttpResult> {
  const cache = readCacheOf(execution.contextValue.database);
  cache.clear();
  try {
    return await executeWithGraphqlJs(execution);
  } finally {
    cache.clear();
  }
}

async function executeWithGraphqlJs({
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
  if (!result.errors?.length) return { status: 200, body: { data: result.data } };
  return formatErrors(result.errors, log);
}

function formatErrors(errors: readonly GraphQLError[], log: FastifyBaseLogger): GraphqlHttpResult {
  let status = 200;
  const formatted = errors.map((graphqlError) => {
    const { error, unexpected } = toHasuraError(graphqlError);
    if (unexpected) {
      status = 500;
      log.error({ err: unexpected, path: graphqlError.path }, 'graphql: unexpected error');
    }
    return error;
  });
  return { status, body: { errors: formatted } };
}

/** Root fields of the operation, through fragments: each one costs one SQL statement. */
function countRootFields(selectionSet: SelectionSetNode, document: DocumentNode, seen = new Set<string>()): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) count += 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) count += countRootFields(selection.selectionSet, document, seen);
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = document.definitions.find(
        (definition) => definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === selection.name.value,
      ) as FragmentDefinitionNode | undefined;
      if (fragment) count += countRootFields(fragment.selectionSet, document, seen);
    }
  }
  return count;
}
