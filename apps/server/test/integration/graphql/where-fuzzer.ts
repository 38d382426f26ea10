import { TABLES, type ScalarName, type TableName } from '../../../src/graphql/metadata/tables';

/** Deterministic pseudo-random numbers (mulberry32), so a failing filter can be replayed. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}
export type Random = ReturnType<typeof random>;

/** Strings meant to break a naive compiler; none contains the SQL markers the test looks for. */
export const NASTY_STRINGS = [
  '\'; DROP TABLE "MKP_FluxFinancier"; --',
  "Robert'); DELETE FROM \"STR_Structure\" WHERE '1'='1",
  '%',
  '_',
  '%%_%',
  '\\',
  '\\\\',
  '\\%',
  "''",
  '"',
  '$1',
  '$$; $tag$',
  '/* comment */',
  '-- comment',
  'é à ç œ Ÿ',
  '😀🧗‍♀️',
  '\u202f\u00a0',
  '\ud800',
  'ﬀ',
  'x'.repeat(300),
  '',
  ' ',
  '\n\r\t',
  'null',
  'undefined',
  'dup',
  'Affiliation',
];

const HUGE_NUMBERS = [0, -1, 1, 2147483647, -2147483648, 1318, 2026];
const NUMERIC_VALUES = ['0', '-0.01', '12.50', '9999999999.99', '1e20', '-1e-20', 42.5, '9e299', '.5', '+3'];
const TIMESTAMPS = [
  '2026-01-01',
  '2025-09-01T00:00:00Z',
  '2024-02-29T23:59:59.999999+01:00',
  '0001-01-01T00:00Z',
  '9999-12-31T23:59:59-15:00',
];
const DATES = ['2026-08-31', '2000-02-29', '0100-01-01', '9999-12-31'];

function value(type: ScalarName, r: Random): unknown {
  switch (type) {
    case 'Int':
      return r.next() < 0.7 ? r.int(3000) : r.pick(HUGE_NUMBERS);
    case 'String':
      return r.pick(NASTY_STRINGS);
    case 'Boolean':
      return r.next() < 0.5;
    case 'numeric':
      return r.pick(NUMERIC_VALUES);
    case 'timestamptz':
      return r.pick(TIMESTAMPS);
    case 'date':
      return r.pick(DATES);
  }
}

/** Values of the wrong type, or unknown names: GraphQL must refuse them before any SQL. */
const WRONG_VALUES: unknown[] = [
  'abc',
  2 ** 31,
  1e300,
  1.5,
  true,
  { _eq: 1 },
  [1, 2],
  'NaN',
  'Infinity',
  '2024-13-01',
  -Infinity,
];

const OPERATORS: Record<ScalarName, string[]> = {
  Int: ['_eq', '_neq', '_gt', '_gte', '_lt', '_lte', '_in', '_nin', '_is_null'],
  String: ['_eq', '_neq', '_gt', '_lt', '_in', '_nin', '_like', '_nlike', '_ilike', '_nilike', '_is_null'],
  Boolean: ['_eq', '_neq', '_in', '_is_null'],
  numeric: ['_eq', '_neq', '_gt', '_gte', '_lt', '_lte', '_in', '_nin', '_is_null'],
  timestamptz: ['_eq', '_gt', '_gte', '_lt', '_lte', '_in', '_is_null'],
  date: ['_eq', '_gt', '_lte', '_nin', '_is_null'],
};

function comparison(type: ScalarName, r: Random): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (let i = r.int(3); i >= 0; i--) {
    const operator = r.pick(OPERATORS[type]);
    if (operator === '_is_null') result[operator] = r.next() < 0.5;
    else if (operator === '_in' || operator === '_nin')
      result[operator] = Array.from({ length: r.int(4) }, () => value(type, r));
    else result[operator] = value(type, r);
  }
  return result;
}

/** A random, well-typed `<table>_bool_exp` tree. */
export function wellTypedWhere(table: TableName, r: Random, depth = 0): Record<string, unknown> {
  const meta = TABLES[table];
  const columns = Object.entries(meta.columns);
  const relations = Object.entries(meta.relations);
  const where: Record<string, unknown> = {};
  for (let i = r.int(3); i >= 0; i--) {
    const roll = r.next();
    if (depth < 3 && roll < 0.12)
      where._and = Array.from({ length: r.int(3) }, () => wellTypedWhere(table, r, depth + 1));
    else if (depth < 3 && roll < 0.24)
      where._or = Array.from({ length: r.int(3) }, () => wellTypedWhere(table, r, depth + 1));
    else if (depth < 3 && roll < 0.32) where._not = wellTypedWhere(table, r, depth + 1);
    else if (depth < 3 && roll < 0.5 && relations.length > 0) {
      const [name, relation] = r.pick(relations);
      where[name] = wellTypedWhere(relation.target, r, depth + 1);
    } else {
      const [name, column] = r.pick(columns);
      where[name] = comparison(column.type, r);
    }
  }
  return where;
}

/** A filter with one poisoned spot: wrong type, unknown column or operator, or null. */
export function illTypedWhere(table: TableName, r: Random): Record<string, unknown> {
  const where = wellTypedWhere(table, r);
  const [name] = r.pick(Object.entries(TABLES[table].columns));
  const roll = r.next();
  if (roll < 0.5) where[name] = { [r.pick(['_eq', '_gt', '_in', '_like'])]: r.pick(WRONG_VALUES) };
  else if (roll < 0.65) where[`${name}_inconnu`] = { _eq: 1 };
  else if (roll < 0.8) where[name] = { _regex: '.*' };
  else if (roll < 0.9) where[name] = { _eq: null };
  else where._and = { id: 'pas un objet' };
  return where;
}
