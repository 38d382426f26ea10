import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { insertFlux, oneId } from './document-fixtures';
import { pdfBody, useDocumentSuite } from './document-suite';
import { pdfText } from './pdf-tools';

/** Text with every run of whitespace (newlines included) folded, for phrases that may wrap. */
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

/** Code de commerce L441-9, L441-10, D441-5: on every facture and avoir (R-FACT-08). */
const LEGAL_FOOTER = [
  '3 fois le taux d’intérêt légal',
  'art. L441-10 du Code de commerce',
  'frais de recouvrement de 40 €',
  'art. D441-5 du Code de commerce',
  'Pas d’escompte pour paiement anticipé.',
];
const SIREN = '512 345 678';
const RUM = 'RUM-MENTIONS-0001';

const parisDay = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);

describe.each(testDatabaseTargets())('legal mentions on factures and avoirs on $name (R-FACT-08)', (target) => {
  const suite = useDocumentSuite(target);

  const facture = async (fluxId: number) =>
    flat(pdfBody(await suite.get(`/api/flux/${fluxId}/facture.pdf`, suite.siegeToken)));

  /** The club gets a SIREN and a RIB with a mandate; its correspondent a postal address. */
  async function prepareClub(): Promise<{ correspondent: string; street: string }> {
    const database = suite.database;
    await database.query(`UPDATE "STR_Structure" SET "SIREN" = $2 WHERE id = $1`, [suite.clubStructureId, SIREN]);
    await database.query(
      `INSERT INTO "STR_StructureRib" ("ID_Structure", "IBAN", "BIC", "Titulaire", "MandatRUM", "MandatDateSignature", "EST_Valide")
       VALUES ($1, 'FR7630006000011234567890189', 'AGRIFRPP', 'Club', $2, '2023-09-15', true)`,
      [suite.clubStructureId, RUM],
    );
    let userId = await oneId(
      database,
      `SELECT coalesce("ID_Correspondant", 0) AS id FROM "STR_Structure" WHERE id = $1`,
      [suite.clubStructureId],
    );
    if (userId === 0) {
      userId = await oneId(database, `SELECT id FROM "UTI_Utilisateur" ORDER BY id LIMIT 1`);
      await database.query(`UPDATE "STR_Structure" SET "ID_Correspondant" = $2 WHERE id = $1`, [
        suite.clubStructureId,
        userId,
      ]);
    }
    const street = '7 impasse des Grimpeurs';
    await database.query(
      `INSERT INTO "ADR_Adresse" ("Adresse1", "CodePostal", "Ville", "ID_Utilisateur") VALUES ($1, '38100', 'Grenoble', $2)`,
      [street, userId],
    );
    const [person] = await database.query<{ first: string; last: string }>(
      `SELECT "CT_Prenom" AS first, "CT_Nom" AS last FROM "UTI_Utilisateur" WHERE id = $1`,
      [userId],
    );
    return { correspondent: `${person!.first} ${person!.last.toUpperCase()}`, street };
  }

  const flux = (name: string, categoryId: number, extra: Partial<Parameters<typeof insertFlux>[1]> = {}) =>
    insertFlux(suite.database, {
      name,
      categoryId,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '45.00',
      dueDate: '2024-03-31',
      lines: [{ label: name, unitPrice: '45.00', quantity: 1 }],
      ...extra,
    });

  const seasonPeriod = () => `du 01/09/${suite.seasonId - 1} au 31/08/${suite.seasonId}`;

  it.each([1, 2, 3, 4, 5, 6])(
    'category %i facture: legal footer, buyer SIREN, nature and period of the operation',
    async (categoryId) => {
      await prepareClub();
      const text = await facture(await flux(`Formation juge de bloc ${categoryId}`, categoryId));
      expect(text).toContain('FACTURE');
      expect(text).toContain('TVA NON APPLICABLE, art 293B du CGI');
      for (const mention of LEGAL_FOOTER) expect(text, mention).toContain(mention);
      expect(text).toContain(`SIREN : ${SIREN}`);
      expect(text).toContain('Nature de l’opération : Prestation de services');
      expect(text).toContain(`Période de l’opération : ${seasonPeriod()}`);
      if (categoryId === 5) {
        // SEPA pre-notification: debit date, amount, RUM, ICS; no transfer asked. Its DateEcheance
        // is Easter Sunday 2024: collected on the next TARGET day, Tuesday 2 April (R-SEPA-11).
        expect(text).toContain('Date de prélèvement : 02/04/2024');
        expect(text).toContain('Pré-notification de prélèvement SEPA');
        expect(text).toContain('Le montant de 45,00 € sera prélevé sur votre compte le 02/04/2024.');
        expect(text).toContain(`Référence unique du mandat (RUM) : ${RUM}`);
        expect(text).toContain('Identifiant créancier SEPA (ICS) : FR72ZZZ123456');
        expect(text).not.toContain('Conditions de règlement');
      } else {
        // The due date once: in the payment-terms block (category 4) or the footer.
        expect(text.split('Date d’échéance : 31/03/2024')).toHaveLength(2);
        expect(text).not.toContain('Pré-notification');
      }
      expect(text.includes('Conditions de règlement')).toBe(categoryId === 4);
    },
  );

  it('goods and mixed invoices say so, from the tarifs of their lines', async () => {
    const passeport = await oneId(
      suite.database,
      `SELECT id FROM "MKP_Tarif" WHERE "NomTarif" LIKE 'Passeport%' LIMIT 1`,
    );
    const id = await flux('Commande club', 4, {
      amount: '49.00',
      lines: [
        { label: 'Passeports', unitPrice: '4.00', quantity: 1 },
        { label: 'Stage', unitPrice: '45.00', quantity: 1 },
      ],
    });
    await suite.database.query(
      `UPDATE "MKP_FluxFinancierDetail" SET "ID_Tarif" = $2 WHERE "ID_FluxFinancier" = $1 AND "NomFluxFinancierDetail" = 'Passeports'`,
      [id, passeport],
    );
    expect(await facture(id)).toContain('Nature de l’opération : Mixte (livraison de biens et prestation de services)');
    const goods = await flux('Topo-guide Chartreuse', 4);
    expect(await facture(goods)).toContain('Nature de l’opération : Livraison de biens');
  });

  it('Affiliation: the card note in place of the due date, the correspondent and their postal address, SIREN', async () => {
    const { correspondent, street } = await prepareClub();
    const text = await facture(await flux('Affiliation club saison', 3));
    expect(text).toContain('Facture acquittée par carte bancaire');
    expect(text).toContain(`Correspondant : ${correspondent}`);
    expect(text).toContain(street);
    expect(text).toContain('38100 Grenoble');
    expect(text).toContain(`SIREN : ${SIREN}`);
    expect(text).not.toContain('Date d’échéance');
    expect(text).not.toContain('Conditions de règlement');
    for (const mention of LEGAL_FOOTER) expect(text, mention).toContain(mention);
  });

  it("an avoir linked to a debit cites 'Avoir sur la facture n° …' and is never paid by card", async () => {
    await prepareClub();
    const debit = await flux('Affiliation club saison', 3);
    const credit = await flux('Affiliation club saison - remboursement', 6, { isDebit: false, dueDate: null });
    await suite.database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierDebit" = $2 WHERE id = $1`, [
      credit,
      debit,
    ]);
    const text = await facture(credit);
    expect(text).toContain('AVOIR');
    expect(text).toContain(`Avoir sur la facture n° ${suite.seasonId}-FFME-${debit}`);
    expect(text).not.toContain('carte bancaire');
    expect(text).not.toContain('virement');
    expect(text).toContain('Date d’échéance : à réception de l’avoir');
    for (const mention of LEGAL_FOOTER) expect(text, mention).toContain(mention);
    expect(text).toContain(`SIREN : ${SIREN}`);
  });

  it("a settled category-4 facture says 'Facture acquittée le …' (its settlement's day) and asks for no transfer", async () => {
    const id = await flux('Formation ouvreur de voies', 4);
    const response = await suite.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: { authorization: `Bearer ${suite.siegeToken}` },
      payload: {
        query: `mutation($id: Int!) { update_MKP_FluxFinancier_by_pk(pk_columns: {id: $id}, _set: {EST_Reglement: true}) { id } }`,
        variables: { id },
      },
    });
    expect(response.json().errors, response.body).toBeUndefined();
    const text = await facture(id);
    expect(text).toContain(`Facture acquittée le ${parisDay(new Date())}`);
    expect(text).not.toContain('Conditions de règlement');
    expect(text).not.toContain('virement');
    expect(text).not.toContain('Date d’échéance');
    for (const mention of LEGAL_FOOTER) expect(text, mention).toContain(mention);
    // Settled outside the app (no audit row): no date is made up.
    const seeded = await flux('Formation ouvreur de voies', 4);
    await suite.database.query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true WHERE id = $1`, [seeded]);
    const undated = await facture(seeded);
    expect(undated).toContain('Facture acquittée');
    expect(undated).not.toContain('Facture acquittée le');
  });

  it('category 5 in a SEPA batch without due date: the batch collection date', async () => {
    const id = await flux('Prélèvement licences', 5, { dueDate: null });
    const [batch] = await suite.database.query<{ id: number }>(
      `INSERT INTO "MKP_Traitement" ("TypeTraitement", "ID_Structure") VALUES ('prelevement_sepa', 1318) RETURNING id`,
    );
    await suite.database.query(
      `INSERT INTO "APP_AuditLog" ("Action", "TableCible", "ID_Cible", "Details")
       VALUES ('export_sepa', 'MKP_Traitement', $1, '{"dateEcheance": "2024-04-05"}'::jsonb)`,
      [batch!.id],
    );
    await suite.database.query(`UPDATE "MKP_FluxFinancier" SET "ID_Traitement" = $2 WHERE id = $1`, [id, batch!.id]);
    const text = await facture(id);
    expect(text).toContain('Date de prélèvement : 05/04/2024');
    expect(text).toContain('sera prélevé sur votre compte le 05/04/2024.');
  });
});
