import fc from 'fast-check';
import type { Random } from '../graphql/where-fuzzer';

/**
 * Values for the route fuzzer (R-SEC-01): hostile ones that fit no field, and ones shaped by
 * a field's JSON schema (its type, enum, pattern, bounds), so that a request gets past the
 * first check often enough to reach the next one.
 */

const HUNDRED_KB = 'a'.repeat(100 * 1024);

/** Numbers at the edges: 0, negatives, 2^31, 2^53, 2^63 and beyond what a double holds exactly. */
export const EDGE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  -(2 ** 31) - 1,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  1e308,
  5e-324,
];

/** Numbers as text, as a query string or a careless client sends them. */
export const NUMBER_TEXTS: readonly string[] = [
  '0',
  '-1',
  '00042',
  '+1',
  '1.0',
  '1e3',
  '0x10',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '9223372036854775808',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  '-Infinity',
  '1_000',
  ' 7',
  '７',
  '٣',
];

/** Dates that do not exist, or at the ends of what a calendar or a database holds. */
export const EDGE_DATES: readonly string[] = [
  '0000-01-01',
  '0001-01-01',
  '2026-02-29',
  '2024-02-29',
  '2026-02-30',
  '2026-04-31',
  '2026-13-01',
  '2026-00-10',
  '9999-12-31',
  '10000-01-01',
  '+275760-09-13',
  '-000001-01-01',
  '1970-01-01T00:00:00Z',
  '2026-10-01T25:61:00Z',
  '2026-10-01T00:00:00+99:00',
  '31/12/2026',
  '2026-1-1',
  '20261001',
];

/** Text a label, a path or a parser should not choke on. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  HUNDRED_KB,
  'a\u0000b',
  '\u0000',
  '\u0001\u0002\u001b[31m\u007f',
  'ligne\r\nSet-Cookie: x=1',
  '\t',
  'Facture\u202egpj.exe',
  '\u2066isolé\u2069',
  'zéro\u200blargeur',
  '\ufeffBOM',
  '\u200e\u200f\u061c',
  '\ud800',
  '\udfff\ud800',
  '😀🧗‍♀️',
  'é'.repeat(2_000),
  'Ａ',
  '\'; DROP TABLE "MKP_FluxFinancier"; --',
  '" OR 1=1 --',
  '../../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%',
  '=HYPERLINK("http://x")',
  '+33 6 00',
  '@SUM(1)',
  '<script>alert(1)</script>',
  '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
];

/** Values of no expected type at all. */
const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  [],
  [1, 2],
  [null],
  {},
  { a: 1 },
  { constructor: { prototype: { polluted: 1 } } },
  [[[[[[[[[[1]]]]]]]]]],
];

/** `text` with its lone surrogates (which no URL or header can hold) written as U+FFFD. */
export const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** Any hostile value: an edge number, a number as text, a bad date, a hostile text or a wrong type. */
export function hostileValue(r: Random): unknown {
  const kind = r.int(5);
  if (kind === 0) return r.pick(EDGE_NUMBERS);
  if (kind === 1) return r.pick(NUMBER_TEXTS);
  if (kind === 2) return r.pick(EDGE_DATES);
  if (kind === 3) return r.pick(HOSTILE_STRINGS);
  return r.pick(WRONG_TYPES);
}

/** A hostile value as text (a path segment or a query value). */
export function hostileText(r: Random): string {
  const value = hostileValue(r);
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** The subset of JSON Schema (OpenAPI 3.0, as z.toJSONSchema writes it) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** What the fuzzer knows of the database: ids that exist, for values that get past the checks. */
export interface FuzzIds {
  /** Ids of rows that exist (structures, seasons, flux, accounts...), mixed, a few hundred at most. */
  known: readonly number[];
  /** The current role's own structures. */
  own: readonly number[];
}

/** Strings matching a pattern, sampled once per pattern (fast-check's stringMatching, seeded). */
const patternSamples = new Map<string, string[]>();

function samplesOf(pattern: string, seed: number): string[] {
  let samples = patternSamples.get(pattern);
  if (!samples) {
    try {
      samples = fc.sample(fc.stringMatching(new RegExp(pattern)), { seed, numRuns: 12 });
    } catch {
      samples = [];
    }
    patternSamples.set(pattern, samples);
  }
  return samples;
}

/** A plausible id: one of the role's structures, another row that exists, or a small number. */
export function plausibleId(r: Random, ids: FuzzIds): number {
  const roll = r.next();
  if (roll < 0.35 && ids.own.length > 0) return r.pick(ids.own);
  if (roll < 0.85 && ids.known.length > 0) return r.pick(ids.known);
  return 1 + r.int(3000);
}

/** A pattern's sample with its digit runs replaced by an existing id now and then ("/api/structures/42"). */
function patternValue(pattern: string, r: Random, ids: FuzzIds): string | undefined {
  const samples = samplesOf(pattern, 17);
  if (samples.length === 0) return undefined;
  const sample = r.pick(samples);
  if (!/\d/.test(sample) || r.next() < 0.5) return sample;
  const id = String(plausibleId(r, ids));
  const candidate = sample.replace(/\d+/, id);
  return new RegExp(pattern).test(candidate) ? candidate : sample;
}

const PLAIN_STRINGS = ['Test', 'Cotisation 2026', 'abc', 'club', 'FFME', '706000', 'VE', '2026-10-01', 'oui'];
const VALID_DATES = ['2026-09-01', '2026-10-15', '2026-11-20', '2027-01-04', '2025-12-31', '2026-08-31'];

/**
 * A value for `schema`: mostly of its shape (enum values, pattern samples, existing ids,
 * recent dates, objects with their required fields), else a hostile value; `depth` bounds
 * nested objects and lists.
 */
export function schemaValue(schema: JsonSchema | undefined, r: Random, ids: FuzzIds, depth = 0): unknown {
  if (!schema || r.next() < 0.2) return hostileValue(r);
  if (schema.nullable && r.next() < 0.1) return null;
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches?.length) return schemaValue(r.pick(branches), r, ids, depth);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return r.next() < 0.9 ? r.pick(schema.enum) : hostileText(r);
  const type = Array.isArray(schema.type) ? r.pick(schema.type) : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return numberValue(schema, r, ids);
    case 'boolean':
      return r.next() < 0.5;
    case 'string':
      return stringValue(schema, r, ids);
    case 'array':
      return arrayValue(schema, r, ids, depth);
    case 'object':
      return objectValue(schema, r, ids, depth);
    default:
      return r.next() < 0.5 ? plausibleId(r, ids) : r.pick(PLAIN_STRINGS);
  }
}

