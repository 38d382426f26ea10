import { earliestDebitDay } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { insertFlux } from './document-fixtures';
import { pdfBody, useDocumentSuite } from './document-suite';
import { pdfText } from './pdf-tools';

const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
const isoDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(date);
const frenchDay = (iso: string) => iso.split('-').reverse().join('/');
const decodeLatin9 = (bytes: Buffer) => new TextDecoder('iso-8859-15').decode(bytes);

/**
 * R-FACT-07, R-FLUX-12: a relaunch re-presents the debt. The original keeps
 * its FACTURE; the copy (R-FLUX-05: dated one month ahead) gets an 'AVIS DE
 * PRÉLÈVEMENT' citing it, and the SAGE and FEC exports book one sale for the debt.
 */
describe.each(testDatabaseTargets())('a relaunch is a re-presentation on $name', (target) => {
  const suite = useDocumentSuite(target);

  it('one FACTURE and one AVIS DE PRÉLÈVEMENT; SAGE and FEC hold one sale for the debt', async () => {
    const now = new Date();
    const originalId = await insertFlux(suite.database, {
      name: 'Prélèvement licences novembre',
      categoryId: 5,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '1819.10',
      createdAt: now.toISOString(),
      dueDate: isoDay(now),
      lines: [{ label: 'Licence adulte', unitPrice: '181.91', quantity: 10 }],
    });
    const relaunched = await suite.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: { authorization: `Bearer ${suite.siegeToken}` },
      payload: {
        query: `mutation($id: Int!) { relaunch_MKP_FluxFinancier(id: $id) { id NomFluxFinancier Z_DateCreation } }`,
        variables: { id: originalId },
      },
    });
    const body = relaunched.json() as {
      data?: { relaunch_MKP_FluxFinancier: { id: number; NomFluxFinancier: string; Z_DateCreation: string } };
      errors?: unknown;
    };
    expect(body.errors, relaunched.body).toBeUndefined();
    const copy = body.data!.relaunch_MKP_FluxFinancier;
    expect(copy.NomFluxFinancier).toBe('Prélèvement licences novembre (relance)');
    const originalNumber = `${suite.seasonId}-FFME-${originalId}`;
    // Issued in the relaunch's transaction, before anybody downloads it (R-DOC-01).
    const issued = await suite.database.query(
      `SELECT "ID_FluxOrigine" AS origin, "ID_SaisonOrigine" AS season FROM "MKP_FluxEmission" WHERE "ID_FluxFinancier" = $1`,
      [copy.id],
    );
    expect(issued).toEqual([{ origin: originalId, season: suite.seasonId }]);

    const original = flat(pdfBody(await suite.get(`/api/flux/${originalId}/facture.pdf`, suite.siegeToken)));
    expect(original).toContain('FACTURE');
    expect(original).toContain(originalNumber);
    expect(original).not.toContain('AVIS DE PRÉLÈVEMENT');

    const avisResponse = await suite.get(`/api/flux/${copy.id}/facture.pdf`, suite.siegeToken);
    expect(avisResponse.headers['content-disposition']).toContain(`avis-prelevement-${copy.id}-`);
    const avis = flat(pdfBody(avisResponse));
    // R-SEPA-11: its due date is its own day, so the debit waits for the 14 days of notice.
    const copyDay = isoDay(new Date(copy.Z_DateCreation));
    const debitDay = frenchDay(earliestDebitDay({ issueDay: copyDay, fixedDay: copyDay }));
    expect(avis).toContain('AVIS DE PRÉLÈVEMENT');
    expect(avis).not.toMatch(/\bFACTURE\b/);
    expect(avis).toContain(`Facture d’origine ${originalNumber}`);
    expect(avis).toContain(`facture n° ${originalNumber}`);
    expect(avis).toContain(`Date de prélèvement ${debitDay}`);
    expect(avis).toContain(`Le montant de 1 819,10 € sera prélevé sur votre compte le ${debitDay}.`);
    expect(avis).toContain('Identifiant créancier SEPA (ICS) : FR72ZZZ123456');
    // No invoice number of its own.
    expect(avis).not.toContain(`FFME-${copy.id}`);
    expect(avis).not.toContain('N° de facture');

    // Accounting: the head office's exports of the period book the debt once, on the original.
    const saved = await suite.app.inject({
      method: 'PUT',
      url: '/api/parametrages-comptables/parametres',
      headers: { authorization: `Bearer ${suite.siegeToken}` },
      payload: {
        CompteCollectif: '411000',
        TiersPrefixe: '411',
        TiersCompteFixe: null,
        TiersLibelleFixe: null,
        SIREN: '775671356',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const yesterday = new Date(now.getTime() - 86_400_000);
    const inTwoMonths = new Date(now.getTime() + 62 * 86_400_000);
    const period = `from=${isoDay(yesterday)}&to=${isoDay(inTwoMonths)}`;
    // The invoice number is the FEC's PieceRef and the CSV's reference (R-LEDG-04); the copy has none.
    const pieces = [originalNumber, `${suite.seasonId}-FFME-${copy.id}`];

    const years = await suite.get('/api/parametrages-comptables/exercices', suite.siegeToken);
    const today = isoDay(now);
    const year = (years.json() as { exercices: Array<{ id: number; debut: string; fin: string }> }).exercices.find(
      (y) => y.debut <= today && today <= y.fin,
    );
    const fec = await suite.get(`/api/exports/fec?exercice=${year?.id}`, suite.siegeToken);
    expect(fec.statusCode, fec.body).toBe(200);
    const fecRows = decodeLatin9(fec.rawPayload)
      .split('\r\n')
      .slice(1, -1)
      .map((row) => row.split('\t'));
    const debtRows = fecRows.filter((cells) => pieces.includes(cells[8] ?? ''));
    expect(new Set(debtRows.map((cells) => cells[8]))).toEqual(new Set([originalNumber]));
    expect(new Set(debtRows.map((cells) => cells[2])).size).toBe(1); // one entry
    const revenue = debtRows.filter((cells) => cells[4]?.startsWith('7'));
    expect(revenue.map((cells) => cells[12])).toEqual(['1819,10']);

    const sage = await suite.get(`/api/exports/sage?${period}&format=csv`, suite.siegeToken);
    expect(sage.statusCode, sage.body).toBe(200);
    const sageRows = decodeLatin9(sage.rawPayload)
      .split('\r\n')
      .slice(1, -1)
      .map((row) => row.split(';'));
    const sagePieces = sageRows.filter((cells) => pieces.includes(cells[4] ?? '')).map((cells) => cells[4]);
    expect(sagePieces).toEqual([originalNumber, originalNumber]);

    const preview = await suite.get(`/api/exports/sage/preview?${period}`, suite.siegeToken);
    const unmapped = (preview.json() as { unmapped: Array<{ id: number }> }).unmapped.map((flux) => flux.id);
    expect(unmapped).not.toContain(copy.id);
  });
});
