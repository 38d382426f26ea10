import {
  addCalendarDays,
  checkFec,
  HEAD_OFFICE_STRUCTURE_ID,
  nextTargetDay,
  parisToday,
  PAYOUTS_PATH,
  SHARE_RULES_PATH,
  type FiscalYearsResponse,
  type PayoutGenerated,
} from '@gdf/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { TEST_TODAY } from '../support/test-app';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { decodeLatin9, insertFlux } from '../accounting/accounting-fixtures';

/**
 * R-PAY-10 (ADR 0061): each level's share is booked, in the head office's books, as a debt to its
 * ligue (journal OD: debit the sale's revenue account, credit 467000 per payee), and each transfer
 * of a payout file not cancelled in the bank journal (debit 467000 or the club's 411, credit
 * 512000); they are validated, closed and exported (SAGE PNM and CSV, FEC checked A47 A-1) with
 * the other entries, once. The ledger's clock is TEST_TODAY (2026-11-21): 2025-2026 can close.
 */
const SIREN = '775671356';
const LIGUE_IBAN = 'FR7630006000011234567890189';
const CLUB_IBAN = 'FR1420041010050500013M02606';
/** Closing validates every entry of the seeded books: 35-50 s on a quiet machine's PGlite. */
const CLOSING_TIMEOUT_MS = 300_000;
/** CSV columns: journal, date, account, aux, piece, label, debit, credit, section, number. */
const C = { journal: 0, date: 1, account: 2, aux: 3, piece: 4, debit: 6, credit: 7, number: 9 };
/** FEC columns (article A47 A-1 order). */
const F = { journal: 0, num: 2, account: 4, aux: 6, piece: 8, debit: 11, credit: 12 };

