import {
  PAYOUT_MESSAGES,
  SHARE_RULES_PATH,
  structureSharesPath,
  type ShareRuleInput,
  type StructureSharesAnswer,
} from '@gdf/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { syncShares, syncSharesIn } from '../../../src/modules/payouts/shares-sync';
import { testDatabaseTargets } from '../support/databases';
import { closeSeededApp, openSeededApp } from '../support/seeded-app';
import { insertFlux, oneId } from '../documents/document-fixtures';
import { demoLigueId, setClubLigue } from './payout-fixtures';

/**
 * R-PAY-01..04 through the product's tables: the head office sets the shares, a club's licence
 * is settled, returned, settled again and partly credited, and the ligue's page follows each
 * step to the cent, once. The writes are plain UPDATEs and INSERTs on purpose: the triggers
 * mark the sale whatever path wrote it.
 */
describe.each(testDatabaseTargets())('each level’s share of a sale on $name (R-PAY-01 to R-PAY-04)', (target) => {
  let database: Database, app: FastifyInstance, clubId: number;
  let siege: string, club: string, ligue: string;
  let ligueId: number, comiteId: number, seasonId: number;

  const send = (token: string, options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  const putRule = (token: string, rule: Partial<ShareRuleInput> | Record<string, unknown>) =>
    send(token, { method: 'PUT', url: SHARE_RULES_PATH, payload: rule });
  const ligueShares = async () => {
    const response = await send(ligue, { method: 'GET', url: `${structureSharesPath(ligueId)}?du=2000-01-01` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StructureSharesAnswer>();
  };
  const sharesOf = async (saleId: number) => {
    const [row] = await database.query<{ base: string; ligue: string; comite: string }>(
      `SELECT "Base"::text AS base, "PartLigue"::text AS ligue, "PartComite"::text AS comite FROM "REV_QuotePart" WHERE "ID_FluxFinancier" = $1`,
      [saleId],
    );
    return row && { base: Number(row.base), ligue: Number(row.ligue), comite: Number(row.comite) };
  };
  const licence = (amount: string) =>
    insertFlux(database, { name: 'Licence quote-part', categoryId: 1, structureId: clubId, seasonId, amount });
  const settle = (id: number, settled: boolean) =>
    database.query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = $2 WHERE id = $1`, [id, settled]);

  beforeAll(async () => {
    ({ database, app, siege, club, ligue, clubId } = await openSeededApp(target));
    seasonId = await oneId(database, `SELECT id FROM "FEDE_Saison" WHERE "EST_SaisonCourante"`);
    ligueId = await demoLigueId(database);
    // The club's département names the ligue the demo's ligue user administers, and a comité.
    comiteId = await setClubLigue(database, clubId, ligueId);
  }, 120_000);
  afterAll(() => closeSeededApp({ app, database }));

  it('R-PAY-01: refuses what cannot be a share, with a French reason, and writes nothing', async () => {
    const refused = [
      [{ categorie: 1, tarif: 1, niveau: 'ligue', mode: 'taux', valeur: 10, saisonDebut: seasonId }, 'l’un des deux'],
      [{ categorie: 1, niveau: 'ligue', mode: 'taux', valeur: -1, saisonDebut: seasonId }, ''],
      [{ categorie: 1, niveau: 'ligue', mode: 'taux', valeur: 10.5, saisonDebut: seasonId }, 'entière'],
      [
        { categorie: 1, niveau: 'ligue', mode: 'taux', valeur: 10_001, saisonDebut: seasonId },
        PAYOUT_MESSAGES.rateAboveAll,
      ],
      [
        { categorie: 1, niveau: 'ligue', mode: 'montant', valeur: 100, saisonDebut: seasonId },
        PAYOUT_MESSAGES.amountNeedsTarif,
      ],
      [
        { tarif: 999_999, niveau: 'ligue', mode: 'montant', valeur: 100, saisonDebut: seasonId },
        PAYOUT_MESSAGES.unknownTarget,
      ],
      [{ categorie: 1, niveau: 'ligue', mode: 'taux', valeur: 100, saisonDebut: 2099 }, PAYOUT_MESSAGES.unknownSeason],
      [{ categorie: 1, niveau: 'region', mode: 'taux', valeur: 100, saisonDebut: seasonId }, ''],
    ] as const;
    for (const [rule, message] of refused) {
      const response = await putRule(siege, rule);
      expect(response.statusCode, JSON.stringify(rule)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    const [price] = await database.query<{ id: number; cents: number }>(
      `SELECT id, ("PrixUnitaire" * 100)::int AS cents FROM "MKP_Tarif" WHERE "PrixUnitaire" > 0 ORDER BY id LIMIT 1`,
    );
    const above = await putRule(siege, {
      tarif: price!.id,
      niveau: 'ligue',
      mode: 'montant',
      valeur: price!.cents + 1,
      saisonDebut: seasonId,
    });
    expect(above.json<{ message: string }>().message).toBe(PAYOUT_MESSAGES.amountAbovePrice);
    expect(await oneId(database, `SELECT count(*)::int AS id FROM "REV_RegleQuotePart"`)).toBe(0);
  });

  it('R-PAY-01: only the head office, with the settings’ write grant, sets them', async () => {
    const rule = { categorie: 1, niveau: 'ligue', mode: 'taux', valeur: 1_000, saisonDebut: seasonId };
    expect((await putRule(club, rule)).statusCode).toBe(403);
    expect((await putRule(ligue, rule)).statusCode).toBe(403);
    expect((await send(club, { method: 'GET', url: SHARE_RULES_PATH })).statusCode).toBe(403);
  });

  it('R-PAY-02..04: a licence settled earns the ligue and the comité their rates; a return reverses them, once', async () => {
    for (const [niveau, valeur] of [
      ['ligue', 1_000],
      ['comite', 550],
    ] as const) {
      const response = await putRule(siege, { categorie: 1, niveau, mode: 'taux', valeur, saisonDebut: seasonId });
      expect(response.statusCode, response.body).toBe(200);
    }
    // The rules reach the season's sales already settled (the demo's): the figures below move from there.
    const before = (await ligueShares()).acquisCentimes;
    const sale = await licence('100.00');
    expect((await ligueShares()).acquisCentimes).toBe(before);
    await settle(sale, true);
    let shares = await ligueShares();
    expect(shares).toMatchObject({ niveau: 'ligue', acquisCentimes: before + 1_000 });
    expect(shares.mouvements[0]).toMatchObject({ fluxId: sale, baseCentimes: 10_000, partCentimes: 1_000 });
    expect(await sharesOf(sale)).toEqual({ base: 10_000, ligue: 1_000, comite: 550 });
    // Seen again, nothing more: the sync after a sync writes nothing.
    expect(await syncShares(database)).toBe(0);
    // A bank return: the sale is owed again, its shares are reversed.
    await settle(sale, false);
    shares = await ligueShares();
    expect(shares.acquisCentimes).toBe(before);
    expect(shares.mouvements.filter((m) => m.fluxId === sale).map((m) => m.partCentimes)).toEqual([-1_000, 1_000]);
    // Settled again (the relaunch paid), then an avoir of 30 €: 70 € kept, 10 % of it.
    await settle(sale, true);
    await insertFlux(database, {
      name: 'Avoir licence',
      categoryId: 1,
      isDebit: false,
      structureId: clubId,
      seasonId,
      amount: '30.00',
    }).then((avoir) =>
      database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierDebit" = $2 WHERE id = $1`, [avoir, sale]),
    );
    await syncShares(database);
    expect(await sharesOf(sale)).toEqual({ base: 7_000, ligue: 700, comite: 385 });
    const [sums] = await database.query<{ base: string; parts: string }>(
      `SELECT sum("Base")::text AS base, sum("PartLigue" + "PartComite")::text AS parts FROM "REV_MouvementQuotePart" WHERE "ID_FluxFinancier" = $1`,
      [sale],
    );
    expect({ base: Number(sums!.base), parts: Number(sums!.parts) }).toEqual({ base: 7_000, parts: 1_085 });
  });

  it('R-PAY-04: a rule changed later never changes what a sale already earns; a new sale takes it', async () => {
    const earning = await licence('50.00');
    await settle(earning, true);
    await syncShares(database);
    expect(
      (await putRule(siege, { categorie: 1, niveau: 'ligue', mode: 'taux', valeur: 2_000, saisonDebut: seasonId }))
        .statusCode,
    ).toBe(200);
    const later = await licence('50.00');
    await settle(later, true);
    await settle(earning, false);
    await settle(earning, true);
    await syncShares(database);
    expect((await sharesOf(earning))?.ligue).toBe(500);
    expect((await sharesOf(later))?.ligue).toBe(1_000);
    // The change is audited with what the rule was before it.
    const [audit] = await database.query<{
      details: { valeur: number; avant: { mode: string; valeur: number } | null };
    }>(`SELECT "Details" AS details FROM "APP_AuditLog" WHERE "Action" = 'quote_part_regle' ORDER BY id DESC LIMIT 1`);
    expect(audit?.details.valeur).toBe(2_000);
    expect(audit?.details.avant?.mode).toBe('taux');
    expect(audit?.details.avant?.valeur).toBeLessThan(2_000);
  });

  it('R-PAY-04: a rule changed while a settled sale is not yet brought up to date does not reach it', async () => {
    const sale = await licence('10.00');
    await settle(sale, true);
    const changed = await putRule(siege, {
      categorie: 1,
      niveau: 'ligue',
      mode: 'taux',
      valeur: 3_000,
      saisonDebut: seasonId,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await syncShares(database);
    // Settled under the 20 % in force then, not the 30 % set after.
    expect((await sharesOf(sale))?.ligue).toBe(200);
  });

  it('R-PAY-04: a level’s first rule reaches a sale the other level’s already did; its changes after never do', async () => {
    // Category 2: no rule of these tests reaches it before this one.
    const rule = (niveau: 'ligue' | 'comite', valeur: number) =>
      putRule(siege, { categorie: 2, niveau, mode: 'taux', valeur, saisonDebut: seasonId });
    expect((await rule('ligue', 1_000)).statusCode).toBe(200);
    const sale = await insertFlux(database, {
      name: 'Affiliation quote-part',
      categoryId: 2,
      structureId: clubId,
      seasonId,
      amount: '100.00',
    });
    await settle(sale, true);
    await syncShares(database);
    expect(await sharesOf(sale)).toEqual({ base: 10_000, ligue: 1_000, comite: 0 });
    expect((await rule('comite', 500)).statusCode).toBe(200);
    await syncShares(database);
    expect(await sharesOf(sale)).toEqual({ base: 10_000, ligue: 1_000, comite: 500 });
    expect((await rule('comite', 800)).statusCode).toBe(200);
    expect((await rule('ligue', 2_000)).statusCode).toBe(200);
    await syncShares(database);
    expect(await sharesOf(sale)).toEqual({ base: 10_000, ligue: 1_000, comite: 500 });
    const movements = await database.query<{ ligue: string; comite: string }>(
      `SELECT "PartLigue"::text AS ligue, "PartComite"::text AS comite FROM "REV_MouvementQuotePart"
        WHERE "ID_FluxFinancier" = $1 ORDER BY id`,
      [sale],
    );
    expect(movements).toEqual([
      { ligue: '1000', comite: '0' },
      { ligue: '0', comite: '500' },
    ]);
  });

  it('R-PAY-03: an avoir on the relaunch carrying a sale lowers it; an avoir unlinked gives it back', async () => {
    const sale = await licence('100.00');
    const relaunch = await licence('100.00');
    await database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierRelance" = $2 WHERE id = $1`, [
      sale,
      relaunch,
    ]);
    const avoir = await insertFlux(database, {
      name: 'Avoir sur relance',
      categoryId: 1,
      isDebit: false,
      structureId: clubId,
      seasonId,
      amount: '30.00',
    });
    await database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierDebit" = $2 WHERE id = $1`, [
      avoir,
      relaunch,
    ]);
    await settle(relaunch, true);
    await syncShares(database);
    expect((await sharesOf(sale))?.base).toBe(7_000);
    // The relaunch is no sale of its own.
    expect(await sharesOf(relaunch)).toBeUndefined();
    await database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierDebit" = NULL WHERE id = $1`, [avoir]);
    await syncShares(database);
    expect((await sharesOf(sale))?.base).toBe(10_000);
  });

  it('R-PAY-04: a movement is dated the day its sale was marked, however late the sync runs', async () => {
    await syncShares(database);
    const sale = await licence('40.00');
    await settle(sale, true);
    // As if the settlement had been written three days ago and no share read since.
    await database.query(
      `UPDATE "REV_QuotePartAVerifier" SET "Z_DateMarque" = now() - interval '3 days' WHERE "ID_FluxFinancier" = $1`,
      [sale],
    );
    await syncShares(database);
    const [movement] = await database.query<{ day: string; late: boolean }>(
      `SELECT "Jour"::text AS day, "Jour" < (now() AT TIME ZONE 'Europe/Paris')::date - 2 AS late
         FROM "REV_MouvementQuotePart" WHERE "ID_FluxFinancier" = $1`,
      [sale],
    );
    expect(movement?.late, movement?.day).toBe(true);
  });

  it('R-PAY-02: a settled sale whose amount is lowered keeps its frozen shares within it, and the sync goes on', async () => {
    const sale = await licence('100.00');
    await settle(sale, true);
    await syncShares(database);
    const frozen = await sharesOf(sale);
    await database.query(`UPDATE "MKP_FluxFinancier" SET "MontantHT" = 5, "MontantTTC" = 5 WHERE id = $1`, [sale]);
    await syncShares(database);
    const after = await sharesOf(sale);
    expect(after?.base).toBe(500);
    expect(after!.ligue + after!.comite).toBeLessThanOrEqual(500);
    expect(after!.ligue).toBe(Math.min(frozen!.ligue, 500));
    // Nothing left marked: the sale did not block the sync.
    expect(await oneId(database, `SELECT count(*)::int AS id FROM "REV_QuotePartAVerifier"`)).toBe(0);
  });

  it('R-PAY-04: a sync holds one lock however many sales it brings up to date (a season’s fit in one transaction)', async () => {
    // Per-sale locks filled PostgreSQL's lock table on a season's sales ('out of shared memory').
    const rule = { categorie: 1, niveau: 'comite', mode: 'taux', valeur: 550, saisonDebut: seasonId } as const;
    expect((await putRule(siege, rule)).statusCode).toBe(200);
    const sales = [];
    for (let n = 0; n < 6; n += 1) sales.push(await licence('12.00'));
    for (const sale of sales) await settle(sale, true);
    const locks = await database.transaction(async (tx) => {
      expect(await syncSharesIn(tx)).toBeGreaterThanOrEqual(sales.length);
      const [row] = await tx.query<{ locks: number }>(
        `SELECT count(*)::int AS locks FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()`,
      );
      return row!.locks;
    });
    expect(locks).toBe(1);
    for (const sale of sales) expect((await sharesOf(sale))?.base).toBe(1_200);
  });

  it('R-SCOPE: a club reads no ligue’s shares; a ligue not another’s', async () => {
    expect((await send(club, { method: 'GET', url: structureSharesPath(ligueId) })).statusCode).toBe(404);
    expect((await send(ligue, { method: 'GET', url: structureSharesPath(comiteId) })).statusCode).toBe(404);
    expect((await send(siege, { method: 'GET', url: structureSharesPath(ligueId) })).statusCode).toBe(200);
  });
});
