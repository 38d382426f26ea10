import { answerFromEstimate } from '../compiler/count-estimate';
import { withWordLookups, type Lookup } from '../compiler/word-search';
import type { GraphqlContext } from '../context';
import { TtlCache } from '../../lib/ttl-cache';
import { runCompiledRead } from '../graphql-reads.repository';
import type { CompiledRootField } from './compile';

/**
 * The second stage of a GraphQL read: a compiled root field (compile.ts) run through the
 * Database, its JSON text as PostgreSQL built it. The request's root fields share a few
 * connections (LIMITS.statementsPerRequest), not the pool.
 */
export async function runRootField(compiled: CompiledRootField, context: GraphqlContext): Promise<string> {
  const run = () => jsonTexts(compiled, context);
  const texts = await (context.statements ? context.statements.run(run) : run());
  return compiled.kind === 'list' ? `[${texts.join(',')}]` : (texts[0] ?? 'null');
}

/**
 * Statement texts seen lately. A text is prepared (planned once per connection) from its
 * third run within a minute, when its plan does not depend on the values: the screens
 * send the same few shapes again and again; one-off and fuzzed shapes are never kept.
 */
const recentStatements = new TtlCache<number>(1_000, 60_000);
const PREPARE_FROM_RUN = 3;

/** Whether this run of the statement goes through a prepared statement (and counts the run). */
function preparedRun(compiled: CompiledRootField, context: GraphqlContext): boolean {
  if (compiled.planSensitive || context.cachesOff?.has('prepared')) return false;
  const runs = (recentStatements.get(compiled.text) ?? 0) + 1;
  recentStatements.set(compiled.text, runs);
  return runs >= PREPARE_FROM_RUN;
}

/** Runs one compiled statement; each row holds one JSON text `j`. */
async function jsonTexts(compiled: CompiledRootField, context: GraphqlContext): Promise<string[]> {
  const { estimate } = compiled;
  const settled =
    estimate && (await answerFromEstimate(context.database, estimate, await resolvedParams(estimate, context)));
  if (settled) return [settled];
  const prepared = preparedRun(compiled, context);
  const params = await resolvedParams(compiled, context);
  return runCompiledRead(context.database, compiled.text, params, prepared);
}

/** The parameters with the statement's word lookups done (shared within the request). */
function resolvedParams(
  statement: { params: unknown[]; wordLookups: readonly Lookup[] },
  context: GraphqlContext,
): Promise<unknown[]> | unknown[] {
  return statement.wordLookups.length === 0
    ? statement.params
    : withWordLookups(context.database, statement.params, statement.wordLookups, context.wordLookups);
}
