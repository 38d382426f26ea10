import * as contracts from '@gdf/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { z } from 'zod';
import type { Random } from '../graphql/where-fuzzer';
import {
  authorizationHeader,
  HOSTILE_STRINGS,
  hostileText,
  hostileValue,
  plausibleId,
  schemaValue,
  type FuzzIds,
  type JsonSchema,
  wellFormed,
} from './fuzz-values';

/**
 * The REST routes as the running app declares them (app.apiRoutes, with each route's
 * OpenAPI operation from @fastify/swagger: path and query parameters, body schemas), and
 * random requests built from those declarations. A route added to the app is fuzzed as
 * soon as it exists; declaring its schema makes the values fit it better.
 */
export interface RestRoute {
  method: string;
  url: string;
  auth: 'public' | 'user';
  path: Parameter[];
  query: Parameter[];
  /** Declared bodies by content type (application/json, multipart/form-data). */
  bodies: Array<{ contentType: string; schema?: JsonSchema }>;
}

interface Parameter {
  name: string;
  required: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every /api route but GraphQL's (graphql-cases.ts), read from the app after ready(). */
export function restRoutes(app: FastifyInstance): RestRoute[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  return app.apiRoutes
    .filter((route) => !route.url.startsWith('/v1/'))
    .map((route) => {
      const operation = document.paths?.[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] ?? {};
      const parameters = (where: string): Parameter[] =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required ?? false,
            ...(parameter.schema ? { schema: parameter.schema } : {}),
          }));
      const declaredPath = parameters('path');
      // A path parameter is always there, declared or not.
      const path = [...route.url.matchAll(/:(\w+)/g)].map(
        ([, name]) => declaredPath.find((parameter) => parameter.name === name) ?? { name: name!, required: true },
      );
      return {
        method: route.method,
        url: route.url,
        auth: route.auth,
        path,
        query: parameters('query'),
        bodies: Object.entries(operation.requestBody?.content ?? {}).map(([contentType, { schema }]) => ({
          contentType,
          ...(schema ? { schema } : {}),
        })),
      };
    });
}

/**
 * Names every route shares with the others: each route's query also gets, now and then, a
 * parameter another route declares (and `structureId`, which every route reads through
 * resolveScope), and a body without a declared schema gets fields other bodies declare.
 * The request contracts of @gdf/domain (its zod object schemas, which handlers parse their
 * input with) count too: a route that does not declare its query or body to the OpenAPI
 * document still gets them, one contract at a time or field by field.
 */
export interface RestVocabulary {
  query: Parameter[];
  bodyFields: Array<{ name: string; schema?: JsonSchema }>;
  contracts: JsonSchema[];
}

export function restVocabulary(routes: readonly RestRoute[]): RestVocabulary {
  const shapes = contractSchemas();
  const query = new Map<string, Parameter>([['structureId', { name: 'structureId', required: false }]]);
  const bodyFields = new Map<string, { name: string; schema?: JsonSchema }>();
  const addFields = (properties: Record<string, JsonSchema> | undefined) => {
    for (const [name, schema] of Object.entries(properties ?? {}))
      if (!bodyFields.has(name)) bodyFields.set(name, { name, schema });
  };
  for (const route of routes) {
    for (const parameter of route.query) if (!query.has(parameter.name)) query.set(parameter.name, parameter);
    for (const body of route.bodies) addFields(body.schema?.properties);
  }
  for (const shape of shapes) {
    addFields(shape.properties);
    for (const [name, schema] of Object.entries(shape.properties ?? {}))
      if (!query.has(name)) query.set(name, { name, required: false, schema });
  }
  return { query: [...query.values()], bodyFields: [...bodyFields.values()], contracts: shapes };
}

/** The object schemas @gdf/domain exports, as JSON schemas of what they accept. */
function contractSchemas(): JsonSchema[] {
  return Object.values(contracts).flatMap((value) => {
    if (!(value instanceof z.ZodObject)) return [];
    try {
      return [z.toJSONSchema(value, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as JsonSchema];
    } catch {
      return [];
    }
  });
}

/** One request to send, and how to name it in a failure. */
export interface FuzzRequest {
  route: string;
  /** What was done to the request, for the failure's text. */
  label: string;
  inject: InjectOptions;
}

/** encodeURIComponent, lone surrogates (which no URL can hold) written as U+FFFD. */
const encode = (text: string) => encodeURIComponent(wellFormed(text));

/** Percent-escapes that are not UTF-8, or not escapes at all. */
const RAW_ESCAPES = ['%FF', '%C3%28', '%E0%80%80', '%ED%A0%80', '%F8%88%80%80%80', '%ZZ', '%', '%00', '%2F', '..'];

function pathSegment(parameter: Parameter, r: Random, ids: FuzzIds): { text: string; label: string } {
  const roll = r.next();
  if (roll < 0.1) return { text: r.pick(RAW_ESCAPES), label: 'segment brut' };
  if (roll < 0.35) return { text: encode(hostileText(r)), label: 'segment hostile' };
  const value = parameter.schema ? schemaValue(parameter.schema, r, ids) : plausibleId(r, ids);
  return { text: encode(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')), label: '' };
}

/** A query value as text; a list becomes the parameter repeated. */
function queryPairs(name: string, value: unknown): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item) => queryPairs(name, item));
  if (value === null || value === undefined) return [[name, '']];
  return [
    [name, typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)],
  ];
}

