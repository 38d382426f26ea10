import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { insertFlux, oneId } from './document-fixtures';
import { pdfBody, useDocumentSuite } from './document-suite';
import { pdfFontList, pdfInfo, pdfText, pdfToUnicodeCodePoints } from './pdf-tools';

/** Text with every run of whitespace (newlines included) folded, for phrases that may wrap. */
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

describe.each(testDatabaseTargets())(
  'facture PDF on $name (number, parties, payment terms, Affiliation: R-FACT-01 to R-FACT-05)',
  (target) => {
    const suite = useDocumentSuite(target);

    const facture = async (fluxId: number) =>
      pdfBody(await suite.get(`/api/flux/${fluxId}/facture.pdf`, suite.siegeToken));

    async function headOffice() {
      const [row] = await suite.database.query<{
        name: string;
        line1: string;
        siren: string | null;
        iban: string;
        bic: string;
      }>(
        `SELECT s."NomStructure" AS name, a."Adresse1" AS line1, s."SIREN" AS siren, r."IBAN" AS iban, r."BIC" AS bic
       FROM "STR_Structure" s JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
       JOIN "STR_StructureRib" r ON r."ID_Structure" = s.id AND r."EST_Valide"
       WHERE s.id = 1318 ORDER BY r.id DESC LIMIT 1`,
      );
      return row!;
    }

    it('category 4: seller, buyer address, number, lines, totals, VAT note and the payment-terms block', async () => {
      const id = await insertFlux(suite.database, {
        name: 'Facture formation initiateur',
        categoryId: 4,
        structureId: suite.clubStructureId,
        seasonId: suite.seasonId,
        amount: '1234.50',
        dueDate: '2024-03-31',
        lines: [{ label: 'Stage initiateur SAE', unitPrice: '617.25', quantity: 2 }],
      });
      const response = await suite.get(`/api/flux/${id}/facture.pdf`, suite.clubToken);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="facture-${id}-2024-03-01-${suite.seasonId}-FFME-${id}.pdf"`,
      );
      const pdf = pdfBody(response);
      const seller = await headOffice();
      const [buyer] = await suite.database.query<{ name: string; line1: string }>(
        `SELECT s."NomStructure" AS name, a."Adresse1" AS line1 FROM "STR_Structure" s
       JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse" WHERE s.id = $1`,
        [suite.clubStructureId],
      );
      const text = flat(pdf);
      expect(text).toContain('FACTURE');
      expect(text).toContain(`${suite.seasonId}-FFME-${id}`);
      expect(text).toContain(seller.name);
      expect(text).toContain(seller.line1);
      if (seller.siren) expect(text).toContain(`SIREN : ${seller.siren}`);
      expect(text).toContain(buyer!.name);
      expect(text).toContain(buyer!.line1);
      expect(text).toContain('Stage initiateur SAE');
      expect(text).toMatch(/617,25 € 2 1 234,50 €/);
      expect(text).toMatch(/Total HT 1 234,50 €/);
      expect(text).toMatch(/TVA 0,00 €/);
      expect(text).toMatch(/Total TTC 1 234,50 €/);
      expect(text).toContain('TVA NON APPLICABLE, art 293B du CGI');
      expect(text).toContain('Conditions de règlement');
      expect(text).toContain('Date d’échéance : 31/03/2024');
      expect(text).toContain('virement bancaire');
      expect(text).toContain(`IBAN : ${seller.iban.replace(/(.{4})/g, '$1 ').trim()}`);
      expect(text).toContain(`BIC : ${seller.bic}`);
      expect(text).toContain('3 fois le taux d’intérêt légal');
      expect(text).toContain('frais de recouvrement de 40 €');
      expect(text).not.toContain('Facture acquittée par carte bancaire');
      expect(text).not.toContain('AVOIR');
    });

    it('renders the narrow no-break space of fr-FR amounts as real text, in embedded subset fonts, on A4', async () => {
      const id = await insertFlux(suite.database, {
        name: 'Facture matériel',
        categoryId: 4,
        structureId: suite.clubStructureId,
        seasonId: suite.seasonId,
        amount: '1234.50',
      });
      const pdf = await facture(id);
      // The amount digits extract correctly, and U+202F / U+00A0 / '€' were drawn with real
      // glyphs that map back to themselves (pdftotext prints every space as ASCII).
      expect(pdfText(pdf)).toMatch(/Total TTC +1 234,50 €/);
      const drawn = pdfToUnicodeCodePoints(pdf);
      for (const char of ['\u202f', '\u00a0', '€', 'é', 'É']) expect(drawn.has(char.codePointAt(0)!), char).toBe(true);
      const fonts = pdfFontList(pdf);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true, subset: true });
      const info = pdfInfo(pdf);
      expect(info['Page size']).toBe('595.28 x 841.89 pts (A4)');
      expect(info['Pages']).toBe('1');
      expect(pdf.length).toBeLessThan(40 * 1024);
    });

    it('category 5 (SEPA direct debit): no payment-terms block, the legal footer instead', async () => {
      const id = await oneId(
        suite.database,
        `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_CategoryFlux" = 5 AND "EST_Debit"
       AND "NomFluxFinancier" NOT ILIKE '%affiliation%' ORDER BY id LIMIT 1`,
      );
      const text = flat(await facture(id));
      expect(text).toContain('FACTURE');
      expect(text).toContain('TVA NON APPLICABLE, art 293B du CGI');
      for (const absent of [
        'Conditions de règlement',
        'Date d’échéance',
        'IBAN',
        'BIC',
        'virement',
        'Facture acquittée',
      ]) {
        expect(text).not.toContain(absent);
      }
      // R-FACT-08: every invoice carries the legal footer, the debit date standing for the due date.
      expect(text).toContain('Date de prélèvement :');
      expect(text).toContain('3 fois le taux d’intérêt légal');
    });

    it.each([1, 2, 6])('category %i: no payment-terms block', async (categoryId) => {
      const id = await oneId(
        suite.database,
        `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_CategoryFlux" = $1
       AND "NomFluxFinancier" NOT ILIKE '%affiliation%' ORDER BY id LIMIT 1`,
        [categoryId],
      );
      const text = flat(await facture(id));
      expect(text).toContain('TVA NON APPLICABLE, art 293B du CGI');
      expect(text).not.toContain('Conditions de règlement');
      expect(text).not.toContain('IBAN');
    });

    describe('Affiliation flux, any case (R-FACT-03)', () => {
      async function correspondentOf(structureId: number) {
        const [row] = await suite.database.query<{
          first: string | null;
          last: string | null;
          email: string | null;
          line1: string;
        }>(
          `SELECT u."CT_Prenom" AS first, u."CT_Nom" AS last, u."CT_Email" AS email, a."Adresse1" AS line1
         FROM "STR_Structure" s JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
         LEFT JOIN "UTI_Utilisateur" u ON u.id = s."ID_Correspondant" WHERE s.id = $1`,
          [structureId],
        );
        return row!;
      }

      async function expectAffiliationInvoice(fluxId: number, structureId: number) {
        const text = flat(await facture(fluxId));
        const correspondent = await correspondentOf(structureId);
        expect(text).toContain('Facture acquittée par carte bancaire');
        expect(text).not.toContain('Conditions de règlement');
        expect(text).not.toContain('IBAN');
        expect(text).not.toContain(correspondent.line1);
        if (correspondent.last) {
          expect(text).toContain(`Correspondant : ${correspondent.first} ${correspondent.last.toUpperCase()}`);
          if (correspondent.email) expect(text).toContain(correspondent.email);
        }
      }

      it('a seeded category-3 Affiliation flux', async () => {
        const [row] = await suite.database.query<{ id: number; structure: number }>(
          `SELECT f.id, f."ID_Structure" AS structure FROM "MKP_FluxFinancier" f
         JOIN "STR_Structure" s ON s.id = f."ID_Structure"
         WHERE f."NomFluxFinancier" LIKE 'Affiliation%' AND s."ID_Correspondant" IS NOT NULL ORDER BY f.id LIMIT 1`,
        );
        await expectAffiliationInvoice(row!.id, row!.structure);
      });

      it.each(['AFFILIATION EXCEPTIONNELLE 2024', 'ré-affiliation exceptionnelle 2024'])(
        '%s in category 4 still has no payment-terms block',
        async (name) => {
          const id = await insertFlux(suite.database, {
            name,
            categoryId: 4,
            structureId: suite.clubStructureId,
            seasonId: suite.seasonId,
            amount: '120.00',
          });
          await expectAffiliationInvoice(id, suite.clubStructureId);
        },
      );
    });

    it('Affiliation of a structure without correspondent: the contact of its temporary affiliation structure, found by name', async () => {
      const [structure] = await suite.database.query<{ id: number; name: string; federation: number }>(
        `INSERT INTO "STR_Structure" ("NomStructure", "ID_TypeStructure", "ID_Federation", "ID_Adresse", "EST_Bloquee")
         SELECT 'Grimpe Nouvelle Vague', 1, 1318, "ID_Adresse", false FROM "STR_Structure" WHERE id = $1
         RETURNING id, "NomStructure" AS name, "ID_Federation" AS federation`,
        [suite.clubStructureId],
      );
      await suite.database.query(
        `INSERT INTO "STR_AffiliationTemporaire" ("NomStructure", "ID_TypeStructure", "ID_Federation", "ID_Saison",
           "CT_Prenom", "CT_Nom", "CT_Email", "CT_Telephone")
         VALUES ('grimpe nouvelle vague', 1, 1318, $1, 'Aurore', 'Vallet', 'aurore.vallet@example.fr', '04 76 00 00 00'),
                ('Autre club', 1, 1318, $1, 'Paul', 'Autre', 'paul.autre@example.fr', NULL)`,
        [suite.seasonId],
      );
      const id = await insertFlux(suite.database, {
        name: 'Affiliation club 2026',
        categoryId: 3,
        structureId: structure!.id,
        seasonId: suite.seasonId,
        amount: '150.00',
      });
      const text = flat(await facture(id));
      expect(text).toContain('Facture acquittée par carte bancaire');
      expect(text).toContain('Correspondant : Aurore VALLET');
      expect(text).toContain('aurore.vallet@example.fr');
      expect(text).not.toContain('paul.autre@example.fr');
    });

    it("a credit flux (EST_Debit false) is titled 'AVOIR'", async () => {
      const id = await insertFlux(suite.database, {
        name: 'Remboursement stage annulé',
        categoryId: 6,
        isDebit: false,
        structureId: suite.clubStructureId,
        seasonId: suite.seasonId,
        amount: '42.00',
      });
      const text = flat(await facture(id));
      expect(text).toContain('AVOIR');
      expect(text).toContain(`N° d’avoir ${suite.seasonId}-FFME-${id}`);
      expect(text).not.toMatch(/\bFACTURE\b/);
      expect(text).toContain('42,00 €');
    });

    it('a seeded credit flux is an AVOIR too', async () => {
      const id = await oneId(
        suite.database,
        `SELECT id FROM "MKP_FluxFinancier" WHERE NOT "EST_Debit" ORDER BY id LIMIT 1`,
      );
      expect(flat(await facture(id))).toContain('AVOIR');
    });
  },
);
