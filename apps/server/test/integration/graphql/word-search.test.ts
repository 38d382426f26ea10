import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WORDS } from '../../../src/graphql/compiler/word-search';
import { testDatabaseTargets } from '../support/databases';
import { closeGraphqlContext, openGraphqlContext, sqlIds, type GraphqlContext } from './graphql-context';

/**
 * "Libellé contient" (R-SEARCH-06: label contains, case-insensitive) answered
 * through the label's words (graphql/compiler/word-search.ts) must give exactly what
 * ILIKE gives, whatever the labels hold, and see new and renamed labels at once.
 */
const TRICKY_LABELS = [
  'Cotisation  double  espace',
  'ÉTÉ Stage Été',
  'tabulation\tdans le libellé',
  'Réaffiliation club',
  'x-AFFILIATION-y',
  ' Espace en tête et en fin ',
  'Straße Ölmühle ÇA',
  '100% remboursé_total',
  'Chemin c:\\dossier',
];

describe.each(testDatabaseTargets())('label search by words on $name', (target) => {
  let context: GraphqlContext;
  let statements: string[] = [];
  let calls: Array<{ text: string; params: unknown[] }> = [];

  const search = async (where: unknown) => {
    const response = await context.superAdmin<{
      MKP_FluxFinancier: Array<{ id: number }>;
      total: { aggregate: { count: number } };
    }>(
      `query($w: MKP_FluxFinancier_bool_exp) {
        MKP_FluxFinancier(where: $w, order_by: {id: asc}) { id }
        total: MKP_FluxFinancier_aggregate(where: $w) { aggregate { count } }
      }`,
      { w: where },
      { 'cache-control': 'no-cache' },
    );
    expect(response.errors).toBeUndefined();
    const ids = response.data?.MKP_FluxFinancier.map((row) => row.id) ?? [];
    expect(response.data?.total.aggregate.count).toBe(ids.length);
    return ids;
  };
  const viaIlike = (pattern: string, negated = false) =>
    sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "NomFluxFinancier" ${negated ? 'NOT ILIKE' : 'ILIKE'} $1 ORDER BY id`,
      [pattern],
    );
  const wordLookups = () => statements.filter((text) => text.includes('FROM "MKP_FluxLibelleMot"')).length;

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    const query = context.database.query.bind(context.database);
    context.database.query = ((text: string, params: unknown[] = [], ...rest: []) => {
      statements.push(text);
      calls.push({ text, params });
      return query(text, params, ...rest);
    }) as typeof context.database.query;
    for (const label of TRICKY_LABELS) await insertFlux(label);
  });
  afterAll(() => closeGraphqlContext(context));

  async function insertFlux(label: string): Promise<number> {
    const [row] = await context.database.query<{ id: number }>(
      `INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "MontantHT", "MontantTTC", "EST_Debit", "ID_CategoryFlux", "ID_Saison", "ID_Structure")
       SELECT $1, 10, 10, true, 1, "ID_Saison", "ID_Structure" FROM "MKP_FluxFinancier" ORDER BY id LIMIT 1
       RETURNING id`,
      [label],
    );
    return Number(row?.id);
  }

  it('holds every word of every label, seeded or inserted (the trigger and the migration)', async () => {
    const missing = await context.database.query(
      `SELECT DISTINCT mot FROM "MKP_FluxFinancier" f, unnest(string_to_array(lower(f."NomFluxFinancier"), ' ')) mot
        WHERE mot <> '' AND NOT EXISTS (SELECT 1 FROM "MKP_FluxLibelleMot" m WHERE m."Mot" = mot)`,
    );
    expect(missing).toEqual([]);
    const [row] = await context.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "MKP_FluxLibelleMot"`);
    expect(row?.n).toBeGreaterThan(10);
  });

  it('finds exactly what ILIKE finds, through the words, for word parts in any case', async () => {
    const words = await context.database.query<{ mot: string }>(
      `SELECT "Mot" AS mot FROM "MKP_FluxLibelleMot" ORDER BY md5("Mot") LIMIT 40`,
    );
    const parts = [
      'affiliation',
      'AFFILIATION',
      'été',
      'ÉTÉ',
      'straße',
      'ÖLMÜHLE',
      'ça',
      'espace',
      'tabulation\tdans',
      'c:',
      'introuvable',
      ...words.map(({ mot }) => mot.slice(1, Math.max(2, mot.length - 1)).toUpperCase()),
    ].filter((part) => !/[%_\\ ]/.test(part) && part.length > 0);
    for (const part of parts) {
      statements = [];
      const expected = await viaIlike(`%${part}%`);
      expect(await search({ NomFluxFinancier: { _ilike: `%${part}%` } }), part).toEqual(expected);
      expect(wordLookups(), part).toBeGreaterThan(0);
      expect(await search({ _not: { NomFluxFinancier: { _ilike: `%${part}%` } } }), part).toEqual(
        await viaIlike(`%${part}%`, true),
      );
      expect(await search({ NomFluxFinancier: { _nilike: `%${part}%` } }), part).toEqual(
        await viaIlike(`%${part}%`, true),
      );
    }
    expect((await viaIlike('%affiliation%')).length).toBeGreaterThan(2);
  });

  it('sends the words it found and the index of the words answers (not the trigram index)', async () => {
    calls = [];
    await search({ NomFluxFinancier: { _ilike: '%FILIATION%' } });
    const count = calls.find((call) => call.text.includes('count(*)') && call.text.includes('string_to_array(lower('));
    expect(count).toBeDefined();
    const { text, params } = count as { text: string; params: unknown[] };
    expect(params).toContain(true);
    const words = params.find((param) => Array.isArray(param)) as string[];
    expect(words.length).toBeGreaterThan(0);
    expect(words.every((word) => word.includes('filiation') && !word.includes(' '))).toBe(true);
    // Small test data would be scanned: forbid that, to see which index the plan can use.
    const plan = await context.database.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      // The transaction helper would spread an array parameter: send it as an array literal.
      const literal = (words: string[]) => `{${words.map((w) => `"${w.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
      const sent = params.map((param) => (Array.isArray(param) ? literal(param as string[]) : param));
      return tx.query<Record<string, string>>(`EXPLAIN ${text}`, sent);
    });
    const planText = plan.map((row) => Object.values(row).join('')).join('\n');
    expect(planText).toContain('mkp_flux_saison_mots_idx');
    expect(planText).not.toContain('ILIKE');
    expect(planText).not.toContain('~~*');
  });

  it('keeps plain ILIKE for patterns a word cannot answer', async () => {
    for (const pattern of ['%double  espace%', '%100\\%%', '%remboursé\\_total%', 'Cotis%', '%a_fil%', '%c:\\\\%']) {
      statements = [];
      expect(await search({ NomFluxFinancier: { _ilike: pattern } }), pattern).toEqual(await viaIlike(pattern));
      expect(wordLookups(), pattern).toBe(0);
    }
  });

  it('falls back to ILIKE when the part is in more than MAX_WORDS words, with the same answer', async () => {
    for (let i = 0; i <= MAX_WORDS; i++) await insertFlux(`Stage qzx${i}w`);
    const expected = await viaIlike('%qzx%');
    expect(expected.length).toBe(MAX_WORDS + 1);
    expect(await search({ NomFluxFinancier: { _ilike: '%QZX%' } })).toEqual(expected);
    expect(await search({ NomFluxFinancier: { _ilike: '%qzx1%' } })).toEqual(await viaIlike('%qzx1%'));
  });

  it('sees a new label and a renamed label at once', async () => {
    expect(await search({ NomFluxFinancier: { _ilike: '%wxyzneuf%' } })).toEqual([]);
    const inserted = await insertFlux('Licence WXYZNEUF');
    expect(await search({ NomFluxFinancier: { _ilike: '%wxyzneuf%' } })).toEqual([inserted]);
    await context.database.query(
      `UPDATE "MKP_FluxFinancier" SET "NomFluxFinancier" = 'Licence renommée-vkq' WHERE id = $1`,
      [inserted],
    );
    expect(await search({ NomFluxFinancier: { _ilike: '%wxyzneuf%' } })).toEqual([]);
    expect(await search({ NomFluxFinancier: { _ilike: '%RENOMMÉE-VKQ%' } })).toEqual([inserted]);
  });

  it('stays within the caller scope and combines with other filters', async () => {
    const response = await context.club<{ MKP_FluxFinancier: Array<{ id: number }> }>(
      `query($w: MKP_FluxFinancier_bool_exp) { MKP_FluxFinancier(where: $w, order_by: {id: asc}) { id } }`,
      { w: { _or: [{ NomFluxFinancier: { _ilike: '%licence%' } }, { id: { _eq: -1 } }] } },
      { 'cache-control': 'no-cache' },
    );
    expect(response.errors).toBeUndefined();
    const expected = await sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "NomFluxFinancier" ILIKE '%licence%' ORDER BY id`,
      [context.clubId],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(response.data?.MKP_FluxFinancier.map((row) => row.id)).toEqual(expected);
  });
});