function queryString(route: RestRoute, vocabulary: RestVocabulary, r: Random, ids: FuzzIds): [string, string[]] {
  const labels: string[] = [];
  const pairs: Array<[string, string]> = [];
  let parameters = route.query;
  if (parameters.length === 0 && vocabulary.contracts.length > 0 && r.next() < 0.5) {
    // Undeclared: one of the domain's contracts, as handlers parse queries with them.
    const contract = r.pick(vocabulary.contracts);
    parameters = Object.entries(contract.properties ?? {}).map(([name, schema]) => ({ name, required: false, schema }));
    labels.push('paramètres d’un contrat');
  }
  for (const parameter of parameters) {
    if (!(parameter.required ? r.next() < 0.9 : r.next() < 0.5)) continue;
    pairs.push(...queryPairs(parameter.name, schemaValue(parameter.schema, r, ids)));
  }
  if (r.next() < 0.25) {
    const borrowed = r.pick(vocabulary.query);
    pairs.push(...queryPairs(borrowed.name, schemaValue(borrowed.schema, r, ids)));
    labels.push(`paramètre ${borrowed.name}`);
  }
  if (r.next() < 0.1) {
    pairs.push([r.pick(['x', 'inconnu', '__proto__', 'constructor[prototype]', 'a[b]', '']), hostileText(r)]);
    labels.push('paramètre en trop');
  }
  if (pairs.length > 0 && r.next() < 0.15) {
    const [name] = r.pick(pairs);
    pairs.push([name, hostileText(r)]);
    labels.push(`paramètre ${name} répété`);
  }
  const encoded = pairs.map(([name, value]) =>
    r.next() < 0.05 ? `${encode(name)}=${r.pick(RAW_ESCAPES)}` : `${encode(name)}=${encode(value)}`,
  );
  return [encoded.length > 0 ? `?${encoded.join('&')}` : '', labels];
}

/** Header values as Node lets a client send them: visible Latin-1 only (so bytes that are not UTF-8, too). */
function headerText(value: string): string {
  return value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '').slice(0, 8_000);
}

function extraHeaders(r: Random, ids: FuzzIds): [Record<string, string>, string[]] {
  const headers: Record<string, string> = {};
  const labels: string[] = [];
  if (r.next() < 0.15) {
    headers['x-structure-id'] = r.next() < 0.5 ? String(plausibleId(r, ids)) : headerText(hostileText(r));
    labels.push('X-Structure-Id');
  }
  if (r.next() < 0.05) {
    headers['x-file-name'] = r.next() < 0.5 ? encode(hostileText(r)) : headerText(hostileText(r));
    labels.push('X-File-Name');
  }
  if (r.next() < 0.1) {
    headers.accept = r.pick(['application/json', 'application/xml', 'application/pdf', '*/*', 'text/html', 'é']);
    labels.push('Accept');
  }
  if (r.next() < 0.05) {
    headers.cookie = `gdf_session=${headerText(hostileText(r)).replace(/;/g, '')}`;
    headers.origin = r.pick(['http://localhost', 'https://ailleurs.example', 'null']);
    labels.push('cookie de session');
  }
  return [headers, labels];
}

const JSON_TYPE = 'application/json';
/** Bodies that are not the JSON object a route expects, whatever the route. */
export const RAW_BODIES: ReadonlyArray<[string, string | Buffer, string]> = [
  ['JSON tronqué', '{"a":', JSON_TYPE],
  ['JSON vide', '', JSON_TYPE],
  ['JSON null', 'null', JSON_TYPE],
  ['JSON liste', '[]', JSON_TYPE],
  ['JSON nombre', '9007199254740993', JSON_TYPE],
  ['JSON texte', '"texte"', JSON_TYPE],
  ['clé en double', '{"a":1,"a":2}', JSON_TYPE],
  ['__proto__', '{"__proto__":{"polluted":true}}', JSON_TYPE],
  ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}', JSON_TYPE],
  ['JSON profond', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, JSON_TYPE],
  ['objets profonds', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, JSON_TYPE],
  [
    'non UTF-8',
    Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')]),
    JSON_TYPE,
  ],
  ['UTF-16', Buffer.from('\ufeff{"a":1}', 'utf16le'), 'application/json; charset=utf-16'],
  ['BOM UTF-8', '\ufeff{}', JSON_TYPE],
  ['charset latin1', Buffer.from('{"a":"é"}', 'latin1'), 'application/json; charset=iso-8859-1'],
  ['texte brut', 'texte', 'text/plain'],
  ['XML', '<?xml version="1.0"?><Document/>', 'application/xml'],
  [
    'XML entité externe',
    '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>',
    'application/xml',
  ],
  [
    'XML non UTF-8',
    Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Document>'),
      Buffer.from([0xff, 0xc0, 0x80]),
      Buffer.from('</Document>'),
    ]),
    'application/xml',
  ],
  ['formulaire urlencoded', 'a=1&a=2', 'application/x-www-form-urlencoded'],
  ['multipart sans frontière', '--x\r\n\r\n', 'multipart/form-data'],
  [
    'multipart tronqué',
    '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    'multipart/form-data; boundary=xyz',
  ],
  ['octets', Buffer.from([0, 1, 2, 255, 254, 0x1b]), 'application/octet-stream'],
  ['type inventé', '{}', 'application/x-inconnu'],
  ['type mal formé', '{}', 'json; ; =='],
];

