import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Random } from '../graphql/where-fuzzer';
import {
  authorizationHeader,
  EDGE_DATES,
  EDGE_NUMBERS,
  HOSTILE_STRINGS,
  NUMBER_TEXTS,
  hostileText,
  hostileValue,
  plausibleId,
  type FuzzIds,
  wellFormed,
} from './fuzz-values';
import { RAW_BODIES, type FuzzRequest } from './rest-cases';

/**
 * GraphQL requests built from the running schema (introspection as the super administrator):
 * every root field of query_root and mutation_root, its arguments' input types walked to
 * their scalars and enums, the values shaped by those types or hostile, sent as variables
 * or as literals, by POST or GET; and documents broken on purpose.
 */
interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface Field {
  name: string;
  args: Array<{ name: string; type: TypeRef }>;
  type: TypeRef;
}
interface NamedType {
  kind: string;
  name: string;
  fields: Field[] | null;
  inputFields: Array<{ name: string; type: TypeRef }> | null;
  enumValues: Array<{ name: string }> | null;
}

export interface GraphqlSchemaModel {
  types: Map<string, NamedType>;
  roots: Array<{ operation: 'query' | 'mutation'; field: Field }>;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
const INTROSPECTION = `query FuzzIntrospection { __schema { queryType { name } mutationType { name }
  types { kind name fields { name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } }
          inputFields { name type { ${TYPE_REF} } } enumValues { name } } } }`;

/** The schema the app serves, read through its own endpoint. */
export async function graphqlSchemaModel(app: FastifyInstance, authorization: string): Promise<GraphqlSchemaModel> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/graphql',
    headers: { authorization },
    payload: { query: INTROSPECTION },
  });
  const schema = (
    response.json() as {
      data?: {
        __schema: { queryType: { name: string }; mutationType: { name: string } | null; types: NamedType[] };
      };
    }
  ).data?.__schema;
  if (!schema) throw new Error(`introspection refusée : ${response.statusCode} ${response.body.slice(0, 300)}`);
  const types = new Map(schema.types.map((type) => [type.name, type]));
  const rootFields = (name: string | undefined, operation: 'query' | 'mutation') =>
    (name ? (types.get(name)?.fields ?? []) : []).map((field) => ({ operation, field }));
  return {
    types,
    roots: [...rootFields(schema.queryType.name, 'query'), ...rootFields(schema.mutationType?.name, 'mutation')],
  };
}

const typeText = (ref: TypeRef): string =>
  ref.kind === 'NON_NULL'
    ? `${typeText(ref.ofType!)}!`
    : ref.kind === 'LIST'
      ? `[${typeText(ref.ofType!)}]`
      : ref.name!;
const named = (ref: TypeRef): TypeRef => (ref.ofType ? named(ref.ofType) : ref);

/** A value for an input type: shaped by it most of the time, hostile otherwise. */
function inputValue(model: GraphqlSchemaModel, ref: TypeRef, r: Random, ids: FuzzIds, depth: number): unknown {
  if (ref.kind === 'NON_NULL') return r.next() < 0.04 ? null : inputValue(model, ref.ofType!, r, ids, depth);
  if (r.next() < 0.1) return hostileValue(r);
  if (ref.kind === 'LIST') {
    if (depth > 3) return [];
    const length = r.int(4);
    return Array.from({ length }, () => inputValue(model, ref.ofType!, r, ids, depth + 1));
  }
  const type = model.types.get(ref.name!);
  if (ref.kind === 'ENUM')
    return r.next() < 0.92 && type?.enumValues?.length ? r.pick(type.enumValues).name : hostileText(r);
  if (ref.kind === 'INPUT_OBJECT') {
    const result: Record<string, unknown> = {};
    if (depth > 3) return result;
    const fields = type?.inputFields ?? [];
    const wanted = fields.filter((field) => field.type.kind === 'NON_NULL' || r.next() < 2 / (fields.length + 1));
    for (const field of wanted) result[field.name] = inputValue(model, field.type, r, ids, depth + 1);
    if (r.next() < 0.05) result[r.pick(['inconnu', 'ID_Structure', '_like', 'EST_Reglement'])] = hostileValue(r);
    return result;
  }
  return scalarValue(ref.name!, r, ids);
}

