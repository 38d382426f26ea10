import {
  BANK_STATEMENTS_URL,
  HEAD_OFFICE_STRUCTURE_ID,
  bankEntryUrl,
  type BankEntryPage,
  type BankEntryView,
  type BankStatementImportResult,
  type BankStatementSummary,
} from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { camt053Xml, cfonb120Text, type WrittenStatement } from '../support/statement-writer';

interface FluxFacts {
  id: number;
  season: number;
  structure: number;
  created: string;
}

function postStatement(app: FastifyInstance, token: string, bytes: Buffer, fileName = 'releve.xml') {
  return app.inject({
    method: 'POST',
    url: BANK_STATEMENTS_URL,
    headers: bearer(token, {
      'content-type': bytes[0] === 0x3c ? 'application/xml' : 'text/plain',
      'x-file-name': encodeURIComponent(fileName),
    }),
    payload: bytes,
  });
}

describe.each(testDatabaseTargets())('bank statements and reconciliation (R-BANK-01, R-BANK-04) on $name', (target) => {
  let context: RestContext;
  let iban: string;
  let booking: string;
  /** Open debits given distinctive amounts for the scenarios. */
  let flux: FluxFacts[];
  let batch: { id: number; flux: number[]; totalCents: number };
  const debtorIban = 'FR7630006000011234567890189';

  const query = <T>(sql: string, params: unknown[] = []) => context.database.query<T>(sql, params);
  const setAmount = (id: number, euros: string) =>
    query(
      `UPDATE "MKP_FluxFinancier" SET "MontantTTC" = $2::numeric, "MontantHT" = $2::numeric, "MontantTVA" = 0 WHERE id = $1`,
      [id, euros],
    );
  const settlement = async (id: number) =>
    (
      await query<{ paid: boolean; day: string | null; entry: number | null }>(
        `SELECT "EST_Reglement" AS paid, "DateReglement"::text AS day, "ID_EcritureBancaire" AS entry
           FROM "MKP_FluxFinancier" WHERE id = $1`,
        [id],
      )
    )[0];
  const invoice = (f: FluxFacts) => `${f.season}-FFME-${f.id}`;
  const dayAfter = (isoDay: string, days: number) =>
    new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    context = await openRestContext(target);
    const [rib] = await query<{ IBAN: string }>(
      `SELECT "IBAN" FROM "STR_StructureRib" WHERE "ID_Structure" = $1 AND "EST_Valide" ORDER BY id DESC LIMIT 1`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    iban = rib!.IBAN.replace(/\s/g, '');
    flux = await query<FluxFacts>(
      `SELECT f.id, f."ID_Saison" AS season, f."ID_Structure" AS structure,
              to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS created
         FROM "MKP_FluxFinancier" f
        WHERE f."EST_Debit" AND NOT f."EST_Reglement" AND f."ID_FluxFinancierRelance" IS NULL AND f."ID_Traitement" IS NULL
          AND NOT EXISTS (SELECT 1 FROM "MKP_RetourPrelevement" r WHERE r."ID_FluxFinancier" = f.id)
        ORDER BY f."Z_DateCreation" DESC, f.id DESC LIMIT 8`,
    );
    expect(flux).toHaveLength(8);
    // Amounts no other open flux owes: the scenarios below name exactly these.
    const amounts = ['1234.56', '987.65', '77.77', '77.77', '60.00', '80.00', '45.00', '45.10'];
    for (const [index, f] of flux.entries()) await setAmount(f.id, amounts[index]!);
    booking = [...flux.map((f) => f.created)].sort().at(-1)!;
    // A structure's RIB carries the debtor's IBAN of one transfer.
    await query(
      `INSERT INTO "STR_StructureRib" ("ID_Structure", "IBAN", "Titulaire", "EST_Valide") VALUES ($1, $2, 'Club payeur', true)`,
      [flux[6]!.structure, debtorIban],
    );
    // A SEPA batch of the seed whose flux are open again: it is credited as one line.
    const [latest] = await query<{ id: number }>(
      `SELECT t.id FROM "MKP_Traitement" t WHERE t."TypeTraitement" = 'prelevement_sepa'
          AND EXISTS (SELECT 1 FROM "MKP_FluxFinancier" f WHERE f."ID_Traitement" = t.id) ORDER BY t.id DESC LIMIT 1`,
    );
    const batchFlux = await query<{ id: number; cents: string }>(
      `SELECT id, ("MontantTTC" * 100)::bigint::text AS cents FROM "MKP_FluxFinancier"
        WHERE "ID_Traitement" = $1 AND "EST_Debit" AND "ID_FluxFinancierRelance" IS NULL ORDER BY id`,
      [latest!.id],
    );
    await query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = false WHERE "ID_Traitement" = $1`, [latest!.id]);
    await query(`DELETE FROM "MKP_RetourPrelevement" WHERE "ID_FluxFinancier" = ANY($1::int[])`, [
      batchFlux.map((row) => row.id),
    ]);
    batch = {
      id: latest!.id,
      flux: batchFlux.map((row) => row.id),
      totalCents: batchFlux.reduce((sum, row) => sum + Number(row.cents), 0),
    };
    expect(batch.flux.length).toBeGreaterThan(0);
  });
  afterAll(() => closeRestContext(context));

  const statement = (id: string, entries: WrittenStatement['entries'], account = iban): WrittenStatement => ({
    id,
    iban: account,
    fromDate: booking,
    toDate: booking,
    openingCents: 1_000_000,
    entries,
  });

  const mainStatement = () =>
    statement('STMT-1', [
      // (a) a referenced transfer owing the amount.
      {
        reference: 'E1',
        bookingDate: booking,
        amountCents: 123_456,
        direction: 'credit',
        remittance: [`FACTURE ${invoice(flux[0]!)}`],
      },
      // (b) a transfer without reference, its amount owed by one flux only.
      {
        reference: 'E2',
        bookingDate: booking,
        amountCents: 98_765,
        direction: 'credit',
        remittance: ['COTISATION CLUB'],
      },
      // an amount that matches two flux.
      { reference: 'E3', bookingDate: booking, amountCents: 7_777, direction: 'credit', remittance: ['VIREMENT'] },
      // a direct-debit batch credited as one line.
      {
        reference: 'E4',
        bookingDate: booking,
        amountCents: batch.totalCents,
        direction: 'credit',
        label: 'REMISE PRLV SEPA',
        batch: { messageId: `GDF-SEPA-${batch.id}`, paymentInfoId: `GDF-SEPA-${batch.id}-1`, count: batch.flux.length },
      },
      // (c) the debtor's IBAN is a structure's RIB.
      {
        reference: 'E5',
        bookingDate: booking,
        amountCents: 4_500,
        direction: 'credit',
        debtorIban,
        debtorName: 'CLUB PAYEUR',
      },
      // bank fees, and a pending credit: nothing to reconcile.
      { reference: 'E6', bookingDate: booking, amountCents: 1_250, direction: 'debit', label: 'FRAIS TENUE DE COMPTE' },
      { reference: 'E7', bookingDate: booking, amountCents: 5_000, direction: 'credit', status: 'PDNG' },
    ]);

  let statementId: number;
  const entryByReference = async (reference: string, filtre = 'toutes'): Promise<BankEntryView> => {
    const page = await context.app.inject({
      method: 'GET',
      url: `${BANK_STATEMENTS_URL}/${statementId}/ecritures?filtre=${filtre}&taille=100`,
      headers: bearer(context.tokens.siege),
    });
    expect(page.statusCode, page.body).toBe(200);
    const found = (page.json() as BankEntryPage).ecritures.find((entry) => entry.reference === reference);
    if (!found) throw new Error(`entry ${reference} not listed`);
    return found;
  };

  it('imports a camt.053.001.08 of the head office account: statement, entries, sure proposals counted, audited', async () => {
    const response = await postStatement(
      context.app,
      context.tokens.siege,
      camt053Xml([mainStatement()], '08'),
      'releve 15.xml',
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as BankStatementImportResult;
    statementId = result.releves[0]!.id;
    expect(result).toMatchObject({ format: 'camt.053.001.08', nomFichier: 'releve 15.xml' });
    expect(result.releves).toEqual([
      expect.objectContaining({ identifiant: 'STMT-1', nouveau: true, nbEcritures: 7, nbEcrituresAjoutees: 7 }),
    ]);
    // E1 (invoice number), E4 (the batch) and E5 (the debtor's IBAN and the amount) are sure.
    expect(result.nbPropositionsSures).toBe(3);
    const [audit] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "APP_AuditLog" WHERE "Action" = 'import_releve_bancaire' AND "ID_Cible" = $1`,
      [statementId],
    );
    expect(audit!.n).toBe(1);
  });

  it('imports the same statement again: nothing added, no second copy of the file', async () => {
    const [before] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "DOC_Contenu" WHERE "Nature" = 'releve_bancaire'`,
    );
    const response = await postStatement(context.app, context.tokens.siege, camt053Xml([mainStatement()], '08'));
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as BankStatementImportResult).releves).toEqual([
      expect.objectContaining({ id: statementId, nouveau: false, nbEcrituresAjoutees: 0 }),
    ]);
    const [after] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "DOC_Contenu" WHERE "Nature" = 'releve_bancaire'`,
    );
    expect(after!.n).toBe(before!.n);
    const [entries] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "BQE_EcritureBancaire" WHERE "ID_ReleveBancaire" = $1`,
      [statementId],
    );
    expect(entries!.n).toBe(7);
  });

  it('refuses a statement of another account (a foreign IBAN), in French, writing nothing', async () => {
    const [before] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "BQE_ReleveBancaire"`);
    const foreign = statement(
      'STMT-DE',
      [{ reference: 'X1', bookingDate: booking, amountCents: 100, direction: 'credit' }],
      'DE89370400440532013000',
    );
    const response = await postStatement(context.app, context.tokens.siege, camt053Xml([foreign], '02'));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'Le relevé porte sur le compte DE89370400440532013000, qui n’est pas un compte du siège (RIB du siège ou compte créancier SEPA) : import refusé.',
    );
    const [after] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "BQE_ReleveBancaire"`);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a statement whose balances do not add up, and a file that is neither camt.053 nor CFONB 120', async () => {
    const xml = camt053Xml([
      statement('STMT-BAD', [{ reference: 'B1', bookingDate: booking, amountCents: 100, direction: 'credit' }]),
    ]);
    const broken = Buffer.from(xml.toString('utf8').replace('<Amt Ccy="EUR">1.00</Amt>', '<Amt Ccy="EUR">2.00</Amt>'));
    const response = await postStatement(context.app, context.tokens.siege, broken);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/STMT-BAD est incohérent/);
    const other = await postStatement(context.app, context.tokens.siege, Buffer.from('bonjour'), 'notes.txt');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/camt\.053 \(XML\) ou CFONB 120/);
  });

  it('imports a CFONB 120 statement of the same account, its EndToEndId and LIB read', async () => {
    const day = dayAfter(booking, 1);
    const cfonb = cfonb120Text([
      {
        id: 'unused',
        iban,
        fromDate: day,
        toDate: day,
        openingCents: 50_000,
        entries: [
          {
            reference: 'C1',
            bookingDate: day,
            amountCents: 4_510,
            direction: 'credit',
            remittance: [`REGLEMENT FLUX ${flux[7]!.id}`],
          },
        ],
      },
    ]);
    const response = await postStatement(context.app, context.tokens.siege, cfonb, 'releve.txt');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as BankStatementImportResult;
    expect(result.format).toBe('cfonb120');
    expect(result.releves[0]).toMatchObject({ nouveau: true, nbEcritures: 1, dateFin: day });
    expect(result.nbPropositionsSures).toBe(1);
  });

  it('lists the statements with their progress, and proposes matches best first', async () => {
    const list = await context.app.inject({
      method: 'GET',
      url: BANK_STATEMENTS_URL,
      headers: bearer(context.tokens.siege),
    });
    expect(list.statusCode).toBe(200);
    const main = (list.json() as BankStatementSummary[]).find((item) => item.id === statementId)!;
    // Five booked credits to reconcile; the debit and the pending credit are not counted.
    expect(main).toMatchObject({ nbEcritures: 7, nbRapprochees: 0, nbATraiter: 5, identifiant: 'STMT-1' });
    expect(main.compte).toBe(`${iban.slice(0, 4)} •••• ${iban.slice(-4)}`);

    const e1 = await entryByReference('E1');
    expect(e1.etat).toBe('a_traiter');
    expect(e1.propositions[0]).toMatchObject({ confiance: 'sure', score: 100, raisons: ['facture', 'montant'] });
    expect(e1.propositions[0]!.flux.map((f) => [f.ID_FluxFinancier, f.numeroFacture])).toEqual([
      [flux[0]!.id, invoice(flux[0]!)],
    ]);
    expect((await entryByReference('E2')).propositions[0]).toMatchObject({ confiance: 'probable', score: 60 });
    expect((await entryByReference('E2')).propositions[0]!.flux[0]!.ID_FluxFinancier).toBe(flux[1]!.id);
    const e3 = await entryByReference('E3');
    expect(e3.propositions.map((p) => [p.flux[0]!.ID_FluxFinancier, p.confiance]).sort()).toEqual(
      [
        [flux[2]!.id, 'possible'],
        [flux[3]!.id, 'possible'],
      ].sort(),
    );
    const e4 = await entryByReference('E4');
    expect(e4.propositions[0]).toMatchObject({ confiance: 'sure', raisons: ['lot', 'montant_lot'] });
    expect(e4.propositions[0]!.flux.map((f) => f.ID_FluxFinancier).sort((a, b) => a - b)).toEqual(batch.flux);
    expect((await entryByReference('E5')).propositions[0]).toMatchObject({ score: 90, raisons: ['iban', 'montant'] });
    expect(await entryByReference('E6')).toMatchObject({ etat: 'debit', propositions: [] });
    expect(await entryByReference('E7')).toMatchObject({ etat: 'non_comptabilisee', propositions: [] });
  });

  const confirm = (
    reference: string,
    parts: { ID_FluxFinancier: number; montantCents: number }[],
    token = context.tokens.siege,
  ) =>
    entryByReference(reference).then((entry) =>
      context.app.inject({
        method: 'POST',
        url: `${bankEntryUrl(entry.id)}/rapprochement`,
        headers: bearer(token),
        payload: { parts },
      }),
    );

  it('confirms a proposal: the flux is settled on the bank day with its entry, in the audit log', async () => {
    const response = await confirm('E1', [{ ID_FluxFinancier: flux[0]!.id, montantCents: 123_456 }]);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as BankEntryView;
    expect(view.etat).toBe('rapprochee');
    expect(view.rapprochement?.parts).toEqual([expect.objectContaining({ montantCents: 123_456, regle: true })]);
    expect(await settlement(flux[0]!.id)).toEqual({ paid: true, day: booking, entry: view.id });
    const audit = await query<{ action: string; details: Record<string, unknown> }>(
      `SELECT "Action" AS action, "Details" AS details FROM "APP_AuditLog"
        WHERE ("Action" = 'rapprochement_bancaire' AND "ID_Cible" = $1) OR ("Action" = 'reglement_flux' AND "ID_Cible" = $2)
        ORDER BY id`,
      [view.id, flux[0]!.id],
    );
    expect(audit.map((row) => row.action)).toEqual(['rapprochement_bancaire', 'reglement_flux']);
    expect(audit[1]!.details).toMatchObject({ avant: false, apres: true, dateReglement: booking });
    // Confirmed twice: refused, nothing changes.
    const again = await confirm('E1', [{ ID_FluxFinancier: flux[0]!.id, montantCents: 123_456 }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/déjà rapprochée/);
  });

  it('a batch credited as one line settles all its flux in one confirmation', async () => {
    const e4 = await entryByReference('E4');
    const parts = e4.propositions[0]!.flux.map((f) => ({
      ID_FluxFinancier: f.ID_FluxFinancier,
      montantCents: f.resteDuCents,
    }));
    const response = await confirm('E4', parts);
    expect(response.statusCode, response.body).toBe(200);
    const states = await query<{ paid: boolean }>(
      `SELECT "EST_Reglement" AS paid FROM "MKP_FluxFinancier" WHERE id = ANY($1::int[])`,
      [batch.flux],
    );
    expect(states.every((row) => row.paid)).toBe(true);
  });

  it('refuses parts above what a flux owes or above the credit, an unknown flux, and a malformed body', async () => {
    const over = await confirm('E2', [{ ID_FluxFinancier: flux[1]!.id, montantCents: 98_766 }]);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toMatch(/ne doit plus que 987,65/);
    const settled = await confirm('E2', [{ ID_FluxFinancier: flux[0]!.id, montantCents: 100 }]);
    expect(settled.statusCode).toBe(422);
    expect(settled.json().message).toMatch(new RegExp(`flux ${flux[0]!.id} n’est pas un flux à régler`));
    const malformed = await confirm('E2', [{ ID_FluxFinancier: flux[1]!.id, montantCents: 10.5 }]);
    expect(malformed.statusCode).toBe(400);
    expect(await settlement(flux[1]!.id)).toMatchObject({ paid: false, day: null });
  });

  it('splits one credit over two flux, then a second credit completes the second flux; undo reverses each', async () => {
    // E3 (77.77) is split: 60.00 settles flux[4], 17.77 goes to flux[5] (80.00 due).
    const split = await confirm('E3', [
      { ID_FluxFinancier: flux[4]!.id, montantCents: 6_000 },
      { ID_FluxFinancier: flux[5]!.id, montantCents: 1_777 },
    ]);
    expect(split.statusCode, split.body).toBe(200);
    expect(await settlement(flux[4]!.id)).toMatchObject({ paid: true, day: booking });
    expect(await settlement(flux[5]!.id)).toMatchObject({ paid: false });
    // The partly paid flux is now proposed for what it still owes (62.23) to E2? No: E2 is 987.65;
    // the search finds it with its remaining due.
    const search = await context.app.inject({
      method: 'GET',
      url: `${BANK_STATEMENTS_URL}/flux-ouverts?q=${flux[5]!.id}`,
      headers: bearer(context.tokens.siege),
    });
    expect(search.json()).toEqual([expect.objectContaining({ ID_FluxFinancier: flux[5]!.id, resteDuCents: 6_223 })]);
    // E2 (987.65) is given its own flux: settled.
    expect((await confirm('E2', [{ ID_FluxFinancier: flux[1]!.id, montantCents: 98_765 }])).statusCode).toBe(200);

    // Undo E3: flux[4] unpaid again (its day and entry cleared), the reconciliation kept, cancelled.
    const e3 = await entryByReference('E3');
    const undo = await context.app.inject({
      method: 'DELETE',
      url: `${bankEntryUrl(e3.id)}/rapprochement`,
      headers: bearer(context.tokens.siege),
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((undo.json() as BankEntryView).etat).toBe('a_traiter');
    expect(await settlement(flux[4]!.id)).toEqual({ paid: false, day: null, entry: null });
    const [kept] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "BQE_Rapprochement" WHERE "ID_EcritureBancaire" = $1 AND "DateAnnulation" IS NOT NULL`,
      [e3.id],
    );
    expect(kept!.n).toBe(1);
    const again = await context.app.inject({
      method: 'DELETE',
      url: `${bankEntryUrl(e3.id)}/rapprochement`,
      headers: bearer(context.tokens.siege),
    });
    expect(again.statusCode).toBe(409);
  });

  it('two confirmations of the same credit at once: one wins, the other is refused, the flux settled once', async () => {
    const parts = [{ ID_FluxFinancier: flux[6]!.id, montantCents: 4_500 }];
    const statuses = (await Promise.all([confirm('E5', parts), confirm('E5', parts)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 409]);
    const [count] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "APP_AuditLog" WHERE "Action" = 'reglement_flux' AND "ID_Cible" = $1`,
      [flux[6]!.id],
    );
    expect(count!.n).toBe(1);
    expect(await settlement(flux[6]!.id)).toMatchObject({ paid: true, day: booking });
  });

  it('the same new statement sent twice at once is recorded once', async () => {
    const day = dayAfter(booking, 2);
    const file = camt053Xml([
      {
        ...statement('STMT-TWICE', [{ reference: 'T1', bookingDate: day, amountCents: 10, direction: 'credit' }]),
        fromDate: day,
        toDate: day,
      },
    ]);
    const results = await Promise.all([
      postStatement(context.app, context.tokens.siege, file),
      postStatement(context.app, context.tokens.siege, file),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const created = results.map((r) => (r.json() as BankStatementImportResult).releves[0]!.nouveau);
    expect(created.sort()).toEqual([false, true]);
    const [rows] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "BQE_ReleveBancaire" WHERE "Identifiant" = 'STMT-TWICE'`,
    );
    expect(rows!.n).toBe(1);
  });

  it('the flux search shows the settlement day (GraphQL DateReglement)', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: bearer(context.tokens.siege),
      payload: {
        query: `query($id: Int!) { MKP_FluxFinancier(where: { id: { _eq: $id } }) { id EST_Reglement DateReglement } }`,
        variables: { id: flux[0]!.id },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.MKP_FluxFinancier).toEqual([
      { id: flux[0]!.id, EST_Reglement: true, DateReglement: booking },
    ]);
  });

  it('clearing the paid flag by any other way clears the settlement day too (SEPA return, generic update)', async () => {
    await query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = false WHERE id = $1`, [flux[1]!.id]);
    expect(await settlement(flux[1]!.id)).toEqual({ paid: false, day: null, entry: null });
    // A day on an unpaid flux does not hold: the trigger clears it.
    await query(`UPDATE "MKP_FluxFinancier" SET "DateReglement" = '2026-01-01' WHERE id = $1`, [flux[1]!.id]);
    expect(await settlement(flux[1]!.id)).toEqual({ paid: false, day: null, entry: null });
    // Marked paid by hand, without a day: the day it was marked.
    await query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true WHERE id = $1`, [flux[1]!.id]);
    expect((await settlement(flux[1]!.id))?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('only the head office with the SEPA write grant imports and reconciles; clubs and ligues read nothing', async () => {
    const file = camt053Xml([statement('STMT-ROLE', [])]);
    for (const token of [context.tokens.club, context.tokens.ligue]) {
      expect((await postStatement(context.app, token, file)).statusCode).toBe(403);
      const list = await context.app.inject({ method: 'GET', url: BANK_STATEMENTS_URL, headers: bearer(token) });
      expect(list.statusCode).toBe(403);
      const page = await context.app.inject({
        method: 'GET',
        url: `${BANK_STATEMENTS_URL}/${statementId}/ecritures`,
        headers: bearer(token),
      });
      expect(page.statusCode).toBe(403);
      const e3 = await entryByReference('E3');
      const write = await context.app.inject({
        method: 'POST',
        url: `${bankEntryUrl(e3.id)}/rapprochement`,
        headers: bearer(token),
        payload: { parts: [{ ID_FluxFinancier: flux[4]!.id, montantCents: 6_000 }] },
      });
      expect(write.statusCode).toBe(403);
    }
    expect(await settlement(flux[4]!.id)).toMatchObject({ paid: false });
  });

  it('one statement per account and date: the same day sent again under another id adds only its new entries', async () => {
    const again = mainStatement();
    again.id = 'STMT-1-RENVOI';
    again.entries.push({
      reference: 'E8',
      bookingDate: booking,
      amountCents: 321,
      direction: 'credit',
      remittance: ['DON'],
    });
    const response = await postStatement(context.app, context.tokens.siege, camt053Xml([again], '02'));
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as BankStatementImportResult).releves).toEqual([
      expect.objectContaining({ id: statementId, nouveau: false, nbEcritures: 8, nbEcrituresAjoutees: 1 }),
    ]);
    const [count] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "BQE_ReleveBancaire" WHERE "Identifiant" = 'STMT-1-RENVOI'`,
    );
    expect(count!.n).toBe(0);
    expect((await entryByReference('E8')).etat).toBe('a_traiter');
  });
});