async function multipartBody(schema: JsonSchema | undefined, r: Random, ids: FuzzIds) {
  const form = new FormData();
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (r.next() < 0.15) continue;
    if (property.format === 'binary') {
      const bytes =
        r.next() < 0.5 ? Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') : Buffer.from(hostileText(r));
      form.append(
        name,
        new Blob([new Uint8Array(bytes)], { type: r.pick(['image/png', 'application/pdf', 'text/html', '']) }),
        headerText(r.pick(['logo.png', 'a.pdf', '..%2f..%2fx', 'é.png', ...HOSTILE_STRINGS.slice(3, 8)])) || 'x',
      );
    } else {
      const value = schemaValue(property, r, ids);
      form.append(name, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
    }
  }
  if (r.next() < 0.1) form.append(r.pick(['file', 'extra', 'structure']), hostileText(r));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') as string,
  };
}

function vocabularyObject(vocabulary: RestVocabulary, r: Random, ids: FuzzIds): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const count = r.int(4);
  for (let index = 0; index < count && vocabulary.bodyFields.length > 0; index++) {
    const field = r.pick(vocabulary.bodyFields);
    result[field.name] = schemaValue(field.schema, r, ids);
  }
  return result;
}

async function body(
  route: RestRoute,
  vocabulary: RestVocabulary,
  r: Random,
  ids: FuzzIds,
): Promise<{ payload?: string | Buffer; contentType?: string; label: string }> {
  const roll = r.next();
  if (roll < 0.2) {
    const [label, payload, contentType] = r.pick(RAW_BODIES);
    return { payload, contentType, label };
  }
  if (roll < 0.25) return { label: 'sans corps' };
  if (roll < 0.28)
    return { payload: JSON.stringify(hostileValue(r)) ?? 'null', contentType: JSON_TYPE, label: 'JSON hostile' };
  if (roll < 0.29) return { payload: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: JSON_TYPE, label: 'plus d’1 Mo' };
  const declared = route.bodies.length > 0 ? r.pick(route.bodies) : undefined;
  if (declared?.contentType.startsWith('multipart/')) {
    const form = await multipartBody(declared.schema, r, ids);
    return { payload: form.payload, contentType: form.contentType, label: 'formulaire' };
  }
  if (declared) {
    const value = schemaValue(declared.schema, r, ids);
    return { payload: JSON.stringify(value) ?? 'null', contentType: JSON_TYPE, label: 'corps du schéma' };
  }
  // Undeclared: one of the domain's contracts, or fields of several.
  const contract = vocabulary.contracts.length > 0 && r.next() < 0.6 ? r.pick(vocabulary.contracts) : undefined;
  const value = contract ? schemaValue(contract, r, ids) : vocabularyObject(vocabulary, r, ids);
  return {
    payload: JSON.stringify(value) ?? 'null',
    contentType: JSON_TYPE,
    label: contract ? 'corps d’un contrat' : 'corps',
  };
}

/** A random request to `route`, with `authorization` (or none: anonymous). */
export async function restRequest(
  route: RestRoute,
  vocabulary: RestVocabulary,
  r: Random,
  ids: FuzzIds,
  authorization: string | undefined,
): Promise<FuzzRequest> {
  const labels: string[] = [];
  let url = route.url;
  for (const parameter of route.path) {
    const segment = pathSegment(parameter, r, ids);
    url = url.replace(`:${parameter.name}`, segment.text);
    if (segment.label) labels.push(`${parameter.name} : ${segment.label}`);
  }
  const [query, queryLabels] = queryString(route, vocabulary, r, ids);
  labels.push(...queryLabels);
  const [headers, headerLabels] = extraHeaders(r, ids);
  labels.push(...headerLabels);
  const sentAuthorization = authorizationHeader(r, authorization);
  if (sentAuthorization !== undefined) headers.authorization = sentAuthorization;
  const inject: InjectOptions = { method: route.method as InjectOptions['method'], url: `${url}${query}`, headers };
  if (route.method !== 'GET' || r.next() < 0.05) {
    const sent = await body(route, vocabulary, r, ids);
    labels.push(sent.label);
    if (sent.payload !== undefined) inject.payload = sent.payload;
    if (sent.contentType) headers['content-type'] = sent.contentType;
  }
  return { route: `${route.method} ${route.url}`, label: labels.join(', '), inject };
}
