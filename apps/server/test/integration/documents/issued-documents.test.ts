import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { changeParties, insertFlux, oneId } from './document-fixtures';
import { pdfBody, useDocumentSuite } from './document-suite';
import { pdfText } from './pdf-tools';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The body, checked against its X-Document-Sha256 header. */
function hashedBody(response: LightMyRequestResponse): { pdf: Buffer; sha256: string } {
  const pdf = pdfBody(response);
  expect(response.headers['x-document-sha256']).toBe(sha256(pdf));
  return { pdf, sha256: sha256(pdf) };
}

describe.each(testDatabaseTargets())('issued documents never change on $name (R-DOC-01, R-DOC-02)', (target) => {
  const suite = useDocumentSuite(target);

  const newFlux = (name: string) =>
    insertFlux(suite.database, {
      name,
      categoryId: 4,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '150.00',
      lines: [{ label: 'Passeports', unitPrice: '15.00', quantity: 10 }],
    });

  const auditRows = (fluxId: number) =>
    suite.database.query<{ action: string; type: string; sha256: string; userId: number }>(
      `SELECT "Action" AS action, "Details"->>'type' AS type, "Details"->>'sha256' AS sha256, "ID_Utilisateur" AS "userId"
         FROM "APP_AuditLog" WHERE "TableCible" = 'MKP_FluxFinancier' AND "ID_Cible" = $1
          AND "Action" IN ('emission_document', 'telechargement_document') ORDER BY id`,
      [fluxId],
    );

  const storedCounts = async (fluxId: number, type: string) => {
    const [row] = await suite.database.query<{ links: number; contents: number }>(
      `SELECT (SELECT count(*)::int FROM "MKP_DocumentEmis" WHERE "ID_FluxFinancier" = $1 AND "Type" = $2) AS links,
              (SELECT count(*)::int FROM "DOC_Contenu" c WHERE c."Nature" = $2
                  AND (c.id IN (SELECT "ID_Contenu" FROM "MKP_DocumentEmis" WHERE "ID_FluxFinancier" = $1 AND "Type" = $2)
                       OR NOT EXISTS (SELECT 1 FROM "MKP_DocumentEmis" e WHERE e."ID_Contenu" = c.id))) AS contents`,
      [fluxId, type],
    );
    return row;
  };

  it('a facture downloaded again after its seller, buyer, RIB and correspondent changed: the same bytes and SHA-256', async () => {
    const id = await newFlux('Passeports escalade - printemps');
    const first = await suite.get(`/api/flux/${id}/facture.pdf?download=1`, suite.clubToken);
    const issued = hashedBody(first);
    const database = suite.database;
    const renamed = await changeParties(database, suite.clubStructureId, 'après émission');
    // A fresh flux of the same structure shows the change, so the data did change.
    const fresh = pdfText(
      pdfBody(await suite.get(`/api/flux/${await newFlux('Témoin')}/facture.pdf`, suite.clubToken)),
    );
    expect(fresh).toContain(renamed);

    const again = await suite.get(`/api/flux/${id}/facture.pdf?download=1`, suite.clubToken);
    const later = hashedBody(again);
    expect(later.sha256).toBe(issued.sha256);
    expect(later.pdf.equals(issued.pdf)).toBe(true);
    expect(pdfText(later.pdf)).not.toContain(renamed);
    expect(again.headers['content-disposition']).toBe(first.headers['content-disposition']);
    expect(again.headers['content-length']).toBe(String(issued.pdf.length));

    const audit = await auditRows(id);
    expect(audit.map((row) => row.action)).toEqual(['emission_document', 'telechargement_document']);
    for (const row of audit) expect(row).toMatchObject({ type: 'facture', sha256: issued.sha256 });
    expect(await storedCounts(id, 'facture')).toEqual({ links: 1, contents: 1 });
  });

  it('10 concurrent first downloads of one facture: identical bytes, one stored document, one emission', async () => {
    const id = await newFlux('Passeports - téléchargements simultanés');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => suite.get(`/api/flux/${id}/facture.pdf`, suite.clubToken)),
    );
    const bodies = responses.map(hashedBody);
    for (const body of bodies) expect(body.pdf.equals(bodies[0]!.pdf)).toBe(true);
    expect(await storedCounts(id, 'facture')).toEqual({ links: 1, contents: 1 });
    const audit = await auditRows(id);
    expect(audit).toHaveLength(10);
    expect(audit.filter((row) => row.action === 'emission_document')).toHaveLength(1);
    for (const row of audit) expect(row.sha256).toBe(bodies[0]!.sha256);
  });

  it('a relevé is stored once too, apart from the facture of the same flux', async () => {
    const id = await newFlux('Passeports - relevé');
    const first = hashedBody(await suite.get(`/api/flux/${id}/releve.pdf`, suite.clubToken));
    await suite.database.query(`UPDATE "STR_Structure" SET "NomStructure" = 'Club encore renommé' WHERE id = $1`, [
      suite.clubStructureId,
    ]);
    const again = hashedBody(await suite.get(`/api/flux/${id}/releve.pdf`, suite.clubToken));
    expect(again.pdf.equals(first.pdf)).toBe(true);
    const facture = hashedBody(await suite.get(`/api/flux/${id}/facture.pdf`, suite.clubToken));
    expect(facture.sha256).not.toBe(first.sha256);
    expect(await storedCounts(id, 'releve')).toEqual({ links: 1, contents: 1 });
    expect((await auditRows(id)).map((row) => `${row.action}:${row.type}`)).toEqual([
      'emission_document:releve',
      'telechargement_document:releve',
      'emission_document:facture',
    ]);
  });

  it.each(['facture', 'releve'])("a club never gets another structure's stored %s (404 as before)", async (kind) => {
    const otherClubFlux = await oneId(
      suite.database,
      `SELECT f.id FROM "MKP_FluxFinancier" f JOIN "STR_Structure" s ON s.id = f."ID_Structure"
        WHERE s."ID_TypeStructure" = 1 AND s.id <> $1 ORDER BY f.id LIMIT 1`,
      [suite.clubStructureId],
    );
    // The head office issues it first, so it is stored.
    hashedBody(await suite.get(`/api/flux/${otherClubFlux}/${kind}.pdf`, suite.siegeToken));
    const refused = await suite.get(`/api/flux/${otherClubFlux}/${kind}.pdf`, suite.clubToken);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Flux financier introuvable');
    expect(refused.headers['x-document-sha256']).toBeUndefined();
    const clubAudit = await suite.database.query(
      `SELECT 1 FROM "APP_AuditLog" WHERE "ID_Cible" = $1 AND "ID_Structure" = $2 AND "Action" LIKE '%_document'`,
      [otherClubFlux, suite.clubStructureId],
    );
    expect(clubAudit).toHaveLength(0);
  });
});
