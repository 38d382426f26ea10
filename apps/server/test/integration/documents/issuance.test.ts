import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_SEPA_ICS } from '../../../src/modules/exports-sepa/sepa-settings';
import { issueMissingDocuments } from '../../../src/modules/flux-documents/issue-documents';
import { testDatabaseTargets } from '../support/databases';
import { changeParties, insertFlux, oneId } from './document-fixtures';
import { pdfBody, useDocumentSuite } from './document-suite';
import { pdfText } from './pdf-tools';

const HEAD_OFFICE = 1318;
const ISSUANCE = { creditorIdentifier: DEMO_SEPA_ICS };
const INSERT = `mutation($o: MKP_FluxFinancier_insert_input!) { insert_MKP_FluxFinancier_one(object: $o) { id } }`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const compact = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, '');

/**
 * R-DOC-01 (CGI art. 289, LPF L102 B): a flux's documents are issued when it is created
 * (or, for older flux, by the backfill); whatever changes afterwards in structures, addresses,
 * users, RIBs or the flux row itself, its documents show what stood at issuance.
 */
describe.each(testDatabaseTargets())('flux issued once on $name (R-DOC-01)', (target) => {
  const suite = useDocumentSuite(target);

  async function graphql(query: string, variables: Record<string, unknown>) {
    const response = await suite.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: { authorization: `Bearer ${suite.siegeToken}` },
      payload: { query, variables },
    });
    const body = response.json() as { data?: Record<string, { id: number } | null>; errors?: unknown };
    expect(body.errors, response.body).toBeUndefined();
    return body.data!;
  }

  /** A category-4 facture for the club, created through the API as the head office would. */
  async function createInvoice(name: string): Promise<number> {
    const data = await graphql(INSERT, {
      o: {
        NomFluxFinancier: name,
        Z_DateCreation: new Date().toISOString(),
        MontantHT: '105.00',
        MontantTVA: '0.00',
        MontantTTC: '105.00',
        EST_Debit: true,
        ID_CategoryFlux: 4,
        ID_Saison: await currentSeason(),
        ID_Structure: suite.clubStructureId,
        MKP_FluxFinancierDetail: {
          data: [
            {
              NomFluxFinancierDetail: 'Formation initiateur SAE',
              PrixUnitaire: '35.00',
              Quantite: 3,
              MontantHT: '105.00',
              MontantTTC: '105.00',
              EST_Debit: true,
            },
          ],
        },
      },
    });
    return data.insert_MKP_FluxFinancier_one!.id;
  }

  const currentSeason = () =>
    oneId(suite.database, `SELECT id FROM "FEDE_Saison" WHERE now() BETWEEN "DateDebut" AND "DateFin" + 1`);

  /** What the seller and buyer blocks print today. */
  async function liveParties() {
    const [row] = await suite.database.query<{
      club: string;
      clubStreet: string | null;
      headOffice: string;
      iban: string | null;
      correspondent: string | null;
    }>(
      `SELECT c."NomStructure" AS club, ca."Adresse1" AS "clubStreet", h."NomStructure" AS "headOffice",
              (SELECT "IBAN" FROM "STR_StructureRib" WHERE "ID_Structure" = h.id AND "EST_Valide" ORDER BY id DESC LIMIT 1) AS iban,
              u."CT_Nom" AS correspondent
         FROM "STR_Structure" c LEFT JOIN "ADR_Adresse" ca ON ca.id = c."ID_Adresse"
         LEFT JOIN "UTI_Utilisateur" u ON u.id = c."ID_Correspondant"
         CROSS JOIN "STR_Structure" h
        WHERE c.id = $1 AND h.id = $2`,
      [suite.clubStructureId, HEAD_OFFICE],
    );
    return row!;
  }

  async function changeEverything(tag: string) {
    await changeParties(suite.database, suite.clubStructureId, tag);
    return liveParties();
  }

  it('a flux created through the API is issued in its transaction; after its parties and its own row changed, its first download shows what stood at creation, and every download the same SHA-256', async () => {
    const before = await liveParties();
    const downloadedAtOnce = await createInvoice('Formation SAE - émise puis téléchargée');
    const downloadedLater = await createInvoice('Formation SAE - émise, téléchargée après les changements');
    const issued = await suite.database.query<{ id: number }>(
      `SELECT "ID_FluxFinancier" AS id FROM "MKP_FluxEmission" WHERE "ID_FluxFinancier" IN ($1, $2) ORDER BY 1`,
      [downloadedAtOnce, downloadedLater],
    );
    expect(issued.map((row) => row.id)).toEqual([downloadedAtOnce, downloadedLater]);
    const atIssuance = pdfBody(await suite.get(`/api/flux/${downloadedAtOnce}/facture.pdf`, suite.siegeToken));

    const after = await changeEverything('après émission');
    await graphql(
      `
        mutation ($id: Int!) {
          update_MKP_FluxFinancier_by_pk(
            pk_columns: { id: $id }
            _set: { NomFluxFinancier: "Libellé modifié après émission" }
          ) {
            id
          }
        }
      `,
      { id: downloadedLater },
    );
    expect(after.club).not.toBe(before.club);
    expect(after.correspondent).not.toBe(before.correspondent);

    const again = await suite.get(`/api/flux/${downloadedAtOnce}/facture.pdf`, suite.siegeToken);
    expect(again.headers['x-document-sha256']).toBe(sha256(atIssuance));
    expect(pdfBody(again).equals(atIssuance)).toBe(true);

    const later = compact(pdfBody(await suite.get(`/api/flux/${downloadedLater}/facture.pdf`, suite.siegeToken)));
    const text = (value: string) => value.replace(/\s+/g, '');
    expect(later).toContain(text(before.club));
    expect(later).toContain(text(before.headOffice));
    if (before.clubStreet) expect(later).toContain(text(before.clubStreet));
    if (before.iban) expect(later).toContain(before.iban);
    for (const changed of [after.club, after.headOffice, after.clubStreet ?? '', after.iban ?? '']) {
      expect(later).not.toContain(text(changed));
    }
    // The relevé prints the flux's label: the one it had when issued.
    const statement = compact(pdfBody(await suite.get(`/api/flux/${downloadedLater}/releve.pdf`, suite.siegeToken)));
    expect(statement).toContain(text('Formation SAE - émise, téléchargée après les changements'));
    expect(statement).not.toContain(text('Libellé modifié après émission'));
  });

  it("an issued flux's lines cannot change, a line added later is not printed, and a renamed tarif keeps its nature", async () => {
    const tarifId = await oneId(
      suite.database,
      `INSERT INTO "MKP_Tarif" ("NomTarif", "PrixUnitaire", "ID_CategoryFlux") VALUES ('Passeport escalade', 15, 4) RETURNING id`,
    );
    const data = await graphql(INSERT, {
      o: {
        NomFluxFinancier: 'Passeports - lignes figées',
        Z_DateCreation: new Date().toISOString(),
        MontantHT: '30.00',
        MontantTVA: '0.00',
        MontantTTC: '30.00',
        EST_Debit: true,
        ID_CategoryFlux: 4,
        ID_Saison: await currentSeason(),
        ID_Structure: suite.clubStructureId,
        MKP_FluxFinancierDetail: {
          data: [
            {
              NomFluxFinancierDetail: 'Passeports',
              PrixUnitaire: '15.00',
              Quantite: 2,
              MontantHT: '30.00',
              MontantTTC: '30.00',
              EST_Debit: true,
              ID_Tarif: tarifId,
            },
          ],
        },
      },
    });
    const id = data.insert_MKP_FluxFinancier_one!.id;
    for (const change of [
      `UPDATE "MKP_FluxFinancierDetail" SET "Quantite" = 3, "MontantHT" = 45, "MontantTTC" = 45 WHERE "ID_FluxFinancier" = $1`,
      `DELETE FROM "MKP_FluxFinancierDetail" WHERE "ID_FluxFinancier" = $1`,
    ]) {
      await expect(suite.database.query(change, [id])).rejects.toThrow(/flux émis ne peuvent plus être modifiées/);
    }
    await suite.database.query(
      `INSERT INTO "MKP_FluxFinancierDetail" ("ID_FluxFinancier", "NomFluxFinancierDetail", "PrixUnitaire", "Quantite",
         "MontantHT", "MontantTTC", "EST_Debit") VALUES ($1, 'Ligne ajoutée après émission', 5, 1, 5, 5, true)`,
      [id],
    );
    await suite.database.query(`UPDATE "MKP_Tarif" SET "NomTarif" = 'Stage découverte' WHERE id = $1`, [tarifId]);
    const text = pdfText(pdfBody(await suite.get(`/api/flux/${id}/facture.pdf`, suite.siegeToken))).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain('Passeports');
    expect(text).not.toContain('Ligne ajoutée');
    expect(text).toContain('Livraison de biens');
  });

  it('the backfill issues every older flux once, in batches, sharing one row per party version', async () => {
    const legacy = await Promise.all(
      ['Ancien flux A', 'Ancien flux B', 'Ancien flux C'].map((name) =>
        insertFlux(suite.database, {
          name,
          categoryId: 4,
          structureId: suite.clubStructureId,
          seasonId: suite.seasonId,
          amount: '45.00',
          lines: [{ label: 'Licence adulte', unitPrice: '45.00', quantity: 1 }],
        }),
      ),
    );
    const waiting = await suite.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MKP_FluxFinancier" f
        WHERE NOT EXISTS (SELECT 1 FROM "MKP_FluxEmission" e WHERE e."ID_FluxFinancier" = f.id)`,
    );
    const batches: number[] = [];
    const issued = await issueMissingDocuments(suite.database, ISSUANCE, {
      batchSize: 97,
      onProgress: (progress) => batches.push(progress.scannedUpTo),
    });
    expect(issued).toBe(waiting[0]!.n);
    expect(issued).toBeGreaterThanOrEqual(3);
    expect(batches.length).toBeGreaterThan(1);
    expect(await issueMissingDocuments(suite.database, ISSUANCE)).toBe(0);

    const [counts] = await suite.database.query<{ flux: number; issued: number; buyers: number; sellers: number }>(
      `SELECT (SELECT count(*)::int FROM "MKP_FluxFinancier") AS flux,
              (SELECT count(*)::int FROM "MKP_FluxEmission") AS issued,
              (SELECT count(DISTINCT "ID_Acheteur")::int FROM "MKP_FluxEmission" WHERE "ID_FluxFinancier" = ANY($1::int[])) AS buyers,
              (SELECT count(DISTINCT "ID_Vendeur")::int FROM "MKP_FluxEmission" WHERE "ID_FluxFinancier" = ANY($1::int[])) AS sellers`,
      [`{${legacy.join(',')}}`],
    );
    expect(counts).toMatchObject({ issued: counts!.flux, buyers: 1, sellers: 1 });
    const [shared] = await suite.database.query<{ parties: number; issued: number }>(
      `SELECT (SELECT count(*)::int FROM "DOC_DonneeFigee" WHERE "Nature" IN ('acheteur', 'vendeur', 'correspondant')) AS parties,
              (SELECT count(*)::int FROM "MKP_FluxEmission") AS issued`,
    );
    expect(shared!.parties).toBeLessThan(shared!.issued);

    const before = await liveParties();
    await changeEverything('après rattrapage');
    const text = compact(pdfBody(await suite.get(`/api/flux/${legacy[1]}/facture.pdf`, suite.siegeToken)));
    expect(text).toContain(before.club.replace(/\s+/g, ''));
    expect(text).not.toContain('après rattrapage'.replace(/\s+/g, ''));
    const statement = compact(pdfBody(await suite.get(`/api/flux/${legacy[1]}/releve.pdf`, suite.siegeToken)));
    expect(statement).toContain('AncienfluxB');
  });

  it('a flux the backfill has not reached is issued at its first download, from what stands then', async () => {
    const id = await insertFlux(suite.database, {
      name: 'Flux jamais émis',
      categoryId: 4,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '20.00',
    });
    const pending = () => suite.database.query(`SELECT 1 FROM "MKP_FluxEmission" WHERE "ID_FluxFinancier" = $1`, [id]);
    expect(await pending()).toHaveLength(0);
    const club = (await liveParties()).club;
    const text = compact(pdfBody(await suite.get(`/api/flux/${id}/releve.pdf`, suite.siegeToken)));
    expect(text).toContain(club.replace(/\s+/g, ''));
    expect(await pending()).toHaveLength(1);
  });
});
