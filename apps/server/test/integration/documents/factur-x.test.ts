import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { insertFlux } from './document-fixtures';
import { facturXTools } from './factur-x-tools';
import { pdfBody, useDocumentSuite } from './document-suite';
import { pdfFontList } from './pdf-tools';

// R-FACT-12: every facture and avoir is issued as Factur-X (PDF/A-3b with the EN 16931 CII XML
// inside, as factur-x.xml); the XML alone is downloadable and is the very bytes the PDF carries.
// Checked with poppler (pdfdetach, pdfinfo -meta), the official CII D16B schema (xmllint) and the
// EN 16931 Schematron (Saxon-HE, once for all the XML of this file): factur-x-tools.ts.
const { popplerOn, embeddedXml, validate, remove } = facturXTools();
afterAll(remove);

describe.each(testDatabaseTargets())('Factur-X invoices on $name (R-FACT-12 to R-FACT-14)', (target) => {
  const suite = useDocumentSuite(target);
  const issuedXml: Array<[string, string]> = [];

  const newFlux = (categoryId: number, name: string, more: { isDebit?: boolean; amount?: string } = {}) =>
    insertFlux(suite.database, {
      name,
      categoryId,
      isDebit: more.isDebit,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: more.amount ?? '246.90',
      lines: [{ label: 'Licence adulte', unitPrice: '123.45', quantity: 2 }],
    });

  it('a category-4 facture is a PDF/A-3b carrying factur-x.xml (Alternative), with the Factur-X XMP and embedded fonts', async () => {
    const id = await newFlux(4, 'Facture stage escalade');
    const pdf = pdfBody(await suite.get(`/api/flux/${id}/facture.pdf`, suite.clubToken));
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');

    const { output: list } = popplerOn(pdf, 'pdfdetach', ['-list']);
    expect(list).toMatch(/1 embedded files\s+1: factur-x\.xml/);
    expect(pdf.toString('latin1')).toMatch(/\/AFRelationship \/Alternative/);
    expect(pdf.toString('latin1')).toMatch(/\/AF \[\d+ 0 R\]/);
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/text#2Fxml/);
    expect(pdf.toString('latin1')).toMatch(/\/OutputIntents \[\d+ 0 R\]/);

    const { output: xmp } = popplerOn(pdf, 'pdfinfo', ['-meta']);
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:Version>1.0</fx:Version>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );

    const fonts = pdfFontList(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((font) => font.embedded)).toBe(true);

    const xml = embeddedXml(pdf);
    expect(xml).toContain(`<ram:ID>${suite.seasonId}-FFME-${id}</ram:ID>`);
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(xml).toContain('<ram:TypeCode>30</ram:TypeCode>');
    issuedXml.push(['facture catégorie 4', xml]);

    // 'Télécharger le XML': the very bytes inside the PDF, the same at every download.
    const response = await suite.get(`/api/flux/${id}/facture.xml?download=1`, suite.clubToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="facture-${id}-2024-03-01-${suite.seasonId}-FFME-${id}.xml"`,
    );
    expect(response.body).toBe(xml);
    const again = await suite.get(`/api/flux/${id}/facture.xml`, suite.clubToken);
    expect(again.headers['x-document-sha256']).toBe(response.headers['x-document-sha256']);
  });

  it('the first download stores the facture and its XML, each once, and one emission naming both', async () => {
    const id = await newFlux(4, 'Facture stockée avec son XML');
    const pdf = pdfBody(await suite.get(`/api/flux/${id}/facture.pdf`, suite.clubToken));
    const xml = Buffer.from(embeddedXml(pdf), 'utf8');
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const stored = await suite.database.query<{
      type: string;
      contentId: number;
      sha256: string;
      size: string;
      mime: string;
      same: boolean;
    }>(
      `SELECT e."Type" AS type, c.id AS "contentId", e."Sha256" AS sha256, c."Taille"::text AS size,
          c."TypeMime" AS mime, c."Sha256" = e."Sha256" AND c."Nature" = e."Type" AS same
         FROM "MKP_DocumentEmis" e JOIN "DOC_Contenu" c ON c.id = e."ID_Contenu"
        WHERE e."ID_FluxFinancier" = $1 ORDER BY e."Type"`,
      [id],
    );
    expect(stored.map(({ contentId: _id, ...row }) => row)).toEqual([
      { type: 'facture', sha256: sha256(pdf), size: String(pdf.length), mime: 'application/pdf', same: true },
      { type: 'facture_xml', sha256: sha256(xml), size: String(xml.length), mime: 'text/xml', same: true },
    ]);
    const audit = await suite.database.query<{ details: unknown }>(
      `SELECT "Details" AS details FROM "APP_AuditLog" WHERE "ID_Cible" = $1 AND "Action" = 'emission_document'`,
      [id],
    );
    expect(audit.map((row) => row.details)).toEqual([
      {
        type: 'facture',
        sha256: sha256(pdf),
        contenu: stored[0]!.contentId,
        facturX: { sha256: sha256(xml), contenu: stored[1]!.contentId },
      },
    ]);
  });

  it('the XML asked first issues the facture with it; every category and an avoir pass the schema', async () => {
    const cases: Array<[string, number]> = [
      ['catégorie 1', await newFlux(1, 'Licences saison')],
      ['catégorie 2', await newFlux(2, 'Assurance complémentaire')],
      ['Affiliation', await newFlux(3, 'Affiliation club')],
      ['catégorie 5', await newFlux(5, 'Prélèvement licences')],
      ['catégorie 6', await newFlux(6, 'Remboursement de frais')],
      ['avoir', await newFlux(4, 'Avoir stage annulé', { isDebit: false })],
    ];
    for (const [name, id] of cases) {
      const xml = await suite.get(`/api/flux/${id}/facture.xml`, suite.siegeToken);
      expect(xml.statusCode, `${name}: ${xml.body}`).toBe(200);
      const pdf = pdfBody(await suite.get(`/api/flux/${id}/facture.pdf`, suite.siegeToken));
      expect(embeddedXml(pdf), name).toBe(xml.body);
      issuedXml.push([name, xml.body]);
    }
    expect(issuedXml.find(([name]) => name === 'avoir')?.[1]).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(issuedXml.find(([name]) => name === 'Affiliation')?.[1]).toContain('<ram:TypeCode>48</ram:TypeCode>');
    expect(issuedXml.find(([name]) => name === 'catégorie 5')?.[1]).toContain('<ram:TypeCode>59</ram:TypeCode>');
  });

  it('every XML the server issued is valid (CII D16B XSD) and passes the EN 16931 rules (no fatal failure)', () => {
    expect(issuedXml.length).toBeGreaterThanOrEqual(7);
    const { fatal, reports } = validate(issuedXml, target.name);
    expect(reports).toBe(issuedXml.length);
    expect(fatal).toEqual([]);
  }, 60_000);

  it('an avis de prélèvement is no invoice: a plain PDF, and no XML (404 in French)', async () => {
    const originalId = await newFlux(5, 'Prélèvement licences décembre');
    const relaunched = await suite.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: { authorization: `Bearer ${suite.siegeToken}` },
      payload: {
        query: `mutation($id: Int!) { relaunch_MKP_FluxFinancier(id: $id) { id } }`,
        variables: { id: originalId },
      },
    });
    const copyId = (relaunched.json() as { data: { relaunch_MKP_FluxFinancier: { id: number } } }).data
      .relaunch_MKP_FluxFinancier.id;
    const pdf = pdfBody(await suite.get(`/api/flux/${copyId}/facture.pdf`, suite.siegeToken));
    expect(popplerOn(pdf, 'pdfdetach', ['-list']).output).toMatch(/0 embedded files/);
    const xml = await suite.get(`/api/flux/${copyId}/facture.xml`, suite.siegeToken);
    expect(xml.statusCode).toBe(404);
    expect(xml.json()).toMatchObject({ message: expect.stringContaining('avis de prélèvement') });
  });

  it('a club never gets another structure’s XML, and nobody without a session', async () => {
    const [other] = await suite.database.query<{ id: number }>(
      `SELECT f.id FROM "MKP_FluxFinancier" f WHERE f."ID_Structure" <> $1 AND f."EST_Debit" ORDER BY f.id LIMIT 1`,
      [suite.clubStructureId],
    );
    const denied = await suite.get(`/api/flux/${other!.id}/facture.xml`, suite.clubToken);
    expect(denied.statusCode).toBe(404);
    expect(denied.body).not.toContain('CrossIndustryInvoice');
    expect((await suite.get(`/api/flux/${other!.id}/facture.xml`)).statusCode).toBe(401);
  });
});
