import type { IssuanceSettings } from '../../modules/flux-documents/issue-documents';
import {
  BREAK,
  Kind,
  defaultFieldResolver,
  execute,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  visit,
  type DocumentNode,
  type GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { HttpError } from '../../lib/http-errors';
import type { RequestScope } from '../../modules/scope/scope';
import { markBusinessEvent } from '../../plugins/business-events';
import { resolveScope } from '../../plugins/scope';
import type { GraphqlContext } from '../context';
import type { GraphqlCache } from './caches';
import { clearingSharedReads } from './share';
import { executeDirectly } from './direct-path';
import { toHasuraError, type HasuraCode, type HasuraError } from '../errors';
import { frenchGraphqlMessage } from '../french-graphql-messages';
import { LIMITS } from '../limits';
import { mutationRefusal } from '../metadata/mutation-grants';
import { graphqlSchema } from '../schema/build-schema';
import { TtlCache } from '../../lib/ttl-cache';
import { Semaphore } from '../../lib/semaphore';
import { COST_BUDGET, HEAVY_QUERY_COST, operationCost } from '../cost';
import type { HeavySlots } from '../heavy-queries';
import { tableRowBound } from '../table-bounds';
import { readFromPrimary } from '../../db/read-routing';

export interface GraphqlRequestBody {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | null;
}

export interface GraphqlHttpResult {
  status: number;
  /** An object to serialise, or JSON already serialised (the direct path's response). */
  body: { data: unknown } | { errors: HasuraError[] } | string;
  /** Seconds before trying again (Retry-After), with 429 and 503. */
  retryAfterSeconds?: number;
}

export interface GraphqlExecutionOptions {
  /** Answer eligible queries without graphql-js's executor (direct-path.ts); on by default. */
  directExecution: boolean;
  /** __schema and __type for super_administrateur: in development and tests only. */
  introspection: boolean;
  /** What a created or relaunched flux's documents freeze besides the database (its ICS). */
  issuance: IssuanceSettings;
  /** Caches switched off, for the bench only (execution/caches.ts). */
  cachesOff?: ReadonlySet<GraphqlCache>;
  /** The heavy queries each user runs at once, over every process (heavy-queries.ts). */
  heavySlots: HeavySlots;
}

const failure = (code: HasuraCode, message: string, status = 200, retryAfterSeconds?: number): GraphqlHttpResult => ({
  status,
  body: { errors: [{ message, extensions: { code, path: '$' } }] },
  ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
});

const frenchNumber = (value: number) => Math.round(value).toLocaleString('fr-FR');

export const INTROSPECTION_REFUSED =
  "L'introspection du schéma GraphQL est réservée aux super administrateurs, en développement.";
export const HEAVY_QUERIES_REFUSED =
  'Trop de requêtes lourdes en cours pour votre compte : attendez la fin des précédentes, puis réessayez.';
export const responseTooLarge = () =>
  `Réponse trop volumineuse (plus de ${LIMITS.maxResponseBytes / 1024 / 1024} Mo) : demandez moins de lignes ou de champs.`;

/** Nested values are JSON keyed by response key (alias): read them by that key. */
const jsonFieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  const key = String(info.path.key);
  if (source !== null && typeof source === 'object' && Object.hasOwn(source, key))
    return (source as Record<string, unknown>)[key];
  return defaultFieldResolver(source, args, context, info);
};

