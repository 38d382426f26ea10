import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

/**
 * Hasura's scalars. Input values are checked here, before any SQL exists: a value that
 * parses is one PostgreSQL accepts for that type.
 */

const NUMERIC_TEXT = /^[+-]?(\d{1,30}(\.\d{0,30})?|\.\d{1,30})([eE][+-]?\d{1,3})?$/;

function parseNumeric(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !NUMERIC_TEXT.test(text)) {
    throw new GraphQLError('numeric attend un nombre décimal.');
  }
  const number = Number(text);
  if (!Number.isFinite(number) || Math.abs(number) >= 1e300) throw new GraphQLError('numeric hors limites.');
  return text;
}

/** Money and other numeric(12,2) columns: JSON numbers out, numbers or decimal strings in. */
export const NumericScalar = new GraphQLScalarType({
  name: 'numeric',
  description: 'Nombre décimal (montants numeric(12,2), 2 décimales exactes)',
  serialize: (value) => (typeof value === 'number' ? value : Number(value)),
  parseValue: parseNumeric,
  parseLiteral: (ast: ValueNode) => {
    if (ast.kind !== Kind.INT && ast.kind !== Kind.FLOAT && ast.kind !== Kind.STRING) {
      throw new GraphQLError('numeric attend un nombre décimal.');
    }
    return parseNumeric(ast.value);
  },
});

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-](?:0\d|1[0-5])(?::?[0-5]\d)?)?)?$/;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // Date.UTC would read years 0-99 as 1900-1999
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseDate(value: unknown): string {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    throw new GraphQLError('date attend une date AAAA-MM-JJ valide.');
  }
  return value as string;
}

/**
 * A value without an offset is read as UTC (a date alone as its midnight UTC), so the
 * result never depends on a server's time zone; the web app sends explicit offsets.
 */
function parseTimestamp(value: unknown): string {
  const match = typeof value === 'string' && value.length <= 40 ? TIMESTAMP.exec(value) : null;
  const valid =
    match &&
    isRealDate(Number(match[1]), Number(match[2]), Number(match[3])) &&
    Number(match[4] ?? 0) < 24 &&
    Number(match[5] ?? 0) < 60 &&
    Number(match[6] ?? 0) < 60;
  if (!valid) throw new GraphQLError('timestamptz attend une date ISO 8601 valide (ex. 2024-03-01T00:00:00Z).');
  const text = (value as string).replace(' ', 'T');
  if (match[7]) return text;
  return match[4] === undefined ? `${text}T00:00:00Z` : `${text}Z`;
}

function serializeTimestamp(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

export const TimestamptzScalar = new GraphQLScalarType({
  name: 'timestamptz',
  description: 'Horodatage ISO 8601 (UTC en sortie)',
  serialize: serializeTimestamp,
  parseValue: parseTimestamp,
  parseLiteral: (ast) => parseTimestamp(ast.kind === Kind.STRING ? ast.value : null),
});

export const DateScalar = new GraphQLScalarType({
  name: 'date',
  description: 'Date AAAA-MM-JJ',
  serialize: (value) => String(value),
  parseValue: parseDate,
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : null),
});