function scalarValue(name: string, r: Random, ids: FuzzIds): unknown {
  switch (name) {
    case 'Int':
    case 'Float':
      return r.next() < 0.7 ? plausibleId(r, ids) : r.pick(EDGE_NUMBERS);
    case 'Boolean':
      return r.next() < 0.5;
    case 'numeric':
      return r.pick(['12.50', '0.01', '1000000', '-1', '0', '1e400', '12,50', ...NUMBER_TEXTS, 99.99, 2 ** 53]);
    case 'timestamptz':
    case 'date':
      return r.next() < 0.5 ? r.pick(['2026-10-01', '2026-09-15T08:00:00Z', '2027-01-04']) : r.pick(EDGE_DATES);
    default:
      return r.next() < 0.6 ? r.pick(['Cotisation', 'Licence', 'Club', 'a', 'Affiliation']) : r.pick(HOSTILE_STRINGS);
  }
}

/** A value written as a GraphQL literal (enum names bare where an enum is expected). */
function literal(model: GraphqlSchemaModel, ref: TypeRef | undefined, value: unknown): string {
  const type = ref ? named(ref) : undefined;
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) {
    const list = ref?.kind === 'NON_NULL' ? (ref.ofType ?? undefined) : ref;
    const item = list?.kind === 'LIST' ? (list.ofType ?? undefined) : list;
    return `[${value.map((entry) => literal(model, item, entry)).join(', ')}]`;
  }
  if (typeof value === 'object') {
    const fields = model.types.get(type?.name ?? '')?.inputFields ?? [];
    const entries = Object.entries(value as Record<string, unknown>).map(([key, entry]) => {
      const field = fields.find((candidate) => candidate.name === key);
      return `${/^[_A-Za-z][_0-9A-Za-z]*$/.test(key) ? key : 'cle_invalide'}: ${literal(model, field?.type, entry)}`;
    });
    return `{${entries.join(', ')}}`;
  }
  if (typeof value === 'string' && type?.kind === 'ENUM' && /^[_A-Za-z][_0-9A-Za-z]*$/.test(value)) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  return JSON.stringify(value);
}

/** One to three leaf fields of `ref`'s type, or an object field's own selection. */
function selection(model: GraphqlSchemaModel, ref: TypeRef, r: Random, depth = 0): string {
  const type = model.types.get(named(ref).name ?? '');
  if (!type?.fields) return '';
  const usable = type.fields.filter((field) => field.args.every((arg) => arg.type.kind !== 'NON_NULL'));
  const leaves = usable.filter((field) => ['SCALAR', 'ENUM'].includes(named(field.type).kind));
  const objects = usable.filter((field) => named(field.type).kind === 'OBJECT');
  const picked: string[] = [];
  if (leaves.length > 0) for (let i = 0, n = 1 + r.int(3); i < n; i++) picked.push(r.pick(leaves).name);
  if (depth < 2 && objects.length > 0 && (picked.length === 0 || r.next() < 0.2)) {
    const object = r.pick(objects);
    const inner = selection(model, object.type, r, depth + 1);
    if (inner) picked.push(`${object.name} ${inner}`);
  }
  if (r.next() < 0.03) picked.push(r.pick(['inconnu', '__typename', 'id id', '...on Inconnu { id }']));
  return picked.length > 0 ? `{ ${[...new Set(picked)].join(' ')} }` : '{ __typename }';
}

/** Documents broken on purpose, whatever the schema. */
function brokenDocument(valid: string, r: Random): string {
  switch (r.int(12)) {
    case 0:
      return valid.slice(0, r.int(valid.length));
    case 1: {
      const at = r.int(valid.length);
      return `${valid.slice(0, at)}${r.pick(['}', '{', '(', ')', '$', '!', ':', '"', '\\', '\u0000', '#', '...', '@'])}${valid.slice(at)}`;
    }
    case 2:
      return `${valid} ${valid}`;
    case 3:
      return `query A { __typename } query A { __typename }`;
    case 4:
      return `fragment F on query_root { ...G } fragment G on query_root { ...F } { ...F }`;
    case 5:
      return `subscription { __typename }`;
    case 6:
      return `{ __typename @inconnue }`;
    case 7:
      return `{ __schema { types { name } } }`;
    case 8:
      return `query Q($v: Int) { __typename @skip(if: $v) }`;
    case 9:
      return `{ a: __typename ${'b: __typename '.repeat(2_000)}}`;
    case 10:
      return `{ "\\ud800" }`;
    default:
      return r.pick(HOSTILE_STRINGS);
  }
}

