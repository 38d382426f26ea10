import { getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { COST, COST_BUDGET, operationCost, type RowBound } from './cost';
import { LIMITS } from './limits';
import { graphqlSchema } from './schema/build-schema';

function cost(query: string, variables: Record<string, unknown> = {}, rowBound?: RowBound): number {
  const document = parse(query);
  const operation = getOperationAST(document, null);
  if (!operation) throw new Error('no operation');
  return operationCost(graphqlSchema(), document, operation, variables, rowBound);
}

const ROW = `id NomFluxFinancier Z_DateCreation MontantTTC EST_Debit
  STR_Structure { NomStructure } UTI_Utilisateur { CT_Nom CT_Prenom LicenceNumero }`;
/** Row, 5 scalars, two object relations with 1 and 3 scalars. */
const ROW_COST = COST.row + 5 + (COST.relation + 1) + (COST.relation + 3);
/** Compiling `n` fields of the expanded selection, paid once whatever the rows. */
const fields = (n: number) => n * COST.compiledField;

describe('GraphQL cost, computed before execution', () => {
  it('a list costs its limit times what each row selects, plus one statement', () => {
    expect(cost(`{ MKP_FluxFinancier(limit: 30) { ${ROW} } }`)).toBe(
      COST.rootField + COST.relation + 30 * ROW_COST + fields(12),
    );
  });

  it('reads the limit from the variables', () => {
    const query = `query($n: Int!) { MKP_FluxFinancier(limit: $n) { id } }`;
    expect(cost(query, { n: 5_000 })).toBeGreaterThan(10 * cost(query, { n: 30 }));
  });

  it('a list without a limit counts its default page, bounded by what the table holds', () => {
    const unbounded = cost(`{ MKP_FluxFinancier { id } }`);
    expect(unbounded).toBe(COST.rootField + COST.relation + LIMITS.maxRows * (COST.row + 1) + fields(2));
    expect(cost(`{ MKP_FluxFinancier { id } }`, {}, () => 1_500)).toBe(
      COST.rootField + COST.relation + 1_500 * (COST.row + 1) + fields(2),
    );
  });

  it('a nested array relation without a limit counts as a default page of LIMITS.maxNestedRows', () => {
    const nested = cost(`{ MKP_FluxFinancier_by_pk(id: 1) { MKP_FluxFinancierDetail { id } } }`);
    expect(nested).toBe(
      COST.rootField + COST.relation + COST.relation + LIMITS.maxNestedRows * (COST.row + 1) + fields(3),
    );
  });

  it('nesting multiplies: each level of array relations is paid once per parent row', () => {
    const level = (inner: string) => `MKP_FluxFinancierDetail(limit: 10) { MKP_FluxFinancier { ${inner} } }`;
    const two = cost(`{ MKP_FluxFinancier(limit: 10) { ${level(level('id'))} } }`);
    const three = cost(`{ MKP_FluxFinancier(limit: 10) { ${level(level(level('id')))} } }`);
    expect(three / two).toBeGreaterThan(9);
  });

  it('every alias counts, and so does every root field statement', () => {
    const one = cost(`{ a: MKP_FluxFinancier(limit: 5000) { ${ROW} } }`);
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: MKP_FluxFinancier(limit: 5000) { ${ROW} }`);
    expect(cost(`{ ${aliases.join(' ')} }`)).toBe(40 * one);
    expect(40 * one).toBeGreaterThan(COST_BUDGET);
  });

  it('fragments are expanded where they are spread, aliases inside them too', () => {
    const inline = cost(`{ MKP_FluxFinancier(limit: 100) { id STR_Structure { NomStructure } } }`);
    const spread = cost(
      `{ MKP_FluxFinancier(limit: 100) { ...F } } fragment F on MKP_FluxFinancier { id STR_Structure { NomStructure } }`,
    );
    expect(spread).toBe(inline);
  });

  it('a fan-out of fragments is costed in linear time and refused', () => {
    // Each fragment spreads the next one through 10 aliases: 10^12 leaves at depth 12. Costed
    // once per fragment this is immediate; walked leaf by leaf it would never end (the suite's
    // timeout fails it), with no timing threshold tuned to a quiet machine.
    const levels = 12;
    const fragments = Array.from({ length: levels }, (_, i) => {
      const body =
        i === levels - 1
          ? 'id'
          : Array.from({ length: 10 }, (_, a) => `a${a}: MKP_FluxFinancier { ...F${i + 1} }`).join(' ');
      return `fragment F${i} on MKP_FluxFinancierDetail { ${body} }`;
    });
    const query = `{ MKP_FluxFinancierDetail(limit: 10) { ...F0 } } ${fragments.join(' ')}`.replace(
      /MKP_FluxFinancier \{ \.\.\.(F\d+) \}/g,
      'MKP_FluxFinancier { MKP_FluxFinancierDetail(limit: 10) { ...$1 } }',
    );
    expect(cost(query)).toBeGreaterThan(COST_BUDGET);
  });

  it('a capped count costs what it scans; an uncapped one a default page', () => {
    const capped = cost(`{ MKP_FluxFinancier_aggregate(limit: 10001) { aggregate { count } } }`);
    expect(capped).toBeCloseTo(COST.rootField + COST.relation + 10_001 * COST.aggregateScanPerValue + fields(3), 5);
    const sums = cost(`{ MKP_FluxFinancier_aggregate { aggregate { count sum { MontantTTC MontantHT } } } }`);
    expect(sums).toBeCloseTo(
      COST.rootField + COST.relation + LIMITS.maxRows * COST.aggregateScanPerValue * 3 + fields(6),
      5,
    );
  });

  it('aggregate fields reached through a fragment are costed like written out', () => {
    const written = cost(`{ MKP_FluxFinancier_aggregate(limit: 100) { aggregate { count } nodes { id } } }`);
    const fragment = cost(
      `{ MKP_FluxFinancier_aggregate(limit: 100) { ...A } } fragment A on MKP_FluxFinancier_aggregate { aggregate { count } nodes { id } }`,
    );
    expect(fragment).toBe(written);
  });

  it('where nodes, list items and offsets add to the cost', () => {
    const plain = cost(`{ MKP_FluxFinancier(limit: 1) { id } }`);
    const where = cost(`query($w: MKP_FluxFinancier_bool_exp!) { MKP_FluxFinancier(where: $w, limit: 1) { id } }`, {
      w: { id: { _in: [1, 2, 3] } },
    });
    expect(where - plain).toBe(5 * COST.whereNode); // id, _in, and three items
    expect(cost(`{ MKP_FluxFinancier(limit: 1, offset: 1000) { id } }`) - plain).toBe(1000 * COST.offsetRow);
  });

  it('every field of the expanded selection is paid once, so 70,000 aliased columns of one row are refused', async () => {
    const columns = Array.from({ length: 1_000 }, (_, i) => `k${i}: NomStructure`).join(' ');
    const relations = Array.from({ length: 70 }, (_, i) => `r${i}: STR_Structure { ...S }`).join(' ');
    const query = `{ MKP_FluxFinancier(limit: 1) { ${relations} } } fragment S on STR_Structure { ${columns} }`;
    expect(cost(query)).toBeGreaterThan(COST_BUDGET);
  });

  it('a fragment cycle (an invalid document) does not loop', () => {
    expect(
      cost(`{ MKP_FluxFinancier(limit: 1) { ...A } } fragment A on MKP_FluxFinancier { id ...A }`),
    ).toBeGreaterThan(0);
  });
});
