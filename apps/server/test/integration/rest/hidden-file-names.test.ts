import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BANK_STATEMENTS_URL } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostResolver } from '../../../src/lib/safe-fetch';
import { testDatabaseTargets } from '../support/databases';
import { RETURNS_URL } from '../sepa/sepa-returns-support';
import { bearer, closeRestContext, openRestContext, TINY_PNG, upload, type RestContext } from './rest-context';

/** Names that read otherwise than they are, or break a line: each is refused whole. */
const HOSTILE_NAMES: Array<[string, string, RegExp]> = [
  ['a right-to-left override', 'rib\u202Efdp.png', /invisibles ou de sens d'écriture/],
  ['a zero-width space', 'lo\u200Bgo.png', /invisibles ou de sens d'écriture/],
  ['an isolate', 'logo\u2066.png', /invisibles ou de sens d'écriture/],
  ['a NUL', 'logo\u0000.png', /caractères de contrôle/],
  ['a line break', 'logo\r\n.png', /retours à la ligne/],
];

const resolver: HostResolver = async (hostname) => {
  if (hostname === 'files.test') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

/**
 * R-SEC-17: the name of an uploaded file (a structure's document, sent as a form or fetched
 * from a URL; a bank statement; a bank return report) holding control, bidi or zero-width
 * characters is refused with a French 400 naming the field, and nothing is stored.
 */
describe.each(testDatabaseTargets())('uploaded file names that hide how they read on $name (R-SEC-17)', (target) => {
  let context: RestContext;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    context = await openRestContext(target, {
      urlFetchAllowList: ['files.test'],
      urlFetchOverrides: {
        resolveHost: resolver,
        isExempt: (hostname, address) => hostname === 'files.test' && address === '127.0.0.1',
        timeoutMs: 2_000,
      },
    });
  });
  afterAll(async () => {
    await closeRestContext(context);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const counts = async () =>
    (
      await context.database.query<{ documents: number; statements: number; returns: number; contents: number }>(
        `SELECT (SELECT count(*)::int FROM "DOC_Document") AS documents,
                (SELECT count(*)::int FROM "BQE_ReleveBancaire") AS statements,
                (SELECT count(*)::int FROM "MKP_ImportRetour") AS returns,
                (SELECT count(*)::int FROM "DOC_Contenu") AS contents`,
      )
    )[0];
  const fields = () => ({
    fileType: 'image/png',
    structure: `/api/structures/${context.clubId}`,
    documentType: 'avatar_structure',
  });

  it('POST /api/files: refused in French on the file field, an ordinary name still accepted', async () => {
    const before = await counts();
    // A form's encoder writes CR and LF in a file name as %0D%0A: they never reach the server as such.
    for (const [, name, message] of HOSTILE_NAMES.filter(([kind]) => kind !== 'a line break')) {
      const response = await upload(context, context.tokens.club, fields(), {
        name,
        bytes: TINY_PNG,
        type: 'image/png',
      });
      expect(response.statusCode, name).toBe(400);
      // The core API's error body names the form field before the domain's message.
      const body = response.json<{ message: string }>();
      expect(body.message).toMatch(/^Requête invalide : file : Le nom du fichier : /);
      expect(body.message).toMatch(message);
    }
    expect(await counts()).toEqual(before);
    const accepted = await upload(context, context.tokens.club, fields(), {
      name: 'Relevé d’identité (2025).png',
      bytes: TINY_PNG,
      type: 'image/png',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ NomFichier: 'Relevé d’identité (2025).png' });
  });

  it('POST /api/files/create-from-url: a URL whose last segment decodes to such a name is refused', async () => {
    const before = await counts();
    for (const segment of ['rib%E2%80%AEfdp.png', 'lo%E2%80%8Bgo.png', 'logo%00.png']) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/files/create-from-url',
        headers: bearer(context.tokens.club),
        payload: { fileUrl: `http://files.test:${port}/${segment}`, ...fields() },
      });
      expect(response.statusCode, segment).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(
        /^Requête invalide : fileUrl : Le nom du fichier : /,
      );
    }
    expect(await counts()).toEqual(before);
  });

  it('bank statements and bank return reports: an X-File-Name hiding characters is refused', async () => {
    const before = await counts();
    for (const [, name, message] of HOSTILE_NAMES) {
      for (const url of [BANK_STATEMENTS_URL, RETURNS_URL, `${RETURNS_URL}/preview`]) {
        const response = await context.app.inject({
          method: 'POST',
          url,
          headers: bearer(context.tokens.siege, {
            'content-type': 'application/xml',
            'x-file-name': encodeURIComponent(name),
          }),
          payload: Buffer.from('<Document/>', 'utf8'),
        });
        expect(response.statusCode, `${url} ${name}`).toBe(400);
        expect(response.json<{ message: string }>().message).toMatch(/^Le nom du fichier : /);
        expect(response.json<{ message: string }>().message).toMatch(message);
      }
    }
    expect(await counts()).toEqual(before);
  });
});