/**
 * Parsed documents that passed validation, by query text: the schema is built once per
 * process and never changes while it runs, so nothing makes one invalid (a new schema
 * comes with a new process).
 */
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
  options: GraphqlExecutionOptions,
): Promise<GraphqlHttpResult> {
  const schema = graphqlSchema();
  const keepDocuments = !options.cachesOff?.has('documents');
  let document = keepDocuments ? validDocuments.get(body.query) : undefined;
  let parsed = document;
  if (!parsed) {
    try {
      parsed = parse(body.query, { maxTokens: 50_000 });
    } catch (error) {
      return failure('validation-failed', frenchGraphqlMessage((error as Error).message));
    }
  }

  const operation = getOperationAST(parsed, body.operationName);
  if (!operation) return failure('validation-failed', 'Opération introuvable : précisez operationName.');
  if (usesIntrospection(parsed) && !(options.introspection && request.actor?.isSuperAdmin)) {
    return failure('access-denied', INTROSPECTION_REFUSED, 403);
  }
  // Before validation too: a fan-out of fragments is refused before graphql-js walks it.
  const cost = await costWithinBudget(schema, parsed, operation, body.variables, database);
  if (typeof cost !== 'number') return cost;

  if (!document) {
    const validationErrors = validate(schema, parsed, specifiedRules, { maxErrors: 20 });
    if (validationErrors.length > 0)
      return { status: 200, body: { errors: validationErrors.map((e) => toHasuraError(e).error) } };
    document = parsed;
    if (keepDocuments) validDocuments.set(body.query, document);
  }

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

  const releaseHeavy =
    cost >= HEAVY_QUERY_COST ? await options.heavySlots.acquire(scope.actor.userId) : () => undefined;
  if (!releaseHeavy) return failure('busy', HEAVY_QUERIES_REFUSED, 429, Math.ceil(LIMITS.heavyQueryWaitMs / 1000));
  try {
    const contextValue: GraphqlContext = {
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
    const execution: Execution = { schema, document, body, contextValue, log };
    if (operation.operation === 'mutation') {
      const refusal = mutationRefusal(scope, operation, document);
      if (refusal) return failure('permission-error', refusal);
      readFromPrimary(); // its read-back sees its own rows, never the replica's (ADR 0052)
      const result = await executeMutation(execution);
      // A mutation that answered data (errors come as an object) is the business event.
      if (typeof result.body === 'string')
        markBusinessEvent(request, { name: 'graphql.mutation', details: { fields: rootFieldNames(operation) } });
      return result;
    }
    if (options.directExecution) {
      const direct = await executeDirectly(schema, document, operation, contextValue);
      if (direct?.ok) {
        if (direct.json.length > LIMITS.maxResponseBytes) return failure('validation-failed', responseTooLarge(), 400);
        return { status: 200, body: direct.json };
      }
      if (direct) return formatErrors(direct.errors, log);
    }
    return await executeWithGraphqlJs(execution);
  } finally {
    releaseHeavy();
  }
}

/**
 * The operation's cost (cost.ts), or the refusal when it is over COST_BUDGET. Most
 * requests carry limits and pass on the limits alone; the others are costed again with
 * what the tables hold (their largest ids, looked up at most every 10 s).
 */
async function costWithinBudget(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  database: Database,
): Promise<number | GraphqlHttpResult> {
  let cost = operationCost(schema, document, operation, variables);
  if (cost > COST_BUDGET) cost = operationCost(schema, document, operation, variables, await tableRowBound(database));
  if (cost <= COST_BUDGET) return cost;
  return failure(
    'cost-exceeded',
    `Requête trop coûteuse (coût estimé ${frenchNumber(cost)}, au plus ${frenchNumber(COST_BUDGET)}) : ` +
      "demandez moins de lignes (limit), moins de relations imbriquées ou moins d'alias.",
    400,
  );
}

/** Whether any field of the document is __schema or __type (__typename is no introspection of the schema). */
function usesIntrospection(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** What graphql-js needs to execute one request. */
interface Execution {
  schema: GraphQLSchema;
  document: DocumentNode;
  body: GraphqlRequestBody;
  contextValue: GraphqlContext;
  log: FastifyBaseLogger;
}

/** Mutations clear the shared reads before they write and after (share.ts). */
function executeMutation(execution: Execution): Promise<GraphqlHttpResult> {
  return clearingSharedReads(execution.contextValue.database, () => executeWithGraphqlJs(execution));
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
  if (!result.errors?.length) {
    const json = JSON.stringify({ data: result.data });
    if (json.length > LIMITS.maxResponseBytes) return failure('validation-failed', responseTooLarge(), 400);
    return { status: 200, body: json };
  }
  return formatErrors(result.errors, log);
}

/** Hasura's 200 for request errors; the highest status any error asks for (400, 503, 500) otherwise. */
function formatErrors(errors: readonly GraphQLError[], log: FastifyBaseLogger): GraphqlHttpResult {
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
function rootFieldNames(operation: OperationDefinitionNode): string[] {
  return operation.selectionSet.selections.flatMap((selection) =>
    selection.kind === 'Field' ? [selection.name.value] : [],
  );
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
