import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HostResolver } from '../../../src/lib/safe-fetch';
import { testDatabaseTargets } from '../support/databases';
import {
  bearer,
  buildRestApp,
  closeRestContext,
  FAKE_EXE,
  openRestContext,
  TINY_PNG,
  type RestContext,
} from './rest-context';
import { reportRobustness } from '../support/robustness-report';

/**
 * SSRF (R-SEC-11). The only traffic goes to a local server on 127.0.0.1:
 * the injected resolver maps fake, allow-listed host names to it, and exactly one
 * pair (files.test -> 127.0.0.1) is exempted from the private-address check so that a
 * first hop can be served at all. Every other name or address stays refused.
 */
const resolver: HostResolver = async (hostname) => {
  if (['files.test', 'rebind.test', 'mapped.test'].includes(hostname)) {
    return [
      {
        address: hostname === 'mapped.test' ? '::ffff:127.0.0.1' : '127.0.0.1',
        family: hostname === 'mapped.test' ? 6 : 4,
      },
    ];
  }
  if (hostname === 'split.test')
    return [
      { address: '127.0.0.1', family: 4 },
      { address: '93.184.216.34', family: 4 },
    ];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

describe.each(testDatabaseTargets())('create-from-url on $name', (target) => {
  let context: RestContext;
  let server: Server;
  let port: number;
  const hits: string[] = [];
  const SSRF_CASES = 18; // the 14 refused URLs and the 4 refused redirects below
  let ssrfRefused = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      response.on('error', () => undefined);
      const redirect = (location: string) => response.writeHead(302, { location }).end();
      switch (request.url) {
        case '/logo.png':
          return response.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);
        case '/setup.exe':
          return response.writeHead(200, { 'content-type': 'application/pdf' }).end(FAKE_EXE);
        case '/huge.png':
          response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(20 * 1024 * 1024) });
          return response.write(TINY_PNG);
        case '/slow.png':
          return; // never answers
        case '/to-logo':
          return redirect('/logo.png');
        case '/to-loopback':
          return redirect(`http://127.0.0.1:${port}/logo.png`);
        case '/to-rebind':
          return redirect(`http://rebind.test:${port}/logo.png`);
        case '/to-file':
          return redirect('file:///etc/passwd');
        case '/loop':
          return redirect('/loop');
        default:
          return response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    context = await openRestContext(target, {
      urlFetchAllowList: ['files.test', 'rebind.test', 'mapped.test', 'split.test', 'unknown.test'],
      urlFetchOverrides: {
        resolveHost: resolver,
        isExempt: (hostname, address) => hostname === 'files.test' && address === '127.0.0.1',
        timeoutMs: 1_000,
      },
    });
  });
  afterAll(async () => {
    reportRobustness({
      check: 'tentatives SSRF refusées (create-from-url)',
      target: target.name,
      cases: ssrfRefused,
      failures: SSRF_CASES - ssrfRefused,
    });
    await closeRestContext(context);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const createFromUrl = (fileUrl: string, fileType = 'image/png') =>
    context.app.inject({
      method: 'POST',
      url: '/api/files/create-from-url',
      headers: bearer(context.tokens.club),
      payload: { fileUrl, fileType, structure: `/api/structures/${context.clubId}`, documentType: 'avatar_structure' },
    });

  it('stores an allowed file, following a redirect on the same host, and audits it', async () => {
    const response = await createFromUrl(`http://files.test:${port}/to-logo`);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ NomFichier: 'logo.png', TypeMime: 'image/png', Taille: TINY_PNG.length });
    const file = await context.app.inject({
      method: 'GET',
      url: response.json().url,
      headers: bearer(context.tokens.club),
    });
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);
    const audit = await context.database.query<{ action: string }>(
      `SELECT "Action" AS action FROM "APP_AuditLog" WHERE "TableCible" = 'DOC_Document' AND "ID_Cible" = $1`,
      [response.json().id],
    );
    expect(audit).toEqual([{ action: 'document.create_from_url' }]);
  });

  it.each([
    ['loopback literal', 'http://127.0.0.1/', /n’est pas autorisé/],
    ['private literal', 'http://10.0.0.1/', /n’est pas autorisé/],
    ['metadata service', 'http://169.254.169.254/latest/meta-data', /n’est pas autorisé/],
    ['IPv6 loopback', 'http://[::1]/', /n’est pas autorisé/],
    ['file scheme', 'file:///etc/passwd', /http et https/],
    ['ftp scheme', 'ftp://files.test/logo.png', /http et https/],
    ['javascript scheme', 'javascript:alert(1)', /http et https/],
    ['credentials in the URL', 'http://user:secret@files.test/logo.png', /identifiants/],
    ['host not on the allow-list', 'https://evil.example/logo.png', /n’est pas autorisé/],
    ['allow-listed name resolving to loopback', 'http://rebind.test/logo.png', /adresse privée/],
    ['allow-listed name resolving to IPv4-mapped loopback', 'http://mapped.test/logo.png', /adresse privée/],
    ['allow-listed name with one private answer among public ones', 'http://split.test/logo.png', /adresse privée/],
    ['allow-listed name that does not resolve', 'http://unknown.test/logo.png', /introuvable/],
    ['not a URL', 'pas une url', /mal formée/],
  ])('refuses %s', async (_label, url, message) => {
    const before = hits.length;
    const response = await createFromUrl(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/^URL refusée/);
    expect(response.json().message).toMatch(message);
    expect(hits.length).toBe(before);
    ssrfRefused += 1;
  });

  it.each([
    ['to a loopback literal', '/to-loopback', /n’est pas autorisé/],
    ['to an allow-listed name resolving to loopback', '/to-rebind', /adresse privée/],
    ['to a file: URL', '/to-file', /http et https/],
    ['in a loop (more than 3)', '/loop', /trop de redirections/],
  ])('refuses a redirect %s, checking every hop', async (_label, path, message) => {
    const response = await createFromUrl(`http://files.test:${port}${path}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(hits.filter((hit) => hit === '/logo.png')).toHaveLength(1); // the first test's fetch, never a refused hop
    ssrfRefused += 1;
  });

  it('follows at most 3 redirects', () => {
    expect(hits.filter((hit) => hit === '/loop')).toHaveLength(4); // the URL itself, then 3 redirects
  });

  it('checks the bytes, the size and the time of the remote file', async () => {
    const exe = await createFromUrl(`http://files.test:${port}/setup.exe`, 'application/pdf');
    expect(exe.statusCode).toBe(415);
    const huge = await createFromUrl(`http://files.test:${port}/huge.png`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/taille maximale/);
    const slow = await createFromUrl(`http://files.test:${port}/slow.png`);
    expect(slow.statusCode).toBe(504);
    const missing = await createFromUrl(`http://files.test:${port}/nothing.png`);
    expect(missing.statusCode).toBe(502);
  });

  it('refuses every URL when no allow-list is configured (the default)', async () => {
    // Only the parsed configuration (server.ts) gives the list: the app never reads process.env itself.
    vi.stubEnv('FILE_URL_ALLOWLIST', 'files.test');
    const app = await buildRestApp(context.database, {
      urlFetchOverrides: { resolveHost: resolver },
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/files/create-from-url',
        headers: bearer(context.tokens.club),
        payload: {
          fileUrl: `http://files.test:${port}/logo.png`,
          fileType: 'image/png',
          structure: `/api/structures/${context.clubId}`,
          documentType: 'avatar_structure',
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/n’est pas autorisé/);
    } finally {
      vi.unstubAllEnvs();
      await app.close();
    }
  });
});
