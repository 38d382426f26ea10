import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import type { GraphqlContext } from '../context';
import { compileRootField, rootSelection, type RootFieldKind } from '../execution/compile';
import { answerRootField } from '../execution/share';
import type { TableName } from '../metadata/tables';

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;

/**
 * graphql-js's resolvers of the root query fields: the read pipeline's stages
 * (execution/: compile, run, share), as the direct path runs them, the JSON parsed.
 */
export const rootFieldResolver =
  (table: TableName, kind: RootFieldKind): Resolver =>
  async (_source, args, context, info) =>
    JSON.parse(
      await answerRootField(compileRootField(table, kind, rootSelection(info, context, args), context), context),
    );

/** After a mutation: the written row, read back through the same scoped compiler. */
export async function readBack(
  table: TableName,
  id: number | null,
  context: GraphqlContext,
  info: GraphQLResolveInfo,
): Promise<unknown> {
  if (id === null) return null;
  const field = { ...rootSelection(info, context, {}), args: { id } };
  // Never a shared read: the row as this mutation left it.
  const fresh = { ...context, freshReads: true };
  return JSON.parse(await answerRootField(compileRootField(table, 'by_pk', field, fresh), fresh));
}
