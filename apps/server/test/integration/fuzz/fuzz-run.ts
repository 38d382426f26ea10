import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@gdf/seed';
import type { Database } from '../../../src/db/database';
import { random } from '../graphql/where-fuzzer';
import { frenchMessageProblem } from './french-message';
import type { FuzzIds } from './fuzz-values';
import { graphqlRequest, graphqlSchemaModel } from './graphql-cases';
import { restRequest, restRoutes, restVocabulary, type FuzzRequest } from './rest-cases';
import { RowCounts } from './row-counts';

/**
 * The route fuzzer (R-SEC-01, R-SEC-20): random requests to every REST route and every
 * GraphQL root field of the running app, as every demo role, a user without any membership
 * and nobody. Used by routes-fuzz.test.ts (npm test) and by the bench (--fuzz-only); it
 * imports nothing of Vitest's.
 *
 * A request fails the run when it answers 5xx, when it is refused (4xx, or GraphQL errors)
 * and a table's row count changed meanwhile, or when a refusal's message is missing, empty
 * or not French.
 */
export interface FuzzRole {
  name: string;
  /** `Bearer <token>`, or none for the anonymous caller. */
  authorization?: string;
  ids: FuzzIds;
  /** Signs in again (a fuzzed logout ends the session its token names). */
  signIn?: () => Promise<string>;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  durationMs: number;
  /** Requests per HTTP status. */
  statuses: Record<string, number>;
  /** Requests per route ("POST /api/files", "POST /v1/graphql") and per GraphQL root field ("query MKP_FluxFinancier"). */
  routes: Record<string, number>;
  serverErrors: string[];
  /** Refused requests after which a row count had changed. */
  rowChanges: string[];
  nonFrench: string[];
  /** Each distinct refusal message and how often it was sent (to read them). */
  messages: Map<string, number>;
  /** Every GraphQL root field of the schema ("query MKP_FluxFinancier"), fuzzed or not. */
  graphqlFields: string[];
}

/**
 * Tables whose rows may change around a refusal. A refusal writes nothing, not even an audit
 * row; the one exception holds no data: LIM_Place, the places of the bounded pools (a user's
 * heavy GraphQL queries, document packs, ADR 0049), taken while a request runs whatever it
 * answers, and given back just after its answer is sent, so the count moves across requests.
 */
const TABLES_A_REFUSAL_MAY_CHANGE: ReadonlySet<string> = new Set(['public."LIM_Place"']);

const NO_MEMBERSHIP_EMAIL = 'sans.structure@fuzz.test';

/**
 * Signs in as each demo account and as a user without any structure (created here with the
 * demo password), and lists the ids each may use; plus the anonymous caller.
 */
export async function fuzzRoles(app: FastifyInstance, database: Database): Promise<FuzzRole[]> {
  await database.query(
    `WITH person AS (INSERT INTO "UTI_Utilisateur" ("CT_Nom", "CT_Prenom") VALUES ('Sans structure', 'Fuzz') RETURNING id)
     INSERT INTO "UTI_Login" ("ID_Utilisateur", "Email", "MotDePasseHash")
     SELECT person.id, $1, l."MotDePasseHash" FROM person, "UTI_Login" l WHERE l."Email" = $2
     ON CONFLICT DO NOTHING`,
    [NO_MEMBERSHIP_EMAIL, DEMO_ACCOUNTS[0]!.email],
  );
  const known = await knownIds(database);
  const roles: FuzzRole[] = [{ name: 'anonyme', ids: { known, own: [] } }];
  for (const email of [...DEMO_ACCOUNTS.map((account) => account.email), NO_MEMBERSHIP_EMAIL]) {
    const signIn = async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`connexion ${email} : ${login.statusCode} ${login.body}`);
      return `Bearer ${(login.json() as { token: string }).token}`;
    };
    const authorization = await signIn();
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });
    const memberships = (me.json() as { memberships?: Array<{ structureId: number }> }).memberships ?? [];
    roles.push({ name: email, authorization, ids: { known, own: memberships.map((m) => m.structureId) }, signIn });
  }
  return roles;
}

