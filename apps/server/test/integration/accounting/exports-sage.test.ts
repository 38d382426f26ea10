import { FEC_COLUMNS } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { loginAs, TEST_TODAY } from '../support/test-app';
import { bearer, buildRestApp, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { decodeLatin9, insertFlux, PERIOD } from './accounting-fixtures';

const query = (extra = '') => `from=${PERIOD.from}&to=${PERIOD.to}${extra}`;

describe.each(testDatabaseTargets())('SAGE and FEC exports on $name (R-LEDG-02 to R-LEDG-04)', (target) => {
  let context: RestContext;

  beforeAll(async () => {
    context = await openRestContext(target, { ledgerClock: () => TEST_TODAY });
    await insertFlux(context.database, [
      {
        structureId: context.clubId,
        label: 'Licence adulte 2030 - Éloïse Œuvré',
        amount: '123.45',
        isDebit: true,
        category: 1,
        date: '2030-01-07',
      },
      {
        structureId: context.clubId,
        label: 'Remboursement assurance',
        amount: '10.00',
        isDebit: false,
        category: 2,
        date: '2030-01-08',
      },
      {
        structureId: context.clubId,
        label: 'Facture matériel',
        amount: '99.99',
        isDebit: true,
        category: 4,
        date: '2030-01-09',
      },
      {
        structureId: context.otherClubId,
        label: 'Affiliation autre club',
        amount: '250.00',
        isDebit: true,
        category: 3,
        date: '2030-01-10',
      },
    ]);
    // The club has no mapping for category 4 (Facture): that flux must be reported.
    await context.database.query(`DELETE FROM "CPT_MappingFlux" WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 4`, [
      context.clubId,
    ]);
  });
  afterAll(() => closeRestContext(context));

  const get = (token: string, url: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('club: R-LEDG-03: PNM golden file, 138 characters a line, the invoice number as Reference, ISO-8859-15; a range not validated is a brouillard', async () => {
    const response = await get(context.tokens.club, `/api/exports/sage?${query()}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('SAGE_BROUILLARD_20300101_20300131.pnm');
    expect(response.headers['x-export-valide']).toBe('non');
    expect(response.headers['content-type']).toContain('iso-8859-15');
    expect(response.headers['x-flux-non-mappes']).toBe('1');
    const text = decodeLatin9(response.rawPayload);
    expect(response.rawPayload.length).toBe(text.length); // one byte per character
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toEqual([
      'AC 070130OD401000       X401FFME      2027-FFME-900001 Licence adulte 2030 - Éloïse Œuvré        C          123.45N 900001             EUR',
      'AC 070130OD628100       G             2027-FFME-900001 Licence adulte 2030 - Éloïse Œuvré        D          123.45N 900001LIC          EUR',
      'AC 080130OD401000       X401FFME      2027-FFME-900002 Remboursement assurance                   D           10.00N 900002             EUR',
      'AC 080130OD616000       G             2027-FFME-900002 Remboursement assurance                   C           10.00N 900002ASS          EUR',
    ]);
    for (const line of lines) expect(line).toHaveLength(138);
  });

  it('club: the CSV variant and a journal filter', async () => {
    const csv = await get(context.tokens.club, `/api/exports/sage?${query('&format=csv')}`);
    expect(decodeLatin9(csv.rawPayload).split('\r\n')[1]).toBe(
      'AC;07/01/2030;401000;401FFME;2027-FFME-900001;Licence adulte 2030 - Éloïse Œuvré;;123,45;;AC-BROUILLARD-900001',
    );
    const none = await get(context.tokens.club, `/api/exports/sage?${query('&journaux=VE')}`);
    expect(none.body).toBe('');
    const farAhead = await get(context.tokens.club, '/api/exports/sage?from=2030-01-01&to=2099-12-31');
    expect(farAhead.statusCode).toBe(400);
    expect(farAhead.json().message).toMatch(/cinq ans/);
  });

  it('club: never exports another structure, and cannot act for it', async () => {
    const own = await get(context.tokens.club, `/api/exports/sage?${query('&format=csv')}`);
    expect(own.body).toContain('900001');
    expect(own.body).not.toContain('900004');
    const other = await get(context.tokens.club, `/api/exports/sage?${query(`&structureId=${context.otherClubId}`)}`);
    expect(other.statusCode).toBe(403);
  });

  it('head office: a fiscal year not validated to its end gives a FEC-layout brouillard, never named as a FEC', async () => {
    const saved = await context.app.inject({
      method: 'PUT',
      url: '/api/parametrages-comptables/parametres',
      headers: bearer(context.tokens.siege),
      payload: {
        CompteCollectif: '411000',
        TiersPrefixe: '411',
        TiersCompteFixe: null,
        TiersLibelleFixe: null,
        SIREN: '775671356',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const years = await get(context.tokens.siege, '/api/parametrages-comptables/exercices');
    const current = (years.json() as { exercices: Array<{ id: number; fin: string }> }).exercices.at(-1)!;
    const response = await get(context.tokens.siege, `/api/exports/fec?exercice=${current.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      `775671356BROUILLARD${current.fin.replaceAll('-', '')}.txt`,
    );
    expect(response.headers['x-export-valide']).toBe('non');
    const [header, ...rows] = decodeLatin9(response.rawPayload).split('\r\n').slice(0, -1);
    expect(header?.split('\t')).toEqual([...FEC_COLUMNS]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const cells = row.split('\t');
      expect(cells).toHaveLength(18);
      expect(cells[2]).toMatch(/-BROUILLARD-\d+$/); // provisional numbers say so
      expect(cells[15]).toBe(''); // no ValidDate before validation
    }
    const other = await get(context.tokens.club, `/api/exports/fec?exercice=${current.id}`);
    expect(other.statusCode).toBe(404); // the head office's fiscal year is not the club's
  });

  it('preview: counts, totals that balance, unmapped flux listed', async () => {
    const response = await get(context.tokens.club, `/api/exports/sage/preview?${query()}`);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({
      entryCount: 2,
      lineCount: 4,
      totalDebitCents: 13_345,
      totalCreditCents: 13_345,
      journals: ['AC'],
      unmappedCount: 1,
    });
    expect(preview.unmapped).toEqual([expect.objectContaining({ id: 900003, label: 'Facture matériel', category: 4 })]);
  });

  it('answers 403 without the export__sage module, and records exports in the audit log', async () => {
    const [logged] = await context.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "APP_AuditLog" WHERE "Action" LIKE 'export_%'`,
    );
    expect(logged?.count).toBeGreaterThanOrEqual(3);
    await context.database.query(
      `DELETE FROM "FEDE_RoleModule" WHERE "SlugModule" = 'export__sage' AND "ID_Role" IN (SELECT id FROM "FEDE_Role" WHERE "SlugRole" = 'administrateur')`,
    );
    const app = await buildRestApp(context.database); // a fresh app: no cached permissions
    try {
      const token = await loginAs(app, 'club@demo.fr');
      for (const url of ['/api/exports/sage', '/api/exports/fec', '/api/exports/sage/preview']) {
        const response = await app.inject({
          method: 'GET',
          url: `${url}?${query('&exercice=1')}`,
          headers: bearer(token),
        });
        expect(response.statusCode, url).toBe(403);
      }
    } finally {
      await app.close();
    }
  });
});
