import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { HttpError, badRequest } from './http-errors';
import { isPublicAddress } from './ip-address-policy';

interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export interface SafeFetchPolicy {
  /** Host names that may be fetched (exact match, lower case); empty refuses every URL. */
  allowedHosts: readonly string[];
  resolveHost?: HostResolver;
  /**
   * Test seam: lets one (host name, address) pair through the public-address check, so a
   * test can serve the first hop from 127.0.0.1. Production never sets it.
   */
  isExempt?: (hostname: string, address: string) => boolean;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

export interface FetchedFile {
  bytes: Buffer;
  finalUrl: URL;
  contentType: string | undefined;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const refused = (reason: string) => badRequest(`URL refusée : ${reason}`);

/** Splits FILE_URL_ALLOWLIST ("a.fr, b.fr") into normalised host names. */
export function parseAllowList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map(normaliseHost)
    .filter((host) => host.length > 0);
}

const normaliseHost = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/**
 * GETs an http(s) URL on the allow-list and returns its bytes. Every hop (the URL and
 * each redirect, followed by hand) is checked: scheme, allow-list, then every address
 * the name resolves to must be public; the connection then goes to that checked address,
 * so a second DNS answer (rebinding) cannot redirect it. Size and total time are capped.
 */
export async function safeFetch(rawUrl: string, policy: SafeFetchPolicy): Promise<FetchedFile> {
  const { maxBytes = 10 * 1024 * 1024, timeoutMs = 10_000, maxRedirects = 3 } = policy;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = parseUrl(rawUrl);
  try {
    for (let hop = 0; ; hop++) {
      const target = await checkHop(url, policy, signal);
      const response = await requestOnce(url, target, signal);
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
        response.resume();
        if (hop >= maxRedirects) throw refused('trop de redirections.');
        url = parseUrl(location, url);
        continue;
      }
      if (response.statusCode !== 200) {
        response.resume();
        throw new HttpError(502, `Le serveur distant a répondu ${response.statusCode ?? '?'}.`, 'bad-gateway');
      }
      return {
        bytes: await readLimited(response, maxBytes),
        finalUrl: url,
        contentType: response.headers['content-type'],
      };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (signal.aborted) throw new HttpError(504, 'Le serveur distant met trop de temps à répondre.', 'gateway-timeout');
    throw new HttpError(502, 'Le fichier distant est inaccessible.', 'bad-gateway');
  }
}

function parseUrl(value: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw refused('adresse mal formée.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refused('seuls les protocoles http et https sont acceptés.');
  if (url.username || url.password) throw refused('les identifiants dans l’adresse ne sont pas acceptés.');
  return url;
}

async function checkHop(url: URL, policy: SafeFetchPolicy, signal: AbortSignal): Promise<ResolvedAddress> {
  const hostname = normaliseHost(url.hostname.replace(/^\[|\]$/g, ''));
  if (!policy.allowedHosts.map(normaliseHost).includes(hostname))
    throw refused(`l’hôte ${hostname} n’est pas autorisé.`);
  const version = isIP(hostname);
  const addresses: ResolvedAddress[] =
    version !== 0 ? [{ address: hostname, family: version === 6 ? 6 : 4 }] : await resolve(hostname, policy, signal);
  if (addresses.length === 0) throw refused(`l’hôte ${hostname} est introuvable.`);
  // Every answer must be public: otherwise the name could be steered to its private one.
  const allowed = (address: string) => isPublicAddress(address) || (policy.isExempt?.(hostname, address) ?? false);
  if (!addresses.every(({ address }) => allowed(address))) throw refused('adresse privée, locale ou réservée.');
  return addresses[0] as ResolvedAddress;
}

async function resolve(hostname: string, policy: SafeFetchPolicy, signal: AbortSignal): Promise<ResolvedAddress[]> {
  const aborted = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
  );
  aborted.catch(() => undefined); // the race below handles it; this avoids an unhandled rejection later
  try {
    return await Promise.race([(policy.resolveHost ?? systemResolver)(hostname), aborted]);
  } catch (error) {
    if (signal.aborted) throw error;
    throw refused(`l’hôte ${hostname} est introuvable.`);
  }
}

function requestOnce(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  // Connect to the address that was checked, whatever DNS would answer now.
  const pinnedLookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolvePromise, reject) => {
    const request = client.request(url, {
      method: 'GET',
      agent: false,
      lookup: pinnedLookup,
      signal,
      headers: { accept: '*/*', 'user-agent': 'gestion-des-finances/1.0' },
    });
    request.on('response', resolvePromise);
    request.on('error', reject);
    request.end();
  });
}

async function readLimited(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new HttpError(
      413,
      `Le fichier distant dépasse la taille maximale de ${maxBytes / 1024 / 1024} Mo.`,
      'payload-too-large',
    );
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
