import {
  BREAK,
  Kind,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { TtlCache } from '../../lib/ttl-cache';
import { COST_BUDGET, operationCost } from '../cost';
import { toHasuraError, type HasuraCode, type HasuraError } from '../errors';
import { frenchGraphqlMessage } from '../french-graphql-messages';
import { LIMITS } from '../limits';
import { graphqlSchema } from '../schema/build-schema';
import type { HeavySlots } from '../heavy-queries';
import type { IssuanceSettings } from '../../modules/flux-documents/flux-documents.service';
import type { GraphqlCache } from './caches';
import { tableRowBound } from '../table-bounds';

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

export const failure = (
  code: HasuraCode,
  message: string,
  status = 200,
  retryAfterSeconds?: number,
): GraphqlHttpResult => ({
  status,
  body: { errors: [{ message, extensions: { code, path: '$' } }] },
  ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
});

const frenchNumber = (value: number) => Math.round(value).toLocaleString('fr-FR');

const INTROSPECTION_REFUSED =
  "L'introspection du schéma GraphQL est réservée aux super administrateurs, en développement.";
export const HEAVY_QUERIES_REFUSED =
  'Trop de requêtes lourdes en cours pour votre compte : attendez la fin des précédentes, puis réessayez.';
export const responseTooLarge = () =>
  `Réponse trop volumineuse (plus de ${LIMITS.maxResponseBytes / 1024 / 1024} Mo) : demandez moins de lignes ou de champs.`;

/**
 * Parsed documents that passed validation, by query text: the schema is built once per
 * process and never changes while it runs, so nothing makes one invalid (a new schema
 * comes with a new process).
 */
const validDocuments = new TtlCache<DocumentNode>(500, 60 * 60_000);

/** A request that passed its checks: its schema, its valid document, the operation and its cost. */
export interface CheckedRequest {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  cost: number;
}

/**
 * A request's checks before it runs, in this order: parsed (or a document validated before), its
 * operation found, no introspection but a super administrateur's where allowed, its cost within
 * budget (before validation too: a fan-out of fragments is refused before graphql-js walks it),
 * valid, a query when sent by GET, and not too many root fields. The refusal, or what passed.
 */
export async function checkedRequest(
  request: FastifyRequest,
  database: Database,
  body: GraphqlRequestBody,
  method: 'GET' | 'POST',
  options: Pick<GraphqlExecutionOptions, 'introspection' | 'cachesOff'>,
): Promise<CheckedRequest | GraphqlHttpResult> {
  const schema = graphqlSchema();
  const keepDocuments = !options.cachesOff?.has('documents');
  const known = keepDocuments ? validDocuments.get(body.query) : undefined;
  const parsed = known ?? parsedQuery(body.query);
  if ('status' in parsed) return parsed;
  const operation = getOperationAST(parsed, body.operationName);
  if (!operation) return failure('validation-failed', 'Opération introuvable : précisez operationName.');
  if (introspectionRefused(parsed, request, options)) return failure('access-denied', INTROSPECTION_REFUSED, 403);
  const cost = await costWithinBudget(schema, parsed, operation, body.variables, database);
  if (typeof cost !== 'number') return cost;
  const document = known ?? validDocument(schema, parsed, body.query, keepDocuments);
  if ('status' in document) return document;
  return shapeRefusal(operation, document, method) ?? { schema, document, operation, cost };
}

/** __schema and __type: for a super administrateur, where introspection is allowed. */
function introspectionRefused(
  document: DocumentNode,
  request: FastifyRequest,
  options: Pick<GraphqlExecutionOptions, 'introspection'>,
): boolean {
  return usesIntrospection(document) && !(options.introspection && request.actor?.isSuperAdmin);
}

/** A mutation sent by GET, or too many root fields. */
function shapeRefusal(
  operation: OperationDefinitionNode,
  document: DocumentNode,
  method: 'GET' | 'POST',
): GraphqlHttpResult | null {
  if (method === 'GET' && operation.operation !== 'query')
    return failure('validation-failed', 'Les mutations se font en POST.');
  if (countRootFields(operation.selectionSet, document) > LIMITS.maxRootFields) {
    return failure('validation-failed', `Trop de champs racine (au plus ${LIMITS.maxRootFields}).`);
  }
  return null;
}

function parsedQuery(query: string): DocumentNode | GraphqlHttpResult {
  try {
    return parse(query, { maxTokens: 50_000 });
  } catch (error) {
    return failure('validation-failed', frenchGraphqlMessage((error as Error).message));
  }
}

/** The document when valid (kept for the next requests of the same text with `keep`), else its errors. */
function validDocument(
  schema: GraphQLSchema,
  parsed: DocumentNode,
  query: string,
  keep: boolean,
): DocumentNode | GraphqlHttpResult {
  const validationErrors = validate(schema, parsed, specifiedRules, { maxErrors: 20 });
  if (validationErrors.length > 0)
    return { status: 200, body: { errors: validationErrors.map((e) => toHasuraError(e).error) } };
  if (keep) validDocuments.set(query, parsed);
  return parsed;
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
