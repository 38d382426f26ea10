import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import type { Queryable } from '../../../src/db/queryable';

/** One client of the load: a signed-in user acting for one structure. */
export interface LoadClient {
  index: number;
  token: string;
  structureId: number;
}

/** What one request of a kind sends. */
export interface LoadRequest {
  method: string;
  path: string;
  body?: unknown;
}

/** A sort of request of the mix, drawn with its weight. */
export interface LoadKind {
  name: string;
  weight: number;
  /** A write: acknowledged when answered 2xx with an id (`write` is what was sent). */
  write?: boolean;
  request(client: LoadClient, sequence: number): LoadRequest;
}

/** One request sent and what came back. */
export interface RequestRecord {
  client: number;
  kind: string;
  method: string;
  write: boolean;
  sentBody: unknown;
  /** performance.now() when sent and when answered (or failed). */
  startedAt: number;
  endedAt: number;
  /** HTTP status; 0 when no answer came (the connection to the proxy failed). */
  status: number;
  /** Answered 2xx, and without GraphQL `errors`. */
  ok: boolean;
  /** The answer's `id` (writes). */
  id?: number;
}

export interface MixedLoad {
  /** Requests sent and not answered yet. */
  inFlight(): number;
  /** Answers (and failures) so far. */
  records(): readonly RequestRecord[];
  /** Stops sending, waits for the requests under way, and returns every record. */
  stop(): Promise<RequestRecord[]>;
}

export interface MixedLoadOptions {
  /** https://host:port of the proxy. */
  url: string;
  /** The proxy's certificate (PEM), trusted by the clients. */
  ca: string;
  clients: readonly LoadClient[];
  kinds: readonly LoadKind[];
  /** Mean pause between a client's answer and its next request (uniform in 0..2x); default 0. */
  thinkMs?: number;
  /** Longest wait for one answer; default 60 s. */
  timeoutMs?: number;
}

/**
 * Clients each sending one request at a time through the proxy, kinds drawn by weight (a
 * seeded generator per client: the same mix on every run), each on its own keep-alive
 * connection to the proxy as a browser would. Records every request, its status and, for a
 * write, the id the server acknowledged.
 */
export function startMixedLoad(options: MixedLoadOptions): MixedLoad {
  const records: RequestRecord[] = [];
  let inFlight = 0;
  let stopping = false;
  const totalWeight = options.kinds.reduce((sum, kind) => sum + kind.weight, 0);
  const loops = options.clients.map(async (client) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, ca: options.ca });
    const random = seededRandom(client.index + 1);
    try {
      for (let sequence = 0; !stopping; sequence += 1) {
        let draw = random() * totalWeight;
        const kind = options.kinds.find((candidate) => (draw -= candidate.weight) < 0) ?? options.kinds[0]!;
        const sent = kind.request(client, sequence);
        inFlight += 1;
        const startedAt = performance.now();
        const answer = await sendRequest(options.url, {
          ...sent,
          agent,
          token: client.token,
          structureId: client.structureId,
          timeoutMs: options.timeoutMs ?? 60_000,
        });
        inFlight -= 1;
        const json = answer.json as { id?: unknown; errors?: unknown } | undefined;
        records.push({
          client: client.index,
          kind: kind.name,
          method: sent.method,
          write: kind.write === true,
          sentBody: sent.body,
          startedAt,
          endedAt: performance.now(),
          status: answer.status,
          ok: answer.status >= 200 && answer.status < 300 && json?.errors === undefined,
          ...(typeof json?.id === 'number' ? { id: json.id } : {}),
        });
        if (options.thinkMs) await new Promise((resolve) => setTimeout(resolve, random() * 2 * options.thinkMs!));
      }
    } finally {
      agent.destroy();
    }
  });
  return {
    inFlight: () => inFlight,
    records: () => records,
    async stop() {
      stopping = true;
      await Promise.all(loops);
      return records;
    },
  };
}

export interface Answer {
  /** 0 when no answer came. */
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json?: unknown;
}

/**
 * One request to `base` (https with `ca` trusted, or http), as the web app sends it: the bearer
 * token and the structure acted for. Never throws: a failed connection is status 0.
 */
export function sendRequest(
  base: string,
  sent: LoadRequest & {
    token?: string;
    structureId?: number;
    agent?: Agent | false;
    ca?: string;
    headers?: Record<string, string>;
    localAddress?: string;
    timeoutMs?: number;
  },
): Promise<Answer> {
  const body = sent.body === undefined ? undefined : Buffer.from(JSON.stringify(sent.body));
  const target = new URL(sent.path, base);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const failed = () => resolve({ status: 0, headers: {}, text: '' });
    const outgoing = send(
      target,
      {
        method: sent.method,
        agent: sent.agent ?? false,
        ...(sent.ca ? { ca: sent.ca } : {}),
        ...(sent.localAddress ? { localAddress: sent.localAddress } : {}),
        timeout: sent.timeoutMs ?? 60_000,
        headers: {
          ...(sent.token ? { authorization: `Bearer ${sent.token}` } : {}),
          ...(sent.structureId ? { 'x-structure-id': String(sent.structureId) } : {}),
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...sent.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', failed);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('délai dépassé')));
    outgoing.on('error', failed);
    outgoing.end(body);
  });
}

/** mulberry32: a small seeded generator, so a client's mix is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Percentile `p` (0..100) of `values` (nearest rank), 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Where the load's writes go: a new analytic section of the client's structure, each with its own code. */
const SECTIONS_PATH = '/api/parametrages-comptables/sections-analytiques';

/** The load's write (R-OPS-12's "acknowledged write"): a section whose code names the run, the client and the request. */
export function sectionWrite(run: string, weight: number, label: string): LoadKind {
  return {
    name: 'écriture (section analytique créée)',
    weight,
    write: true,
    request: (client, sequence) => ({
      method: 'POST',
      path: SECTIONS_PATH,
      body: {
        Code: `${run}${client.index.toString(36).padStart(2, '0')}${sequence.toString(36)}`.toUpperCase(),
        Libelle: label,
      },
    }),
  };
}

/** Acknowledged writes (2xx with an id) whose section is not in the database with the code sent. */
export async function lostSectionWrites(
  database: Queryable,
  records: readonly RequestRecord[],
): Promise<RequestRecord[]> {
  const acknowledged = records.filter((record) => record.write && record.ok);
  const rows = await database.query<{ id: number; Code: string }>(
    `SELECT id, "Code" FROM "CPT_SectionAnalytique" WHERE id = ANY($1::int[])`,
    [acknowledged.map((record) => record.id ?? 0)],
  );
  const stored = new Map(rows.map((row) => [row.id, row.Code]));
  return acknowledged.filter(
    (record) => record.id === undefined || stored.get(record.id) !== (record.sentBody as { Code: string }).Code,
  );
}