function numberValue(schema: JsonSchema, r: Random, ids: FuzzIds): number {
  const roll = r.next();
  if (roll < 0.5) return plausibleId(r, ids);
  if (roll < 0.7 && schema.minimum !== undefined) return schema.minimum - (r.next() < 0.5 ? 0 : 1);
  if (roll < 0.8 && schema.maximum !== undefined) return schema.maximum + (r.next() < 0.5 ? 0 : 1);
  if (roll < 0.9) return r.int(13) + 1;
  return r.pick(EDGE_NUMBERS);
}

function stringValue(schema: JsonSchema, r: Random, ids: FuzzIds): string {
  if (schema.format === 'date' || schema.format === 'date-time' || /\\d\{4\}-/.test(schema.pattern ?? ''))
    return r.next() < 0.6 ? r.pick(VALID_DATES) : r.pick(EDGE_DATES);
  if (schema.pattern && r.next() < 0.85) {
    const value = patternValue(schema.pattern, r, ids);
    if (value !== undefined) return value;
  }
  const roll = r.next();
  if (roll < 0.3) return String(plausibleId(r, ids));
  if (roll < 0.5 && schema.maxLength !== undefined) return 'x'.repeat(schema.maxLength + 1);
  if (roll < 0.6) return r.pick(NUMBER_TEXTS);
  if (roll < 0.7) return r.pick(HOSTILE_STRINGS);
  return r.pick(PLAIN_STRINGS);
}

function arrayValue(schema: JsonSchema, r: Random, ids: FuzzIds, depth: number): unknown[] {
  if (depth > 3) return [];
  const roll = r.next();
  const length =
    roll < 0.1 ? 0 : roll < 0.15 && schema.maxItems !== undefined ? Math.min(schema.maxItems + 1, 6000) : 1 + r.int(4);
  const items = Array.from({ length }, () => schemaValue(schema.items, r, ids, depth + 1));
  // The same item twice now and then (lists of ids meant to be distinct).
  if (items.length > 0 && r.next() < 0.1) items.push(items[0]);
  return items;
}

function objectValue(schema: JsonSchema, r: Random, ids: FuzzIds, depth: number): Record<string, unknown> {
  if (depth > 4) return {};
  const required = new Set(schema.required ?? []);
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const keep = required.has(name) ? r.next() < 0.92 : r.next() < 0.5;
    if (keep) result[name] = schemaValue(property, r, ids, depth + 1);
  }
  if (r.next() < 0.08) result[r.pick(['extra', 'ID_Structure', 'id', 'EST_Reglement', 'constructor'])] = 1;
  return result;
}

/**
 * Now and then the caller's Authorization header spoiled: a token cut, altered, unsigned
 * (alg none), in another scheme, or far too long; otherwise the caller's own.
 */
export function authorizationHeader(r: Random, authorization: string | undefined): string | undefined {
  if (r.next() >= 0.03) return authorization;
  const token = authorization?.slice('Bearer '.length) ?? 'x';
  return r.pick([
    'Bearer',
    'Bearer ',
    `Bearer ${token.slice(0, -3)}`,
    `Bearer ${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
    `Basic ${Buffer.from('club@demo.fr:demo1234').toString('base64')}`,
    `Bearer ${'a'.repeat(8_000)}`,
    `bearer  ${token}`,
  ]);
}
