import {
  BANK_STATEMENTS_URL,
  HEAD_OFFICE_STRUCTURE_ID,
  bankEntryUrl,
  type BankEntryPage,
  type BankEntryView,
  type BankStatementImportResult,
} from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { camt053Xml, type WrittenEntry } from '../support/statement-writer';

/**
 * R-BANK-09, R-BANK-10, R-BANK-11 on a real database: the payer of a transfer identified from its
 * IBAN (here known from the club's SEPA mandate only), its name and its text; its flux first; a
 * flux of another structure never first nor sure, and confirmed only when the user said so;
 * a batch's credit and the debit of its rejects proposed together.
 */
describe.each(testDatabaseTargets())('a reconciliation that knows the payer (R-BANK-09..11) on $name', (target) => {
  let context: RestContext;
  let iban: string;
  let booking: string;
  let statementId: number;
  const lyon = { id: 0, name: 'ASPTT Lyon montagne' };
  const gautier = { id: 0, name: 'ASPTT Gautier-sur-Seine montagne' };
  /** Vincent Narcisse's licence at Lyon, Gautier Adèle's at the other club: 142,80 € each. */
  let vincentFlux: number;
  let gautierFlux: number;
  const clubIban = 'FR7614508000304567890123456';
  let batch: { id: number; collected: number[]; collectedCents: number; rejectedCents: number };

  const query = <T>(sql: string, params: unknown[] = []) => context.database.query<T>(sql, params);
  const paid = async (id: number) =>
    (await query<{ paid: boolean }>(`SELECT "EST_Reglement" AS paid FROM "MKP_FluxFinancier" WHERE id = $1`, [id]))[0]!
      .paid;

  beforeAll(async () => {
    context = await openRestContext(target);
    const [rib] = await query<{ IBAN: string }>(
      `SELECT "IBAN" FROM "STR_StructureRib" WHERE "ID_Structure" = $1 AND "EST_Valide" ORDER BY id DESC LIMIT 1`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    iban = rib!.IBAN.replace(/\s/g, '');
    // Two clubs, two recent open flux not in a batch, each billing a licensee.
    const clubs = await query<{ id: number }>(
      `SELECT id FROM "STR_Structure" WHERE "ID_TypeStructure" = 1 ORDER BY id LIMIT 2`,
    );
    [lyon.id, gautier.id] = [clubs[0]!.id, clubs[1]!.id];
    for (const club of [lyon, gautier])
      await query(`UPDATE "STR_Structure" SET "NomStructure" = $2 WHERE id = $1`, [club.id, club.name]);
    // Two recent licence debits, made open and outside any batch (the demo settles most flux).
    const open = await query<{ id: number; created: string }>(
      `SELECT f.id, to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS created
         FROM "MKP_FluxFinancier" f
        WHERE f."EST_Debit" AND f."ID_FluxFinancierRelance" IS NULL AND f."ID_Utilisateur" IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM "BQE_RapprochementFlux" rf WHERE rf."ID_FluxFinancier" = f.id)
        ORDER BY f."Z_DateCreation" DESC, f.id DESC LIMIT 2`,
    );
    await query(
      `UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = false, "ID_Traitement" = NULL WHERE id = ANY($1::int[])`,
      [`{${open.map((row) => row.id).join(',')}}`],
    );
    await query(`DELETE FROM "MKP_RetourPrelevement" WHERE "ID_FluxFinancier" = ANY($1::int[])`, [
      `{${open.map((row) => row.id).join(',')}}`,
    ]);
    expect(open).toHaveLength(2);
    // The other club's flux has the lower id: ranked by amount alone, it comes first.
    [gautierFlux, vincentFlux] = [Math.min(open[0]!.id, open[1]!.id), Math.max(open[0]!.id, open[1]!.id)];
    booking = open.map((row) => row.created).sort()[1]!;
    const users = await query<{ id: number }>(`SELECT id FROM "UTI_Utilisateur" ORDER BY id DESC LIMIT 2`);
    const people = [
      { flux: vincentFlux, club: lyon.id, user: users[0]!.id, last: 'Vincent', first: 'Narcisse' },
      { flux: gautierFlux, club: gautier.id, user: users[1]!.id, last: 'Gautier', first: 'Adèle' },
    ];
    for (const person of people) {
      await query(`UPDATE "UTI_Utilisateur" SET "CT_Nom" = $2, "CT_Prenom" = $3 WHERE id = $1`, [
        person.user,
        person.last,
        person.first,
      ]);
      await query(
        `UPDATE "MKP_FluxFinancier" SET "ID_Structure" = $2, "ID_Utilisateur" = $3, "MontantTTC" = 142.80,
                "MontantHT" = 142.80, "MontantTVA" = 0 WHERE id = $1`,
        [person.flux, person.club, person.user],
      );
    }
    // Lyon's IBAN is known from its SEPA mandate only: its RIB on file is another account.
    const [anyBatch] = await query<{ id: number }>(
      `SELECT id FROM "MKP_Traitement" WHERE "TypeTraitement" = 'prelevement_sepa' ORDER BY id LIMIT 1`,
    );
    await query(
      `INSERT INTO "MKP_PrelevementSepa" ("ID_Traitement", "ID_FluxFinancier", "ID_Structure", "EndToEndId", "MandatRUM", "IBAN")
       VALUES ($1, $2, $3, $4, 'RUM-LYON-1', $5)`,
      [anyBatch!.id, vincentFlux, lyon.id, `GDF-${anyBatch!.id}-${vincentFlux}`, clubIban],
    );
    await query(`DELETE FROM "STR_StructureRib" WHERE upper(replace("IBAN", ' ', '')) = $1`, [clubIban]);

    // A SEPA batch whose flux are open again, one of them rejected by the bank.
    const [latest] = await query<{ id: number }>(
      `SELECT t.id FROM "MKP_Traitement" t WHERE t."TypeTraitement" = 'prelevement_sepa'
          AND (SELECT count(*) FROM "MKP_FluxFinancier" f WHERE f."ID_Traitement" = t.id) >= 2 ORDER BY t.id DESC LIMIT 1`,
    );
    const batchFlux = await query<{ id: number; cents: string }>(
      `SELECT id, ("MontantTTC" * 100)::bigint::text AS cents FROM "MKP_FluxFinancier"
        WHERE "ID_Traitement" = $1 AND "EST_Debit" AND "ID_FluxFinancierRelance" IS NULL ORDER BY id`,
      [latest!.id],
    );
    expect(batchFlux.length).toBeGreaterThanOrEqual(2);
    await query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = false WHERE "ID_Traitement" = $1`, [latest!.id]);
    await query(`DELETE FROM "MKP_RetourPrelevement" WHERE "ID_FluxFinancier" = ANY($1::int[])`, [
      batchFlux.map((row) => row.id),
    ]);
    const rejected = batchFlux[0]!;
    const [returnFile] = await query<{ id: number }>(
      `INSERT INTO "MKP_ImportRetour" ("Sha256", "NomFichier", "Format") VALUES ('payeur-test', 'retours.xml', 'pain.002.001.03')
       RETURNING id`,
    );
    await query(
      `INSERT INTO "MKP_RetourPrelevement" ("ID_FluxFinancier", "ID_ImportRetour", "TypeRetour", "CodeRaison", "DateRetour", "EndToEndId")
       VALUES ($1, $2, 'rejet', 'AM04', $3::date, $4)`,
      [rejected.id, returnFile!.id, booking, `GDF-${latest!.id}-${rejected.id}`],
    );
    const collected = batchFlux.slice(1);
    batch = {
      id: latest!.id,
      collected: collected.map((row) => row.id),
      collectedCents: collected.reduce((sum, row) => sum + Number(row.cents), 0),
      rejectedCents: Number(rejected.cents),
    };

    const entries: WrittenEntry[] = [
      {
        reference: 'P1',
        bookingDate: booking,
        amountCents: 14_280,
        direction: 'credit',
        debtorName: 'ASPTT LYON MONTAGNE',
        debtorIban: clubIban,
        remittance: ['LICENCE VINCENT'],
      },
      {
        reference: 'LOT',
        bookingDate: booking,
        amountCents: batch.collectedCents + batch.rejectedCents,
        direction: 'credit',
        batch: { messageId: `GDF-SEPA-${batch.id}`, count: batchFlux.length },
      },
      {
        reference: 'REJ',
        bookingDate: booking,
        amountCents: batch.rejectedCents,
        direction: 'debit',
        label: `RETOUR PRLV GDF-SEPA-${batch.id}`,
      },
    ];
    const response = await context.app.inject({
      method: 'POST',
      url: BANK_STATEMENTS_URL,
      headers: bearer(context.tokens.siege, { 'content-type': 'application/xml', 'x-file-name': 'payeur.xml' }),
      payload: camt053Xml(
        [{ id: 'STMT-PAYEUR', iban, fromDate: booking, toDate: booking, openingCents: 0, entries }],
        '08',
      ),
    });
    expect(response.statusCode, response.body).toBe(200);
    statementId = (response.json() as BankStatementImportResult).releves[0]!.id;
  });
  afterAll(() => closeRestContext(context));

  const entryByReference = async (reference: string): Promise<BankEntryView> => {
    const page = await context.app.inject({
      method: 'GET',
      url: `${BANK_STATEMENTS_URL}/${statementId}/ecritures?filtre=toutes&taille=100`,
      headers: bearer(context.tokens.siege),
    });
    expect(page.statusCode, page.body).toBe(200);
    const found = (page.json() as BankEntryPage).ecritures.find((entry) => entry.reference === reference);
    if (!found) throw new Error(`entry ${reference} not listed`);
    return found;
  };
  const confirm = (entryId: number, body: Record<string, unknown>) =>
    context.app.inject({
      method: 'POST',
      url: `${bankEntryUrl(entryId)}/rapprochement`,
      headers: bearer(context.tokens.siege),
      payload: body,
    });

  it("142,80 € from ASPTT LYON MONTAGNE, the club's IBAN, 'LICENCE VINCENT': the club identified, Vincent's flux first and sure", async () => {
    const entry = await entryByReference('P1');
    const [first, ...rest] = entry.propositions;
    expect(first!.flux.map((flux) => flux.ID_FluxFinancier)).toEqual([vincentFlux]);
    expect(first).toMatchObject({ confiance: 'sure', autreStructure: false });
    expect(entry.payeur).toEqual({
      ID_Structure: lyon.id,
      NomStructure: lyon.name,
      sources: ['iban', 'nom', 'reference'],
    });
    const other = rest.find((proposal) => proposal.flux[0]!.ID_FluxFinancier === gautierFlux);
    expect(other).toMatchObject({ confiance: 'possible', autreStructure: true });
    expect(other!.raisons).toContain('autre_structure');
    // No proposal for another structure is sure, none comes before the payer's.
    expect(entry.propositions.filter((p) => p.autreStructure).every((p) => p.confiance !== 'sure')).toBe(true);
  });

  it("confirming the other club's flux is refused in French unless the user acknowledged it", async () => {
    const entry = await entryByReference('P1');
    const parts = [{ ID_FluxFinancier: gautierFlux, montantCents: 14_280 }];
    const refused = await confirm(entry.id, { parts });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(
      new RegExp(`^Le payeur identifié est ${lyon.name} ; ce flux appartient à ${gautier.name}\\.`),
    );
    expect(await paid(gautierFlux)).toBe(false);
    const notAcknowledged = await confirm(entry.id, { parts, autreStructureConfirmee: false });
    expect(notAcknowledged.statusCode).toBe(400);
    const acknowledged = await confirm(entry.id, { parts, autreStructureConfirmee: true });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(await paid(gautierFlux)).toBe(true);
    const view = acknowledged.json() as BankEntryView;
    expect(view.payeur?.ID_Structure).toBe(lyon.id);
    const undo = await context.app.inject({
      method: 'DELETE',
      url: `${bankEntryUrl(entry.id)}/rapprochement`,
      headers: bearer(context.tokens.siege),
    });
    expect(undo.statusCode, undo.body).toBe(200);
  });

  it("the payer's own flux is confirmed without acknowledgement", async () => {
    const entry = await entryByReference('P1');
    const response = await confirm(entry.id, { parts: [{ ID_FluxFinancier: vincentFlux, montantCents: 14_280 }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(await paid(vincentFlux)).toBe(true);
  });

  it("a batch's credit and the bank's debit of its rejects are proposed together: sure, the gap explained", async () => {
    const credit = await entryByReference('LOT');
    const debit = await entryByReference('REJ');
    const [best] = credit.propositions;
    expect(best).toMatchObject({
      confiance: 'sure',
      raisons: ['lot', 'montant_lot', 'rejets_lot'],
      resteDuCents: batch.collectedCents,
      debitRejets: { id: debit.id, montantCents: batch.rejectedCents, dateComptable: booking },
    });
    expect(best!.flux.map((flux) => flux.ID_FluxFinancier).sort((a, b) => a - b)).toEqual(batch.collected);
  });
});
