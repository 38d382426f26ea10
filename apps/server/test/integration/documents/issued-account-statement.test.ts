import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { buildTestApp, loginAs } from '../support/test-app';
import { insertFlux, oneId } from './document-fixtures';
import { pdfBody, useDocumentSuite } from './document-suite';
import { pdfText } from './pdf-tools';

interface IssuedSummary {
  id: number;
  number: string;
  from: string;
  to: string;
  asOf: string;
  closingBalance: number;
}

// Relevés de compte given out are issued documents: numbered, stored, never changed.
describe.each(testDatabaseTargets())('issued relevés de compte on $name', (target) => {
  const suite = useDocumentSuite(target);
  const MARCH = 'du=2031-03-01&au=2031-03-31';
  const statementUrl = (structureId: number, query: string) =>
    `/api/structures/${structureId}/releve-de-compte?${query}`;
  const listUrl = (structureId: number) => `/api/structures/${structureId}/releves-de-compte`;
  const issuedUrl = (id: number, format: 'pdf' | 'xlsx') => `/api/releves-de-compte/${id}?format=${format}`;
  const auditCount = async (action: string, targetId: number) => {
    const [row] = await suite.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "APP_AuditLog" WHERE "Action" = $1 AND "TableCible" = 'MKP_ReleveCompteEmis' AND "ID_Cible" = $2`,
      [action, targetId],
    );
    return row!.n;
  };
  const march = (name: string, amount: string, day: string) =>
    insertFlux(suite.database, {
      name,
      categoryId: 1,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount,
      createdAt: `2031-03-${day}T10:00:00Z`,
    });

  it('the same statement asked again is the one issued: same number, same bytes, one issue audited', async () => {
    await march('Licences mars', '120.00', '05');
    const first = await suite.get(statementUrl(suite.clubStructureId, `${MARCH}&format=pdf`), suite.clubToken);
    const again = await suite.get(statementUrl(suite.clubStructureId, `${MARCH}&format=pdf`), suite.clubToken);
    expect(again.headers['x-releve-numero']).toBe(first.headers['x-releve-numero']);
    expect(pdfBody(again).equals(pdfBody(first))).toBe(true);
    // Its xlsx belongs to the same issue: same number.
    const xlsx = await suite.get(statementUrl(suite.clubStructureId, `${MARCH}&format=xlsx`), suite.clubToken);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['x-releve-numero']).toBe(first.headers['x-releve-numero']);

    const { statements } = (await suite.get(listUrl(suite.clubStructureId), suite.clubToken)).json<{
      statements: IssuedSummary[];
    }>();
    const issued = statements.find((item) => item.number === first.headers['x-releve-numero'])!;
    expect(issued).toMatchObject({ from: '2031-03-01', to: '2031-03-31', closingBalance: expect.any(Number) });
    expect(await auditCount('emission_releve_compte', issued.id)).toBe(1);
    expect(await auditCount('telechargement_releve_compte', issued.id)).toBe(3);
  });

  it('a new flux issues a new number; the earlier statement downloads with its first bytes, listed newest first', async () => {
    const before = await suite.get(statementUrl(suite.clubStructureId, `${MARCH}&format=pdf`), suite.clubToken);
    const beforeXlsx = await suite.get(statementUrl(suite.clubStructureId, `${MARCH}&format=xlsx`), suite.clubToken);
    await march('Assurance mars', '45.50', '20');
    const after = await suite.get(statementUrl(suite.clubStructureId, `${MARCH}&format=pdf`), suite.clubToken);
    expect(after.headers['x-releve-numero']).not.toBe(before.headers['x-releve-numero']);
    expect(pdfText(pdfBody(after))).toContain('Assurance mars');

    const { statements } = (await suite.get(listUrl(suite.clubStructureId), suite.clubToken)).json<{
      statements: IssuedSummary[];
    }>();
    expect(statements.slice(0, 2).map((item) => item.number)).toEqual([
      after.headers['x-releve-numero'],
      before.headers['x-releve-numero'],
    ]);
    const earlier = statements[1]!;
    const pdf = await suite.get(issuedUrl(earlier.id, 'pdf'), suite.clubToken);
    expect(pdfBody(pdf).equals(pdfBody(before))).toBe(true);
    expect(pdfText(pdf.rawPayload)).not.toContain('Assurance mars');
    const xlsx = await suite.get(issuedUrl(earlier.id, 'xlsx'), suite.clubToken);
    expect(xlsx.rawPayload.equals(beforeXlsx.rawPayload)).toBe(true);
  });

  it('an issued statement can be neither updated nor deleted (trigger)', async () => {
    const id = await oneId(suite.database, `SELECT id FROM "MKP_ReleveCompteEmis" ORDER BY id LIMIT 1`);
    await expect(
      suite.database.query(`UPDATE "MKP_ReleveCompteEmis" SET "SoldeFinalCentimes" = 0 WHERE id = $1`, [id]),
    ).rejects.toThrow(/ne peut plus être modifié/);
    await expect(suite.database.query(`DELETE FROM "MKP_ReleveCompteEmis" WHERE id = $1`, [id])).rejects.toThrow(
      /ne peut plus être modifié/,
    );
  });

  it("scope: a club gets 404 for another club's issued statement and list; its federation reads its own club's", async () => {
    const otherClub = await oneId(
      suite.database,
      `SELECT id FROM "STR_Structure" WHERE "ID_TypeStructure" = 1 AND id <> $1 ORDER BY id LIMIT 1`,
      [suite.clubStructureId],
    );
    const byHeadOffice = await suite.get(statementUrl(otherClub, `${MARCH}&format=pdf`), suite.siegeToken);
    expect(byHeadOffice.statusCode, byHeadOffice.body).toBe(200);
    const { statements } = (await suite.get(listUrl(otherClub), suite.siegeToken)).json<{
      statements: IssuedSummary[];
    }>();
    const theirs = statements[0]!;
    for (const format of ['pdf', 'xlsx'] as const) {
      const denied = await suite.get(issuedUrl(theirs.id, format), suite.clubToken);
      expect(denied.statusCode).toBe(404);
      expect(denied.json<{ message: string }>().message).toBe('Relevé de compte introuvable');
    }
    expect((await suite.get(listUrl(otherClub), suite.clubToken)).statusCode).toBe(404);
    expect((await suite.get(issuedUrl(999_999, 'pdf'), suite.clubToken)).statusCode).toBe(404);

    const ours = (await suite.get(listUrl(suite.clubStructureId), suite.siegeToken)).json<{
      statements: IssuedSummary[];
    }>().statements[0]!;
    expect((await suite.get(issuedUrl(ours.id, 'pdf'), suite.siegeToken)).statusCode).toBe(200);
  });

  it("saison=<id> states that season's bounds", async () => {
    const [season] = await suite.database.query<{ id: number; from: string; to: string }>(
      `SELECT id, "DateDebut"::text AS "from", "DateFin"::text AS "to" FROM "FEDE_Saison" ORDER BY id LIMIT 1`,
    );
    const response = await suite.get(statementUrl(suite.clubStructureId, `saison=${season!.id}`), suite.clubToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ period: unknown }>().period).toEqual({ from: season!.from, to: season!.to });
    const unknown = await suite.get(statementUrl(suite.clubStructureId, 'saison=1900'), suite.clubToken);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain('saison inconnue');
  });

  it('a user gets at most so many new statements of a structure a day; one already issued is still given', async () => {
    const limited = await buildTestApp(suite.database, { accountStatements: { newPerDay: 1 } });
    try {
      const token = await loginAs(limited, 'club@demo.fr');
      const ask = (query: string) =>
        limited.inject({
          method: 'GET',
          url: statementUrl(suite.clubStructureId, `${query}&format=pdf`),
          headers: { authorization: `Bearer ${token}` },
        });
      // Statements were issued today for this club by the tests above: the day's one is used.
      const refused = await ask('du=2031-05-01&au=2031-05-31');
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json<{ message: string }>().message).toMatch(
        /^Vous avez déjà émis 1 relevé de compte aujourd’hui pour cette structure, le maximum par jour/,
      );
      // The same statement as one issued before is not a new one.
      const again = await ask(MARCH);
      expect(again.statusCode, again.body).toBe(200);
      // Counted per user: the club's reader never uses up the federation's statements.
      const byHeadOffice = await limited.inject({
        method: 'GET',
        url: statementUrl(suite.clubStructureId, 'du=2031-05-01&au=2031-05-31&format=pdf'),
        headers: { authorization: `Bearer ${await loginAs(limited, 'siege@demo.fr')}` },
      });
      expect(byHeadOffice.statusCode, byHeadOffice.body).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('a stored file whose bytes no longer match the statement row is never served', async () => {
    const april = 'du=2031-04-01&au=2031-04-30';
    const response = await suite.get(statementUrl(suite.clubStructureId, `${april}&format=pdf`), suite.clubToken);
    expect(response.statusCode).toBe(200);
    const id = await oneId(suite.database, `SELECT id FROM "MKP_ReleveCompteEmis" WHERE "Numero" = $1`, [
      response.headers['x-releve-numero'],
    ]);
    // Bytes replaced together with their own checksum: only the statement row still knows the first ones.
    await suite.database.query(
      `UPDATE "DOC_Contenu" SET "Octets" = 'altéré'::bytea, "Sha256" = encode(sha256('altéré'::bytea), 'hex'), "Taille" = length('altéré'::bytea)
        WHERE id = (SELECT "ID_ContenuPdf" FROM "MKP_ReleveCompteEmis" WHERE id = $1)`,
      [id],
    );
    const altered = await suite.get(issuedUrl(id, 'pdf'), suite.clubToken);
    expect(altered.statusCode).toBe(500);
    expect(altered.body).not.toContain('altéré');
  });
});