/** A random GraphQL request, by POST or GET, with `authorization` (or none: anonymous). */
export function graphqlRequest(
  model: GraphqlSchemaModel,
  r: Random,
  ids: FuzzIds,
  authorization: string | undefined,
): FuzzRequest {
  const { operation, field } = r.pick(model.roots);
  const labels = [`${operation} ${field.name}`];
  const variables: Record<string, unknown> = {};
  const declarations: string[] = [];
  const args: string[] = [];
  const asLiterals = r.next() < 0.3;
  if (asLiterals) labels.push('littéraux');
  for (const arg of field.args) {
    if (arg.type.kind !== 'NON_NULL' && r.next() < 0.5) continue;
    const value = inputValue(model, arg.type, r, ids, 0);
    if (asLiterals) {
      args.push(`${arg.name}: ${literal(model, arg.type, value)}`);
      continue;
    }
    const declared = r.next() < 0.05 ? r.pick(['Int', 'String!', '[Int]', 'Inconnu', 'numeric']) : typeText(arg.type);
    declarations.push(`$${arg.name}: ${declared}`);
    args.push(`${arg.name}: $${arg.name}`);
    if (r.next() < 0.96) variables[arg.name] = value;
  }
  if (r.next() < 0.05) variables[r.pick(['inconnue', 'limit', '__proto__'])] = hostileValue(r);
  const head = `${operation} Fuzz${declarations.length ? `(${declarations.join(', ')})` : ''}`;
  let query = `${head} { ${field.name}${args.length ? `(${args.join(', ')})` : ''} ${selection(model, field.type, r)} }`;
  if (r.next() < 0.12) {
    query = brokenDocument(query, r);
    labels.push('document cassé');
  }
  const headers: Record<string, string> = {};
  const sentAuthorization = authorizationHeader(r, authorization);
  if (sentAuthorization !== undefined) headers.authorization = sentAuthorization;
  if (r.next() < 0.1) {
    headers['x-structure-id'] =
      r.next() < 0.6 ? String(plausibleId(r, ids)) : hostileText(r).replace(/[^\x20-\x7e]/g, '');
    labels.push('X-Structure-Id');
  }
  const roll = r.next();
  if (roll < 0.15 && operation === 'query') {
    const parts = [
      `query=${encodeURIComponent(wellFormed(query))}`,
      `variables=${encodeURIComponent(JSON.stringify(variables))}`,
    ];
    if (r.next() < 0.2)
      parts.push(r.pick(['query=%7B__typename%7D', 'variables=%7B', 'operationName=Autre', 'query=%FF']));
    return {
      route: 'GET /v1/graphql',
      label: labels.join(', '),
      inject: { method: 'GET', url: `/v1/graphql?${parts.join('&')}`, headers },
    };
  }
  const inject: InjectOptions = { method: 'POST', url: '/v1/graphql', headers };
  if (roll < 0.25) {
    const [label, payload, contentType] = r.pick(RAW_BODIES);
    labels.push(label);
    inject.payload = payload;
    headers['content-type'] = contentType;
  } else {
    const envelope: Record<string, unknown> = { query, variables };
    if (r.next() < 0.05) envelope.variables = r.pick(['{"a":1}', [], 5, 'x']);
    if (r.next() < 0.05) envelope.operationName = r.pick(['Autre', 5, '', null]);
    if (r.next() < 0.03) envelope.query = r.pick([5, null, ['{ __typename }'], '']);
    inject.payload = JSON.stringify(envelope);
    headers['content-type'] = 'application/json';
  }
  return { route: 'POST /v1/graphql', label: labels.join(', '), inject };
}