/** A few ids of every table with an integer `id` (the first, the last, and some between). */
async function knownIds(database: Database): Promise<number[]> {
  const tables = await database.query<{ name: string }>(
    `SELECT format('%I.%I', c.table_schema, c.table_name) AS name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.column_name = 'id' AND c.data_type IN ('integer', 'bigint', 'smallint') AND t.table_type = 'BASE TABLE'
        AND c.table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  if (tables.length === 0) return [];
  const rows = await database.query<{ id: number }>(
    tables
      .map(
        ({ name }) => `(SELECT id::int FROM ${name} WHERE id % 37 = 1 OR id IN (SELECT max(id) FROM ${name}) LIMIT 8)`,
      )
      .join(' UNION '),
  );
  return [...new Set(rows.map((row) => Number(row.id)))].sort((a, b) => a - b);
}

export interface FuzzOptions {
  app: FastifyInstance;
  database: Database;
  roles: readonly FuzzRole[];
  seed: number;
  requests: number;
  /** Share of the requests sent to /v1/graphql (the REST routes share the rest evenly). */
  graphqlShare?: number;
  /** Progress lines (the bench's log). */
  log?: (line: string) => void;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const { app, database, roles, seed } = options;
  const started = performance.now();
  const routes = restRoutes(app);
  const vocabulary = restVocabulary(routes);
  const superAdmin = roles.find((role) => role.name === DEMO_ACCOUNTS[0]!.email)?.authorization;
  if (!superAdmin) throw new Error('pas de super administrateur parmi les rôles');
  const model = await graphqlSchemaModel(app, superAdmin);
  const rows = await RowCounts.open(database);
  const r = random(seed);
  const report: FuzzReport = {
    seed,
    requests: 0,
    durationMs: 0,
    statuses: {},
    routes: {},
    serverErrors: [],
    rowChanges: [],
    nonFrench: [],
    messages: new Map(),
    graphqlFields: model.roots.map(({ operation, field }) => `${operation} ${field.name}`),
  };
  const graphqlShare = options.graphqlShare ?? 0.25;
  const current = roles.map((role) => ({ ...role }));
  for (let index = 0; index < options.requests; index++) {
    const role = r.pick(current);
    const request =
      r.next() < graphqlShare
        ? graphqlRequest(model, r, role.ids, role.authorization)
        : await restRequest(r.pick(routes), vocabulary, r, role.ids, role.authorization);
    const response = await app.inject(request.inject);
    report.requests += 1;
    report.statuses[response.statusCode] = (report.statuses[response.statusCode] ?? 0) + 1;
    const field = request.label.match(/^(query|mutation) [^\s,]+/)?.[0];
    for (const key of field ? [request.route, field] : [request.route])
      report.routes[key] = (report.routes[key] ?? 0) + 1;
    const describe = (problem: string) =>
      `${problem} — ${role.name} — ${describeRequest(request)} -> ${response.statusCode} ${response.body.slice(0, 400)} (graine ${seed}, requête n° ${index + 1})`;

    if (response.statusCode >= 500) report.serverErrors.push(describe(`HTTP ${response.statusCode}`));
    const messages = refusalMessages(response, request.route.endsWith('/v1/graphql'));
    for (const message of messages) {
      const problem = frenchMessageProblem(message);
      if (problem) report.nonFrench.push(describe(`message « ${String(message).slice(0, 200)} » : ${problem}`));
      else if (typeof message === 'string') report.messages.set(message, (report.messages.get(message) ?? 0) + 1);
    }
    const changes = (await rows.changes()).filter((change) => !TABLES_A_REFUSAL_MAY_CHANGE.has(change.split(' ')[0]!));
    if (changes.length > 0 && (response.statusCode >= 400 || messages.length > 0))
      report.rowChanges.push(describe(`lignes changées par un refus : ${changes.join(', ')}`));
    // Accepted, its work goes on (a job): what it writes later belongs to it.
    if (response.statusCode === 202) await rows.settle();
    // The role's own token refused: a fuzzed logout ended its session; it signs in again.
    const sent = (request.inject.headers as Record<string, string> | undefined)?.authorization;
    if (response.statusCode === 401 && role.signIn && sent === role.authorization) {
      role.authorization = await role.signIn();
      await rows.changes(); // the new session's row is the sign-in's, not a refusal's
    }
    if (options.log && (index + 1) % 5_000 === 0) options.log(`  ${index + 1} requêtes...`);
  }
  report.durationMs = performance.now() - started;
  return report;
}

/**
 * The messages of a refusal: a REST 4xx/5xx's `message` (and its `issues`' messages), or
 * every GraphQL error's message, whatever the status. An empty list: not a refusal. A
 * refusal without any readable message gives [undefined], which the French check names.
 */
function refusalMessages(response: LightMyRequestResponse, graphql: boolean): unknown[] {
  let body: unknown;
  try {
    body = response.body === '' ? undefined : JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (graphql && Array.isArray(errors) && errors.length > 0)
    return errors.map((error) => (error as { message?: unknown } | null)?.message);
  if (response.statusCode < 400) return [];
  const { message, issues } = (body ?? {}) as { message?: unknown; issues?: unknown };
  const issueMessages = Array.isArray(issues) ? issues.map((issue) => (issue as { message?: unknown })?.message) : [];
  return [message, ...issueMessages];
}

function describeRequest(request: FuzzRequest): string {
  const { method, url, payload, headers } = request.inject as {
    method: string;
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  };
  const shown = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}… (${text.length} car.)` : text;
  const body =
    payload === undefined
      ? ''
      : ` corps ${headers?.['content-type'] ?? ''} ${shown(Buffer.isBuffer(payload) ? payload.toString('latin1') : String(payload), 300)}`;
  const extra = Object.entries(headers ?? {})
    .filter(([name]) => !['authorization', 'content-type'].includes(name))
    .map(([name, value]) => ` ${name}: ${shown(value, 60)}`)
    .join('');
  return `${request.route} [${request.label}] ${method} ${shown(url, 300)}${extra}${body}`;
}