describe.each(testDatabaseTargets())('shares and payouts in the books on $name (R-PAY-10)', (target) => {
  let context: RestContext;
  let siege: string;
  let ligueId: number, saleId: number, refundId: number, laterSaleId: number;
  let revenueAccount: string, ligueAux: string, clubAux: string;
  const piece = (id: number) => `2027-FFME-${id}`;
  const executionDay = nextTargetDay(addCalendarDays(parisToday(), 1));

  const query = <T>(sql: string, params: unknown[] = []) => context.database.query<T>(sql, params);
  const send = (options: InjectOptions) =>
    context.app.inject({ ...options, headers: { ...options.headers, ...bearer(siege) } });
  const get = (url: string) => send({ method: 'GET', url });
  const years = async () => (await get('/api/parametrages-comptables/exercices')).json() as FiscalYearsResponse;

  async function csv(from: string, to: string) {
    const response = await get(`/api/exports/sage?from=${from}&to=${to}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = decodeLatin9(response.rawPayload)
      .split('\r\n')
      .slice(1, -1)
      .map((row) => row.split(';'));
    return { valid: response.headers['x-export-valide'] === 'oui', rows };
  }
  async function pnm(from: string, to: string) {
    const response = await get(`/api/exports/sage?from=${from}&to=${to}&format=pnm`);
    expect(response.statusCode, response.body).toBe(200);
    return decodeLatin9(response.rawPayload).split('\r\n');
  }
  /** [journal, account, aux, debit, credit] of the CSV rows of a piece. */
  const linesOf = (rows: string[][], reference: string) =>
    rows
      .filter((r) => r[C.piece] === reference)
      .map((r) => [r[C.journal], r[C.account], r[C.aux], r[C.debit], r[C.credit]]);
  const transfersOf = (batchId: number) =>
    query<{ id: number; nature: string; cents: string; reference: string }>(
      `SELECT id, "Nature" AS nature, "Montant"::text AS cents, "EndToEndId" AS reference
         FROM "REV_VersementLigne" WHERE "ID_Traitement" = $1 ORDER BY id`,
      [batchId],
    );
  const firstFlux = async (...args: Parameters<typeof insertFlux>) => (await insertFlux(...args))[0]!;
  const euros = (cents: number | string) => (Number(cents) / 100).toFixed(2).replace('.', ',');

  beforeAll(async () => {
    context = await openRestContext(target, { ledgerClock: () => TEST_TODAY });
    siege = context.tokens.siege;
    const { clubId } = context;
    await query(`UPDATE "CPT_Parametres" SET "SIREN" = $1`, [SIREN]);
    const [ligue] = await query<{ id: number }>(
      `SELECT su."ID_Structure" AS id FROM "UTI_Login" l JOIN "STR_StructureUtilisateur" su ON su."ID_Utilisateur" = l."ID_Utilisateur"
        WHERE l."Email" = 'ligue@demo.fr' ORDER BY su.id LIMIT 1`,
    );
    ligueId = ligue!.id;
    await query(
      `UPDATE "ADR_Departement" d SET "ID_Ligue" = $2 FROM "STR_Structure" s WHERE s.id = $1 AND d.id = s."ID_Departement"`,
      [clubId, ligueId],
    );
    await query(`UPDATE "STR_StructureRib" SET "EST_Valide" = FALSE WHERE "ID_Structure" IN ($1, $2)`, [
      ligueId,
      clubId,
    ]);
    for (const [id, iban, holder] of [
      [ligueId, LIGUE_IBAN, 'Ligue Démo'],
      [clubId, CLUB_IBAN, 'Club Démo'],
    ] as const) {
      await query(
        `INSERT INTO "STR_StructureRib" ("ID_Structure", "IBAN", "BIC", "Titulaire", "EST_Valide") VALUES ($1, $2, NULL, $3, TRUE)`,
        [id, iban, holder],
      );
    }
    const [mapping] = await query<{ account: string }>(
      `SELECT "CompteNumero" AS account FROM "CPT_MappingFlux" WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 1`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    revenueAccount = mapping!.account;
    const codes = await query<{ id: number; code: string }>(
      `SELECT id, "ID_CodeFederal" AS code FROM "STR_Structure" WHERE id = ANY($1::int[])`,
      [[clubId, ligueId]],
    );
    const code = (id: number) => codes.find((row) => row.id === id)!.code;
    ligueAux = `467${code(ligueId)}`;
    clubAux = `411${code(clubId)}`;

    // The ligue's share: 10 % of category 1 from the fixtures' season on.
    const rule = { categorie: 1, niveau: 'ligue', mode: 'taux', valeur: 1_000, saisonDebut: 2027 };
    const ruled = await send({ method: 'PUT', url: SHARE_RULES_PATH, payload: rule });
    expect(ruled.statusCode, ruled.body).toBe(200);
    // A 100.00 licence of June 2026, settled on 10 June: the ligue earns 10.00 that day.
    saleId = await firstFlux(context.database, [
      { structureId: clubId, label: 'Licence', amount: '100.00', isDebit: true, category: 1, date: '2026-06-01' },
    ]);
    await query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = TRUE, "DateReglement" = '2026-06-10' WHERE id = $1`, [
      saleId,
    ]);
    // The settlement's write is dated by its mark (R-PAY-04): as if it had been made on 10 June.
    await query(
      `UPDATE "REV_QuotePartAVerifier" SET "Z_DateMarque" = '2026-06-10 12:00:00+02' WHERE "ID_FluxFinancier" = $1`,
      [saleId],
    );
    // A payout file of 20 June that paid the ligue those 10.00 (the file generation's own record).
    const [batch] = await query<{ id: number }>(
      `INSERT INTO "MKP_Traitement" ("TypeTraitement", "ID_Structure") VALUES ('virement_sepa', $1) RETURNING id`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    await query(
      `INSERT INTO "REV_VersementLigne" ("ID_Traitement", "ID_Structure", "Nature", "Montant", "EndToEndId", "IBAN", "Titulaire")
       VALUES ($1, $2, 'quote_part', 1000, $3, $4, 'Ligue Démo')`,
      [batch!.id, ligueId, `REV-${batch!.id}-${ligueId}`, LIGUE_IBAN],
    );
    await query(
      `INSERT INTO "APP_AuditLog" ("ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
       VALUES ($1, 'virement_sepa.generation', 'MKP_Traitement', $2, $3)`,
      [HEAD_OFFICE_STRUCTURE_ID, batch!.id, JSON.stringify({ dateExecution: '2026-06-22' })],
    );
    refundId = await firstFlux(
      context.database,
      [
        {
          structureId: clubId,
          label: 'Remboursement',
          amount: '25.50',
          isDebit: false,
          category: 6,
          date: '2026-11-20',
        },
      ],
      1,
    );
    // A 50.00 licence settled now: the ligue's 5.00 is earned today, in the open year.
    laterSaleId = await firstFlux(
      context.database,
      [{ structureId: clubId, label: 'Licence', amount: '50.00', isDebit: true, category: 1, date: '2026-11-20' }],
      2,
    );
    await query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = TRUE WHERE id = $1`, [laterSaleId]);
  }, 120_000);
  afterAll(() => closeRestContext(context));

  it('R-PAY-10: before validation, the share is an OD entry on its day and the transfer a BQ entry on its execution day', async () => {
    const { valid, rows } = await csv('2026-06-01', '2026-06-30');
    expect(valid).toBe(false);
    expect(linesOf(rows, piece(saleId)).filter((r) => r[0] === 'OD')).toEqual([
      ['OD', revenueAccount, '', '10,00', ''],
      ['OD', '467000', ligueAux, '', '10,00'],
    ]);
    expect(rows.filter((r) => r[C.journal] === 'OD' && r[C.piece] === piece(saleId))[0]![C.date]).toBe('10/06/2026');
    const [transfer] = await query<{ reference: string }>(
      `SELECT "EndToEndId" AS reference FROM "REV_VersementLigne" WHERE "Montant" = 1000 AND "ID_Structure" = $1`,
      [ligueId],
    );
    expect(linesOf(rows, transfer!.reference)).toEqual([
      ['BQ', '467000', ligueAux, '10,00', ''],
      ['BQ', '512000', '', '', '10,00'],
    ]);
    const pnmLines = await pnm('2026-06-01', '2026-06-30');
    expect(pnmLines.filter((l) => l.startsWith('OD 100626') && l.includes(piece(saleId)))).toHaveLength(2);
    expect(pnmLines.filter((l) => l.startsWith('BQ 220626') && l.includes(transfer!.reference))).toHaveLength(2);
  });

  it(
    'R-PAY-10: closing the year validates them once, numbered in OD and BQ; the FEC passes the A47 A-1 checker with its 467000 lines',
    async () => {
      for (const year of (await years()).exercices) {
        if (year.statut === 'ouvert' && year.fin < '2026-09-01') {
          const closed = await send({
            method: 'POST',
            url: `/api/parametrages-comptables/exercices/${year.id}/cloture`,
          });
          expect(closed.statusCode, closed.body).toBe(200);
        }
      }
      const year = (await years()).exercices.find((y) => y.libelle === '2025-2026')!;
      const response = await get(`/api/exports/fec?exercice=${year.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-export-valide']).toBe('oui');
      const text = decodeLatin9(response.rawPayload);
      expect(checkFec(text)).toEqual([]);
      const rows = text
        .split('\r\n')
        .slice(1, -1)
        .map((row) => row.split('\t'));
      const debt = rows.filter((r) => r[F.account] === '467000' && r[F.aux] === ligueAux);
      expect(debt.map((r) => [r[F.journal], r[F.debit], r[F.credit]])).toEqual([
        ['OD', '0,00', '10,00'],
        ['BQ', '10,00', '0,00'],
      ]);
      expect(debt[0]![F.num]).toMatch(/^OD2026-\d{6}$/);
      const booked = await query<{ movement: number | null; transfer: number | null }>(
        `SELECT "ID_MouvementQuotePart" AS movement, "ID_VersementLigne" AS transfer FROM "CPT_Ecriture"
          WHERE "ID_Structure" = $1 AND ("ID_MouvementQuotePart" IS NOT NULL OR "ID_VersementLigne" IS NOT NULL)
            AND "EcritureDate" <= '2026-08-31'`,
        [HEAD_OFFICE_STRUCTURE_ID],
      );
      expect(booked.filter((b) => b.movement !== null)).toHaveLength(1);
      expect(booked.filter((b) => b.transfer !== null)).toHaveLength(1);
      // The validated SAGE file holds them with their numbers; the sale's share is not booked again.
      const sage = await csv('2026-06-01', '2026-06-30');
      expect(sage.valid).toBe(true);
      const share = sage.rows.filter((r) => r[C.journal] === 'OD' && r[C.piece] === piece(saleId));
      expect(share).toHaveLength(2);
      expect(share[0]![C.number]).toBe(debt[0]![F.num]);
      // 467000 is the federation's debt to its ligue: earned and paid, its balance is nil.
      const [balance] = await query<{ cents: string }>(
        `SELECT coalesce(sum(l."Credit" - l."Debit"), 0)::text AS cents FROM "CPT_EcritureLigne" l
           JOIN "CPT_Ecriture" e ON e.id = l."ID_Ecriture"
          WHERE e."ID_Structure" = $1 AND l."CompAuxNum" = $2 AND e."EcritureDate" <= '2026-08-31' AND e."JournalCode" <> 'AN'`,
        [HEAD_OFFICE_STRUCTURE_ID, ligueAux],
      );
      expect(balance!.cents).toBe('0');
    },
    CLOSING_TIMEOUT_MS,
  );

  it('R-PAY-10: a validated transfer whose file is cancelled afterwards is reversed once, in the open period', async () => {
    const [transfer] = await query<{ reference: string; batch: number }>(
      `SELECT "EndToEndId" AS reference, "ID_Traitement" AS batch FROM "REV_VersementLigne" WHERE "Montant" = 1000 AND "ID_Structure" = $1`,
      [ligueId],
    );
    const [user] = await query<{ id: number }>(`SELECT min(id) AS id FROM "UTI_Utilisateur"`);
    await query(`UPDATE "MKP_Traitement" SET "DateAnnulation" = now(), "ID_UtilisateurAnnulation" = $2 WHERE id = $1`, [
      transfer!.batch,
      user!.id,
    ]);
    const reversal = [
      ['BQ', '467000', ligueAux, '', '10,00'],
      ['BQ', '512000', '', '10,00', ''],
    ];
    expect(linesOf((await csv('2026-09-01', '2026-09-01')).rows, transfer!.reference)).toEqual(reversal);
    const year = (await years()).exercices.find((y) => y.libelle === '2026-2027')!;
    const validated = await send({
      method: 'POST',
      url: `/api/parametrages-comptables/exercices/${year.id}/validation`,
      payload: { jusquau: '2026-09-01' },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const sage = await csv('2026-09-01', '2026-09-01');
    expect(sage.valid).toBe(true);
    expect(linesOf(sage.rows, transfer!.reference)).toEqual(reversal);
    expect(linesOf((await csv('2026-09-02', '2026-11-21')).rows, transfer!.reference)).toEqual([]);
  });

  it('R-PAY-10: a generated file’s transfers are BQ entries on its execution day; cancelled, it books nothing', async () => {
    const generated = await send({
      method: 'POST',
      url: PAYOUTS_PATH,
      payload: { dateExecution: executionDay, structures: [ligueId, context.clubId] },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    const batch = generated.json<PayoutGenerated>();
    const transfers = await transfersOf(batch.id);
    const refund = transfers.find((t) => t.nature === 'remboursement')!;
    expect(refund.cents).toBe('2550');
    const from = '2026-11-22';
    let rows = (await csv(from, executionDay)).rows;
    for (const t of transfers) {
      const [account, aux] = t.nature === 'remboursement' ? ['411000', clubAux] : ['467000', ligueAux];
      expect(linesOf(rows, t.reference), t.reference).toEqual([
        ['BQ', account, aux, euros(t.cents), ''],
        ['BQ', '512000', '', '', euros(t.cents)],
      ]);
      expect(rows.find((r) => r[C.piece] === t.reference)![C.date]).toBe(
        `${executionDay.slice(8)}/${executionDay.slice(5, 7)}/${executionDay.slice(0, 4)}`,
      );
    }
    const pnmLines = await pnm(from, executionDay);
    expect(pnmLines.filter((l) => l.startsWith('BQ ') && l.includes(refund.reference))).toHaveLength(2);

    const cancelled = await send({ method: 'POST', url: `${PAYOUTS_PATH}/${batch.id}/annulation` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    rows = (await csv(from, executionDay)).rows;
    for (const t of transfers) expect(linesOf(rows, t.reference), t.reference).toEqual([]);
  });

  it('R-PAY-10: a refund a file pays is settled by its transfer only, never again as a settlement', async () => {
    const generated = await send({
      method: 'POST',
      url: PAYOUTS_PATH,
      payload: { dateExecution: executionDay, structures: [context.clubId] },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    const [transfer] = await transfersOf(generated.json<PayoutGenerated>().id);
    // The bank paid it: the flux is settled, outside any bank reconciliation.
    await query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = TRUE, "DateReglement" = $2 WHERE id = $1`, [
      refundId,
      '2026-11-20',
    ]);
    const rows = (await csv('2026-11-01', executionDay)).rows;
    expect(linesOf(rows, transfer!.reference)).toEqual([
      ['BQ', '411000', clubAux, '25,50', ''],
      ['BQ', '512000', '', '', '25,50'],
    ]);
    // Its own sale entry (a credit to the club) only: no RG settlement of it.
    const journals = linesOf(rows, piece(refundId)).map((r) => r[0]);
    expect(journals.length).toBeGreaterThan(0);
    expect(journals).not.toContain('RG');
    expect(journals).not.toContain('BQ');
  });

  it('R-PAY-10: the debt account is set in Paramétrages comptables (class 4), audited, and the books follow it', async () => {
    const current = (await get('/api/parametrages-comptables/parametres')).json<{
      parametres: Record<string, unknown>;
    }>().parametres;
    expect(current).toMatchObject({
      CompteQuotesParts: '467000',
      LibelleQuotesParts: 'Quotes-parts dues aux ligues et comités',
    });
    const { CompteQuotesParts: _account, LibelleQuotesParts: _label, ...rule } = current;
    const put = (payload: object) => send({ method: 'PUT', url: '/api/parametrages-comptables/parametres', payload });
    const refused = await put({ ...rule, CompteQuotesParts: '706000' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/classe 4/);
    // Left out, it stays as set.
    expect((await put(rule)).json<Record<string, unknown>>().CompteQuotesParts).toBe('467000');
    const saved = await put({ ...rule, CompteQuotesParts: '467100', LibelleQuotesParts: 'Reversements dus' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Record<string, unknown>>()).toMatchObject({ CompteQuotesParts: '467100' });
    const [audit] = await query<{ details: { CompteQuotesParts?: string } }>(
      `SELECT "Details" AS details FROM "APP_AuditLog" WHERE "Action" = 'parametrage_modification'
          AND "TableCible" = 'CPT_Parametres' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit!.details.CompteQuotesParts).toBe('467100');
    // The open period's share entry follows it; the closed year's stays as validated.
    const rows = (await csv('2026-11-01', executionDay)).rows;
    expect(linesOf(rows, piece(laterSaleId)).filter((r) => r[0] === 'OD')).toEqual([
      ['OD', revenueAccount, '', '5,00', ''],
      ['OD', '467100', ligueAux, '', '5,00'],
    ]);
    const june = (await csv('2026-06-01', '2026-06-30')).rows;
    expect(linesOf(june, piece(saleId)).filter((r) => r[0] === 'OD')[1]).toEqual([
      'OD',
      '467000',
      ligueAux,
      '',
      '10,00',
    ]);
  });
});
