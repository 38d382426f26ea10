import { addCalendarDays, nextTargetDay, type SepaGenerated, type SepaPreview } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSepaNotice } from '../support/sepa-notice-audit';
import { pdfBody } from '../documents/document-suite';
import { pdfText } from '../documents/pdf-tools';
import { testDatabaseTargets } from '../support/databases';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { collectionDate, elements, GENERATE_URL, PREVIEW_URL, validateAgainstXsd } from './sepa-support';

const isoOf = (frenchDay: string) => frenchDay.split('/').reverse().join('-');
const frenchOf = (isoDay: string) => isoDay.split('-').reverse().join('/');

/**
 * R-SEPA-11: the day an invoice announces ('prélevé au plus tôt le …', 14 days of notice) is
 * the earliest day a SEPA file collects its flux. A file generated right after the invoice
 * leaves the flux out, listed with that day; a file on that day collects it.
 */
describe.each(testDatabaseTargets())('SEPA collection never before the announced day on $name', (target) => {
  let context: RestContext;
  let structureId: number;
  const flux = { justIssued: 0, old: 0, dueLater: 0 };
  const date = collectionDate();

  const insertDebit = async (createdAt: string, dueDate: string | null) => {
    const [row] = await context.database.query<{ id: number }>(
      `INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "Z_DateCreation", "MontantHT", "MontantTTC", "EST_Debit",
         "ID_CategoryFlux", "ID_Saison", "ID_Structure", "DateEcheance")
       VALUES ('Prélèvement licences préavis', $1, 30, 30, true, 5, (SELECT max(id) FROM "FEDE_Saison"), $2, $3)
       RETURNING id`,
      [createdAt, structureId, dueDate],
    );
    return row!.id;
  };
  const generateJson = (payload: Record<string, unknown>) =>
    context.app.inject({
      method: 'POST',
      url: GENERATE_URL,
      headers: bearer(context.tokens.siege, { accept: 'application/json' }),
      payload,
    });
  const fluxIdsOf = (xml: string) => elements(xml, 'EndToEndId').map((id) => Number(id.split('-').at(-1)));

  beforeAll(async () => {
    context = await openRestContext(target);
    const [structure] = await context.database.query<{ id: number }>(
      `SELECT s.id FROM "STR_Structure" s JOIN "STR_StructureRib" r ON r."ID_Structure" = s.id
         JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
        WHERE s."ID_Federation" = 1318 AND r."EST_Valide" AND r."MandatRUM" IS NOT NULL AND a."Ville" IS NOT NULL
          AND r."MandatDateSignature" <= now() - interval '1 year'
          AND (SELECT count(*) FROM "STR_StructureRib" x WHERE x."ID_Structure" = s.id) = 1
        ORDER BY s.id LIMIT 1`,
    );
    structureId = structure!.id;
    // Only this test's debits are due from the structure.
    await context.database.query(
      `UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 5`,
      [structureId],
    );
    flux.justIssued = await insertDebit(new Date().toISOString(), null);
    flux.old = await insertDebit(new Date(Date.now() - 20 * 86_400_000).toISOString(), null);
    flux.dueLater = await insertDebit(new Date(Date.now() - 20 * 86_400_000).toISOString(), addCalendarDays(date, 40));
  });
  afterAll(() => closeRestContext(context));

  it('a file right after the invoice leaves its flux out with the announced day; a file on that day collects it', async () => {
    const invoice = pdfText(
      pdfBody(
        await context.app.inject({
          method: 'GET',
          url: `/api/flux/${flux.justIssued}/facture.pdf`,
          headers: bearer(context.tokens.siege),
        }),
      ),
    ).replace(/\s+/g, ' ');
    const announced = /prélevé sur votre compte au plus tôt le (\d\d\/\d\d\/\d{4})/.exec(invoice)?.[1];
    expect(announced, invoice).toBeDefined();
    const announcedDay = isoOf(announced!);
    expect(date < announcedDay).toBe(true); // the reproduction: the earliest file date comes before the notice ends

    const first = await generateJson({ dateEcheance: date, version: 'pain.008.001.02' });
    expect(first.statusCode, first.body).toBe(200);
    const firstFile = first.json() as SepaGenerated;
    await validateAgainstXsd(firstFile.xml, 'pain.008.001.02');
    const collected = fluxIdsOf(firstFile.xml);
    expect(collected).toContain(flux.old);
    expect(collected).not.toContain(flux.justIssued);
    expect(collected).not.toContain(flux.dueLater);
    expect(firstFile.exclues.filter((s) => s.ID_Structure === structureId)).toEqual([
      expect.objectContaining({
        code: 'preavis',
        nbFlux: 2,
        totalCents: 6000,
        motif: `Prélevable à partir du ${announced} (date de prélèvement annoncée sur la facture, préavis SEPA)`,
      }),
    ]);

    const preview = (
      await context.app.inject({
        method: 'GET',
        url: `${PREVIEW_URL}?dateEcheance=${announcedDay}`,
        headers: bearer(context.tokens.siege),
      })
    ).json() as SepaPreview;
    expect(preview.structures.find((s) => s.ID_Structure === structureId)).toMatchObject({
      nbFlux: 1,
      totalCents: 3000,
    });
    expect(preview.exclues.find((s) => s.ID_Structure === structureId)).toMatchObject({
      code: 'preavis',
      nbFlux: 1,
      motif: `Prélevable à partir du ${frenchOf(nextTargetDay(addCalendarDays(date, 40)))} (date de prélèvement annoncée sur la facture, préavis SEPA)`,
    });

    const second = await generateJson({ dateEcheance: announcedDay, version: 'pain.008.001.08' });
    expect(second.statusCode, second.body).toBe(200);
    const secondFile = second.json() as SepaGenerated;
    await validateAgainstXsd(secondFile.xml, 'pain.008.001.08');
    expect(fluxIdsOf(secondFile.xml)).toContain(flux.justIssued);
    expect(fluxIdsOf(secondFile.xml)).not.toContain(flux.dueLater);

    const audit = await auditSepaNotice(context.database);
    expect(audit.transactions).toBeGreaterThanOrEqual(firstFile.nbFlux + secondFile.nbFlux);
    expect(audit.violations).toBe(0);
    // The SQL check can fail: a transaction recorded in the first file for the debit due later is one.
    await context.database.query(
      `INSERT INTO "MKP_PrelevementSepa" ("ID_Traitement", "ID_FluxFinancier", "ID_Structure", "EndToEndId", "MandatRUM", "IBAN")
       SELECT "ID_Traitement", $2::int, "ID_Structure", 'GDF-TEST-' || $2::int, "MandatRUM", "IBAN"
         FROM "MKP_PrelevementSepa" WHERE "ID_Traitement" = $1 LIMIT 1`,
      [firstFile.batchId, flux.dueLater],
    );
    expect(await auditSepaNotice(context.database)).toEqual({ transactions: audit.transactions + 1, violations: 1 });
  });
});
