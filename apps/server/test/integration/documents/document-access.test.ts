import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { insertFlux, oneId } from './document-fixtures';
import { pdfBody, useDocumentSuite } from './document-suite';
import { pdfText } from './pdf-tools';

const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

describe.each(testDatabaseTargets())('flux documents: relevé, headers, scope and auth on $name', (target) => {
  const suite = useDocumentSuite(target);

  describe("relevé d'opération (R-DOC-04)", () => {
    it('shows the title, structure, flux number, date, label, debit and the amount with 2 decimals', async () => {
      const id = await insertFlux(suite.database, {
        name: 'Licence adulte 2024 - Élodie Martin',
        categoryId: 1,
        structureId: suite.clubStructureId,
        seasonId: suite.seasonId,
        amount: '1234.5',
      });
      const response = await suite.get(`/api/flux/${id}/releve.pdf`, suite.clubToken);
      expect(response.headers['content-disposition']).toBe(`inline; filename="releve-${id}-2024-03-01.pdf"`);
      const [structure] = await suite.database.query<{ name: string }>(
        `SELECT "NomStructure" AS name FROM "STR_Structure" WHERE id = $1`,
        [suite.clubStructureId],
      );
      const text = flat(pdfBody(response));
      expect(text).toContain("RELEVÉ D'OPÉRATION");
      expect(text).toContain(structure!.name);
      expect(text).toContain(`N° de flux ${id}`);
      expect(text).toContain('Date 01/03/2024');
      expect(text).toContain('Licence adulte 2024 - Élodie Martin');
      expect(text).toContain('Sens Débit');
      expect(text).toContain('Montant 1 234,50 €');
    });

    it('a credit flux reads Crédit', async () => {
      const id = await insertFlux(suite.database, {
        name: 'Remboursement licence',
        categoryId: 6,
        isDebit: false,
        structureId: suite.clubStructureId,
        seasonId: suite.seasonId,
        amount: '42',
      });
      const text = flat(pdfBody(await suite.get(`/api/flux/${id}/releve.pdf`, suite.clubToken)));
      expect(text).toContain('Sens Crédit');
      expect(text).toContain('Montant 42,00 €');
    });
  });

  it('R-DOC-05: names files with the creation day in Europe/Paris and a facture’s invoice number, inline by default and attachment with download=1', async () => {
    // 23:30 UTC on 29 February 2024 is 00:30 on 1 March in Paris.
    const id = await insertFlux(suite.database, {
      name: 'Facture de nuit',
      categoryId: 4,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '10',
      createdAt: '2024-02-29T23:30:00Z',
    });
    const inline = await suite.get(`/api/flux/${id}/facture.pdf`, suite.clubToken);
    expect(inline.headers['content-disposition']).toBe(
      `inline; filename="facture-${id}-2024-03-01-${suite.seasonId}-FFME-${id}.pdf"`,
    );
    expect(inline.headers['cache-control']).toBe('private, no-store');
    const attachment = await suite.get(`/api/flux/${id}/releve.pdf?download=1`, suite.clubToken);
    expect(attachment.headers['content-disposition']).toBe(`attachment; filename="releve-${id}-2024-03-01.pdf"`);
    expect(flat(pdfBody(attachment))).toContain('Date 01/03/2024');
  });

  describe("scope (R-DOC-07): a flux outside the caller's scope is not found", () => {
    const otherClubFlux = () =>
      oneId(
        suite.database,
        `SELECT f.id FROM "MKP_FluxFinancier" f JOIN "STR_Structure" s ON s.id = f."ID_Structure"
         WHERE s."ID_TypeStructure" = 1 AND s.id <> $1 ORDER BY f.id LIMIT 1`,
        [suite.clubStructureId],
      );

    it.each(['facture', 'releve'])("club@demo.fr gets 404 for another club's %s", async (kind) => {
      const response = await suite.get(`/api/flux/${await otherClubFlux()}/${kind}.pdf`, suite.clubToken);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Flux financier introuvable');
    });

    it('the head office (type 7) sees the flux of its member clubs', async () => {
      const response = await suite.get(`/api/flux/${await otherClubFlux()}/facture.pdf`, suite.siegeToken);
      expect(response.statusCode).toBe(200);
    });

    it('a structure the caller is not a member of is refused (X-Structure-Id or structureId)', async () => {
      const id = await otherClubFlux();
      expect(
        (await suite.get(`/api/flux/${id}/facture.pdf`, suite.clubToken, { 'x-structure-id': '1318' })).statusCode,
      ).toBe(403);
      expect((await suite.get(`/api/flux/${id}/facture.pdf?structureId=1318`, suite.clubToken)).statusCode).toBe(403);
    });

    it('an unknown flux is 404 and a malformed id 400', async () => {
      expect((await suite.get('/api/flux/999999999/facture.pdf', suite.siegeToken)).statusCode).toBe(404);
      expect((await suite.get('/api/flux/abc/releve.pdf', suite.siegeToken)).statusCode).toBe(400);
    });
  });

  describe('authentication', () => {
    it.each(['facture', 'releve'])('%s: 401 without a token or with a forged one', async (kind) => {
      expect((await suite.get(`/api/flux/1/${kind}.pdf`)).statusCode).toBe(401);
      expect((await suite.get(`/api/flux/1/${kind}.pdf`, 'forged.token.value')).statusCode).toBe(401);
      expect((await suite.get(`/api/flux/1/${kind}.pdf?access_token=forged.token.value`)).statusCode).toBe(401);
    });

    it('accepts no token in the query string (R-SEC-04: history and proxies keep URLs)', async () => {
      const id = await oneId(
        suite.database,
        `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 ORDER BY id LIMIT 1`,
        [suite.clubStructureId],
      );
      const pdf = await suite.get(`/api/flux/${id}/facture.pdf?access_token=${encodeURIComponent(suite.clubToken)}`);
      expect(pdf.statusCode).toBe(401);
      // The same document with the token in the header: the way the web app fetches it.
      expect((await suite.get(`/api/flux/${id}/facture.pdf`, suite.clubToken)).statusCode).toBe(200);
      const me = await suite.get(`/api/me?access_token=${encodeURIComponent(suite.clubToken)}`);
      expect(me.statusCode).toBe(401);
    });
  });
});
