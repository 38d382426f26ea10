import {
  locatedError,
  visit,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { GraphqlContext } from '../context';
import { operationPlan, type OperationPlan } from './plan';
import { answerRootField } from './share';

/**
 * Read-only operations answered without graphql-js's executor, as Hasura does: every
 * root field is one SQL statement whose JSON PostgreSQL builds already keyed by response
 * key, in selection order, with scalars in their serialised form (json-scalar.ts), so
 * the response is the concatenation of those JSON texts. The executor would only parse
 * that JSON, walk it field by field and serialise it again: on the flux search this
 * path is what lets one core serve thousands of requests per second. It goes through the
 * same stages as the executor's resolvers: compile (plan.ts, compile.ts), run, share.
 *
 * Anything it does not cover returns null and takes the executor path, which then gives
 * the same answer or the same errors: mutations, introspection and `__typename`,
 * variables that do not coerce, and any error found while compiling. Errors raised by
 * PostgreSQL are reported like the executor reports them (one per root field).
 */
export type DirectResult = { ok: true; json: string } | { ok: false; errors: GraphQLError[] };

const eligibleOperations = new WeakMap<OperationDefinitionNode, boolean>();

/** How many operations each path answered (observability, and tests that check the path taken). */
export const directExecutionStats = { direct: 0, executor: 0 };

export async function executeDirectly(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  context: GraphqlContext,
): Promise<DirectResult | null> {
  const plan = isEligible(document, operation) ? operationPlan(schema, document, operation, context) : null;
  directExecutionStats[plan ? 'direct' : 'executor'] += 1;
  return plan ? answerPlan(plan, context) : null;
}

/** Every root field answered (at once, within the request's statement slots), then put together. */
async function answerPlan({ fields }: OperationPlan, context: GraphqlContext): Promise<DirectResult> {
  const settled = await Promise.allSettled(fields.map((field) => answerRootField(field.compiled, context)));
  const errors: GraphQLError[] = [];
  const parts: string[] = [];
  settled.forEach((outcome, index) => {
    const { key: responseKey, nodes } = fields[index] as OperationPlan['fields'][number];
    if (outcome.status === 'fulfilled') parts.push(`${JSON.stringify(responseKey)}:${outcome.value}`);
    else errors.push(locatedError(outcome.reason, nodes, [responseKey]));
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, json: `{"data":{${parts.join(',')}}}` };
}

/** A query without introspection or __typename anywhere (those need the executor). */
function isEligible(document: DocumentNode, operation: OperationDefinitionNode): boolean {
  let eligible = eligibleOperations.get(operation);
  if (eligible === undefined) {
    eligible = operation.operation === 'query';
    if (eligible) {
      visit(document, {
        Field(node) {
          if (node.name.value.startsWith('__')) eligible = false;
        },
      });
    }
    eligibleOperations.set(operation, eligible);
  }
  return eligible;
}
