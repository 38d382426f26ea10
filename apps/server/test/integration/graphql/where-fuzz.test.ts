import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlBuilder } from '../../../src/graphql/compiler/sql-builder';
import { compileWhere } from '../../../src/graphql/compiler/where';
import { GraphqlApiError } from '../../../src/graphql/errors';
import type { TableName } from '../../../src/graphql/metadata/tables';
import type { RequestScope } from '../../../src/modules/scope/scope';
import { testDatabaseTargets } from '../support/databases';
import { closeGraphqlContext, openGraphqlContext, type GraphqlClient, type GraphqlContext } from './graphql-context';
import { NASTY_STRINGS, illTypedWhere, random, wellTypedWhere } from './where-fuzzer';
import { reportRobustness } from '../support/robustness-report';

/**
 * R-SEC-09: >= 5,000 generated filters, 0 server errors, no SQL text in any
 * response. Filters are random trees of operators, columns, relations and values (nasty
 * strings, extreme numbers, wrong types), sent 25 per request as aliased root fields.
 */
const TABLES: TableName[] = [
  'MKP_FluxFinancier',
  'MKP_FluxFinancier',
  'MKP_FluxFinancierDetail',
  'STR_Structure',
  'FEDE_Saison',
];
const WELL_TYPED = 4_000;
const ILL_TYPED = 1_000;
const BATCH = 25;
/** What a leaked database error or compiled statement would look like. */
const SQL_MARKERS = [
  'syntax error',
  'relation "',
  'column "',
  'SELECT ',
  ' FROM "',
  '::text',
  '::integer',
  'json_build_object',
  'EXISTS (',
  'at or near',
  'violates',
  'pg_',
];
const ALLOWED_CODES = new Set(['validation-failed', 'data-exception']);

interface Filter {
  table: TableName;
  where: Record<string, unknown>;
  aggregate: boolean;
}

function generate(count: number, seed: number, make: typeof wellTypedWhere): Filter[] {
  const r = random(seed);
  return Array.from({ length: count }, () => {
    const table = r.pick(TABLES);
    return { table, where: make(table, r), aggregate: r.next() < 0.2 };
  });
}

function batchDocument(filters: Filter[]): string {
  const variables = filters.map((f, i) => `$w${i}: ${f.table}_bool_exp`).join(', ');
  const fields = filters.map((f, i) =>
    f.aggregate
      ? `f${i}: ${f.table}_aggregate(where: $w${i}) { aggregate { count } }`
      : `f${i}: ${f.table}(where: $w${i}, limit: 3) { id }`,
  );
  return `query Fuzz(${variables}) { ${fields.join(' ')} }`;
}

async function sendBatches(
  client: GraphqlClient,
  filters: Filter[],
): Promise<{ answered: number; failures: string[] }> {
  let answered = 0;
  const failures: string[] = [];
  for (let start = 0; start < filters.length; start += BATCH) {
    const batch = filters.slice(start, start + BATCH);
    const variables = Object.fromEntries(batch.map((f, i) => [`w${i}`, f.where]));
    const response = await client(batchDocument(batch), variables);
    const problem =
      response.status >= 500
        ? `HTTP ${response.status}`
        : (SQL_MARKERS.find((marker) => response.raw.includes(marker)) ??
          response.errors?.map((e) => e.extensions.code).find((code) => !ALLOWED_CODES.has(code)));
    if (problem)
      failures.push(`${problem}: ${response.raw.slice(0, 300)} <- ${JSON.stringify(variables).slice(0, 300)}`);
    if (response.data) answered += batch.length;
  }
  return { answered, failures };
}

const clubScope = {
  actor: { userId: 1, isSuperAdmin: false },
  currentStructureId: 9,
  currentStructureType: 1,
  unrestricted: false,
  standing: { blocked: false, affiliated: true, affiliatedCurrentSeason: true },
} as unknown as RequestScope;

describe('where compiler, property: values never become SQL text', () => {
  it(`compiles ${WELL_TYPED} random filters with every value as a parameter`, () => {
    let compiled = 0;
    for (const filter of generate(WELL_TYPED, 7, wellTypedWhere)) {
      const b = new SqlBuilder(clubScope);
      let text: string;
      try {
        text = compileWhere(filter.table, 't0', filter.where, b);
      } catch (error) {
        expect(error).toBeInstanceOf(GraphqlApiError); // refused with a message, never a crash
        continue;
      }
      compiled += 1;
      expect(text).not.toMatch(/'/); // no string literal at all: every value is a $n parameter
      for (const nasty of NASTY_STRINGS.filter((s) => /[a-z]{3}/i.test(s))) expect(text).not.toContain(nasty);
    }
    expect(compiled).toBeGreaterThan(WELL_TYPED / 2);
  });
});

describe.each(testDatabaseTargets())('GraphQL where fuzzing on $name (R-SEC-09)', (target) => {
  let context: GraphqlContext;

  beforeAll(async () => {
    context = await openGraphqlContext(target);
  });
  afterAll(() => closeGraphqlContext(context));

  it(`answers ${WELL_TYPED} well-typed random filters without a server error or SQL text`, async () => {
    const filters = generate(WELL_TYPED, 1318, wellTypedWhere);
    const half = WELL_TYPED / 2;
    const club = await sendBatches(context.club, filters.slice(0, half));
    const siege = await sendBatches(context.siege, filters.slice(half));
    expect([...club.failures, ...siege.failures]).toEqual([]);
    // Most batches really ran their SQL (a batch with one refused filter answers errors only).
    expect(club.answered + siege.answered).toBeGreaterThan(WELL_TYPED / 4);
    reportRobustness({
      check: 'filtres where générés, bien typés',
      target: target.name,
      cases: WELL_TYPED,
      failures: 0,
    });
  });

  it(`refuses ${ILL_TYPED} ill-typed filters with validation-failed, never a server error`, async () => {
    const { answered, failures } = await sendBatches(context.club, generate(ILL_TYPED, 42, illTypedWhere));
    expect(failures).toEqual([]);
    expect(answered).toBe(0);
    reportRobustness({ check: 'filtres where générés, mal typés', target: target.name, cases: ILL_TYPED, failures: 0 });
  });

  it('still has every table after the fuzzing', async () => {
    const rows = await context.database.query<{ n: string }>(`SELECT count(*)::text AS n FROM "MKP_FluxFinancier"`);
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
  });
});
