import {
  addCalendarDays,
  parisToday,
  resteDuByFlux,
  settledAmount,
  structureBalance,
  toCents,
  type OverdueRow,
  type ReceivableFlux,
} from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { testDatabaseTargets } from '../support/databases';
import { loginAs } from '../support/test-app';
import { closeGraphqlContext, openGraphqlContext, type GraphqlContext } from '../graphql/graphql-context';

/**
 * R-BAL-01..03: what a structure owes reads the same on every screen. The search summary's
 * SQL (db/reste-du-sql.ts) equals the domain rule flux by flux on a history written through
 * the tables the product writes (bank parts, undone reconciliations, avoirs, relaunches,
 * returns); then, for up to 20 structures of every type, the search summary, the relevé's
 * closing balance, Impayés' 'Reste dû' and the rule give the same figure to the cent.
 */
const TODAY = parisToday();
const SUMS = (ids: number[]) =>
  `query { ${ids
    .map(
      (id) =>
        `f${id}: MKP_FluxFinancier_aggregate(where: { id: { _eq: ${id} } }) { aggregate { sum { ResteDu MontantRegle } } }`,
    )
    .join('\n')} }`;
const STRUCTURE_SUM = `query Sum($where: MKP_FluxFinancier_bool_exp!) {
  all: MKP_FluxFinancier_aggregate(where: $where) { aggregate { count sum { ResteDu } } }
}`;
type Sum = { aggregate: { sum: { ResteDu: number | string | null; MontantRegle?: number | string | null } } };

/** Every flux of a structure as the rule reads it, settled ones and their parts included. */
async function receivableFluxOf(database: Database, structureId: number): Promise<ReceivableFlux[]> {
  const rows = await database.query<{
    id: number;
    createdAt: Date | string;
    isDebit: boolean;
    ttc: string;
    settled: boolean;
    settledOn: string | null;
    relaunchedBy: number | null;
    relaunchedAt: Date | string | null;
    creditFor: number | null;
  }>(
    `SELECT f.id, f."Z_DateCreation" AS "createdAt", f."EST_Debit" AS "isDebit", f."MontantTTC"::text AS ttc,
        f."EST_Reglement" AS settled, f."DateReglement"::text AS "settledOn", f."ID_FluxFinancierRelance" AS "relaunchedBy",
        (SELECT rl."Z_DateCreation" FROM "MKP_FluxFinancier" rl WHERE rl.id = f."ID_FluxFinancierRelance") AS "relaunchedAt",
        f."ID_FluxFinancierDebit" AS "creditFor"
       FROM "MKP_FluxFinancier" f WHERE f."ID_Structure" = $1`,
    [structureId],
  );
  const parts = await database.query<{ fluxId: number; cents: string; day: string }>(
    `SELECT rf."ID_FluxFinancier" AS "fluxId", (rf."Montant" * 100)::bigint::text AS cents, e."DateComptable"::text AS day
       FROM "BQE_RapprochementFlux" rf
       JOIN "BQE_Rapprochement" ra ON ra.id = rf."ID_Rapprochement" AND ra."DateAnnulation" IS NULL
       JOIN "BQE_EcritureBancaire" e ON e.id = ra."ID_EcritureBancaire"
       JOIN "MKP_FluxFinancier" f ON f.id = rf."ID_FluxFinancier" WHERE f."ID_Structure" = $1`,
    [structureId],
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.createdAt),
    isDebit: row.isDebit,
    amountTTC: toCents(row.ttc),
    settled: row.settled,
    settledOn: row.settledOn,
    relaunchedBy: row.relaunchedBy,
    relaunchedAt: row.relaunchedAt === null ? null : new Date(row.relaunchedAt),
    creditFor: row.creditFor,
    settledParts: parts
      .filter((part) => part.fluxId === row.id)
      .map((part) => ({ amount: Number(part.cents), day: part.day })),
  }));
}

/** A seeded generator (mulberry32): the history reproduces. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe.each(testDatabaseTargets())('one balance for a structure (R-BAL-01..03) on $name', (target) => {
  let context: GraphqlContext;
  let siegeToken: string;
  let historyStructure: number;
  const written: number[] = [];
  const waitingRelaunches: WaitingRelaunch[] = [];

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    siegeToken = await loginAs(context.app, 'siege@demo.fr');
    historyStructure = context.otherClubId;
    await writeHistory(context.database, historyStructure, written, waitingRelaunches);
  });
  afterAll(async () => {
    await closeGraphqlContext(context);
  });

  it('R-BAL-01, R-BAL-02: the search summary’s SQL gives each flux the reste dû and the settled amount of the domain rule', async () => {
    const flux = await receivableFluxOf(context.database, historyStructure);
    const rule = resteDuByFlux(flux, TODAY);
    const ids = flux.map((item) => item.id);
    expect(written.length).toBeGreaterThan(40);
    const sums: Record<string, Sum> = {};
    // At most 100 root fields per request.
    for (let at = 0; at < ids.length; at += 90) {
      const response = await context.siege<Record<string, Sum>>(SUMS(ids.slice(at, at + 90)));
      expect(response.errors, response.raw).toBeUndefined();
      Object.assign(sums, response.data);
    }
    let withParts = 0;
    let allocated = 0;
    for (const item of flux) {
      const sum = sums[`f${item.id}`]!.aggregate.sum;
      expect(toCents(String(sum.ResteDu ?? 0)), `flux ${item.id}`).toBe(rule.get(item.id));
      expect(toCents(String(sum.MontantRegle ?? 0)), `flux ${item.id}`).toBe(settledAmount(item, TODAY));
      if (item.settledParts.length > 0) withParts++;
      if (!item.isDebit && item.creditFor !== null && rule.get(item.id)! > -item.amountTTC && !item.settled)
        allocated++;
    }
    // The history exercised what the rule subtracts.
    expect(withParts).toBeGreaterThan(3);
    expect(allocated).toBeGreaterThan(0);
  });

  it('R-BAL-01: a relaunched debit is owed until its replacement’s creation day, on the relevé as in the rule', async () => {
    const flux = await receivableFluxOf(context.database, historyStructure);
    expect(waitingRelaunches.length).toBeGreaterThan(0);
    // The last one waits today (its replacement dated a month on); a few from the history too.
    for (const { debit, midDay } of [...waitingRelaunches.slice(-1), ...waitingRelaunches.slice(0, 5)]) {
      const owedThen = resteDuByFlux(flux, midDay).get(debit)!;
      expect(owedThen, `flux ${debit} le ${midDay}`).toBeGreaterThan(0);
      if (midDay < TODAY) expect(resteDuByFlux(flux, TODAY).get(debit), `flux ${debit} today`).toBe(0);
      const statement = await context.app.inject({
        method: 'GET',
        url: `/api/structures/${historyStructure}/releve-de-compte?du=${addCalendarDays(midDay, -40)}&au=${midDay}`,
        headers: { authorization: `Bearer ${siegeToken}` },
      });
      expect(statement.statusCode, statement.body).toBe(200);
      expect(statement.json<{ closingBalance: number }>().closingBalance, `relevé au ${midDay}`).toBe(
        structureBalance(flux, midDay),
      );
    }
  });

  it('R-BAL-01: for up to 20 structures of every type, the search summary, the relevé, Impayés and the rule agree to the cent', async () => {
    const impayes = await context.app.inject({
      method: 'GET',
      url: '/api/impayes',
      headers: { authorization: `Bearer ${siegeToken}` },
    });
    expect(impayes.statusCode, impayes.body).toBe(200);
    const rows = new Map(impayes.json<{ rows: OverdueRow[] }>().rows.map((row) => [row.structure.id, row]));
    const structures = await context.database.query<{ id: number; type: number }>(
      `SELECT id, type FROM (
         SELECT s.id, s."ID_TypeStructure" AS type, row_number() OVER (PARTITION BY s."ID_TypeStructure" ORDER BY s.id) AS n
           FROM "STR_Structure" s WHERE EXISTS (SELECT 1 FROM "MKP_FluxFinancier" f WHERE f."ID_Structure" = s.id)) x
        WHERE n <= 20 OR id = $1 ORDER BY id`,
      [historyStructure],
    );
    expect(new Set(structures.map((s) => s.type)).size).toBeGreaterThanOrEqual(3);
    let inImpayes = 0;
    for (const { id } of structures) {
      const rule = structureBalance(await receivableFluxOf(context.database, id), TODAY);
      const summary = await context.siege<{ all: Sum }>(STRUCTURE_SUM, { where: { ID_Structure: { _eq: id } } });
      expect(summary.errors, summary.raw).toBeUndefined();
      expect(toCents(String(summary.data!.all.aggregate.sum.ResteDu ?? 0)), `structure ${id}: summary`).toBe(rule);
      const statement = await context.app.inject({
        method: 'GET',
        url: `/api/structures/${id}/releve-de-compte?du=${addCalendarDays(TODAY, -365)}&au=${TODAY}`,
        headers: { authorization: `Bearer ${siegeToken}` },
      });
      expect(statement.statusCode, statement.body).toBe(200);
      expect(statement.json<{ closingBalance: number }>().closingBalance, `structure ${id}: relevé`).toBe(rule);
      const row = rows.get(id);
      if (row) {
        inImpayes++;
        expect(row.resteDu, `structure ${id}: Impayés`).toBe(rule);
      }
    }
    expect(inImpayes).toBeGreaterThan(0);
  });
});

/** A debit relaunched by a replacement dated a month later, and a day in between. */
interface WaitingRelaunch {
  debit: number;
  midDay: string;
}

/**
 * A random history for one structure, written as the product writes it: invoices, avoirs
 * naming an invoice, refunds, bank parts (statement, entry, reconciliation), reconciliations
 * undone, settlements marked by hand, returns clearing the paid flag, relaunches.
 */
async function writeHistory(
  database: Database,
  structureId: number,
  written: number[],
  waitingRelaunches: WaitingRelaunch[],
): Promise<void> {
  const random = seeded(3_800);
  const [season] = await database.query<{ id: number }>(`SELECT id FROM "FEDE_Saison" ORDER BY id DESC LIMIT 1`);
  const [user] = await database.query<{ id: number }>(`SELECT id FROM "UTI_Utilisateur" ORDER BY id LIMIT 1`);
  const [headOffice] = await database.query<{ id: number }>(
    `SELECT id FROM "STR_Structure" WHERE "ID_TypeStructure" = (SELECT min("ID_TypeStructure") FROM "STR_Structure") ORDER BY id LIMIT 1`,
  );
  const [statement] = await database.query<{ id: number }>(
    `INSERT INTO "BQE_ReleveBancaire" ("ID_Structure", "Compte", "Identifiant", "Format", "Devise", "DateDebut", "DateFin",
        "SoldeOuverture", "SoldeCloture", "NomFichier")
     VALUES ($1, 'FR7630001007941234567890185', 'HISTOIRE-R-BAL', 'camt.053', 'EUR', '2025-01-01', $2, 0, 0, 'histoire.xml') RETURNING id`,
    [headOffice!.id, TODAY],
  );
  const start = Date.parse(`${addCalendarDays(TODAY, -500)}T09:00:00Z`);
  const open: Array<{ id: number; cents: number; paid: number }> = [];
  const partsOf = new Map<number, number[]>();
  let rank = 0;
  const insert = async (at: Date, isDebit: boolean, cents: number, creditFor: number | null) => {
    const [row] = await database.query<{ id: number }>(
      `INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "Z_DateCreation", "MontantHT", "MontantTVA", "MontantTTC",
         "EST_Debit", "ID_CategoryFlux", "ID_Saison", "ID_Structure", "DateEcheance", "ID_FluxFinancierDebit")
       VALUES ('Histoire R-BAL', $1, $2, 0, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        at,
        (cents / 100).toFixed(2),
        isDebit,
        isDebit ? 4 : 6,
        season!.id,
        structureId,
        addCalendarDays(at.toISOString().slice(0, 10), 30),
        creditFor,
      ],
    );
    written.push(row!.id);
    return row!.id;
  };
  for (let n = 0; n < 120; n++) {
    const at = new Date(start + n * 4 * 86_400_000);
    const day = at.toISOString().slice(0, 10);
    const draw = random();
    const pick = () => open[Math.floor(random() * open.length)]!;
    if (draw < 0.35 || open.length === 0) {
      const cents = 1_000 + Math.floor(random() * 300_000);
      open.push({ id: await insert(at, true, cents, null), cents, paid: 0 });
    } else if (draw < 0.45) {
      await insert(at, false, 500 + Math.floor(random() * 100_000), pick().id);
    } else if (draw < 0.5) {
      await insert(at, false, 500 + Math.floor(random() * 100_000), null);
    } else if (draw < 0.7) {
      const target = pick();
      const due = target.cents - target.paid;
      const cents = random() < 0.4 ? due : 1 + Math.floor(random() * due);
      const [entry] = await database.query<{ id: number }>(
        `INSERT INTO "BQE_EcritureBancaire" ("ID_ReleveBancaire", "Rang", "Reference", "DateComptable", "Montant", "Sens",
           "InfosRemise", "EndToEndIds") VALUES ($1, $2, $3, $4, $5, 'credit', '{}', '{}') RETURNING id`,
        [statement!.id, ++rank, `R-BAL-${rank}`, day, (cents / 100).toFixed(2)],
      );
      const [reconciliation] = await database.query<{ id: number }>(
        `INSERT INTO "BQE_Rapprochement" ("ID_EcritureBancaire", "ID_Utilisateur") VALUES ($1, $2) RETURNING id`,
        [entry!.id, user!.id],
      );
      const settles = cents === due;
      await database.query(
        `INSERT INTO "BQE_RapprochementFlux" ("ID_Rapprochement", "ID_FluxFinancier", "Montant", "EST_Regle") VALUES ($1, $2, $3, $4)`,
        [reconciliation!.id, target.id, (cents / 100).toFixed(2), settles],
      );
      partsOf.set(target.id, [...(partsOf.get(target.id) ?? []), reconciliation!.id]);
      target.paid += cents;
      if (settles) {
        await database.query(
          `UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true, "DateReglement" = $2 WHERE id = $1`,
          [target.id, day],
        );
        open.splice(open.indexOf(target), 1);
      }
    } else if (draw < 0.78) {
      const target = pick();
      await database.query(
        `UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true, "DateReglement" = $2 WHERE id = $1`,
        [target.id, day],
      );
      open.splice(open.indexOf(target), 1);
    } else if (draw < 0.86) {
      // A relaunch: a new debit carries on what the parts left, often dated a month later
      // (the product dates it so), the relaunched debit owed until then.
      const target = pick();
      const cents = target.cents - target.paid;
      const monthLater = new Date(at.getTime() + 30 * 86_400_000);
      const later = random() < 0.6 && addCalendarDays(monthLater.toISOString().slice(0, 10), 2) < TODAY;
      const relaunch = await insert(later ? monthLater : at, true, cents, null);
      if (later) waitingRelaunches.push({ debit: target.id, midDay: addCalendarDays(day, 15) });
      await database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierRelance" = $2 WHERE id = $1`, [
        target.id,
        relaunch,
      ]);
      open.splice(open.indexOf(target), 1, { id: relaunch, cents, paid: 0 });
    } else if (draw < 0.93) {
      // A reconciliation undone: its part no longer counts.
      const target = open.find((item) => (partsOf.get(item.id)?.length ?? 0) > 0);
      if (!target) continue;
      const reconciliation = partsOf.get(target.id)!.pop()!;
      await database.query(
        `UPDATE "BQE_Rapprochement" SET "DateAnnulation" = $2, "ID_UtilisateurAnnulation" = $3 WHERE id = $1`,
        [reconciliation, at, user!.id],
      );
      const [part] = await database.query<{ cents: string }>(
        `SELECT ("Montant" * 100)::bigint::text AS cents FROM "BQE_RapprochementFlux" WHERE "ID_Rapprochement" = $1`,
        [reconciliation],
      );
      target.paid -= Number(part!.cents);
    } else {
      // A credit paid out to the structure.
      await database.query(
        `UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true, "DateReglement" = $2
          WHERE id = (SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND NOT "EST_Debit" AND NOT "EST_Reglement"
                       AND "NomFluxFinancier" = 'Histoire R-BAL' ORDER BY id LIMIT 1)`,
        [structureId, day],
      );
    }
  }
  // Relaunched this week, its replacement dated a month on: today the debit is still owed.
  const target = open.find((item) => item.paid < item.cents)!;
  const [replacement] = await database.query<{ id: number }>(
    `INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "Z_DateCreation", "MontantHT", "MontantTVA", "MontantTTC",
       "EST_Debit", "ID_CategoryFlux", "ID_Saison", "ID_Structure", "DateEcheance")
     SELECT 'Histoire R-BAL', $2::timestamptz, "MontantTTC", 0, "MontantTTC", true, 4, "ID_Saison", "ID_Structure", $3
       FROM "MKP_FluxFinancier" WHERE id = $1 RETURNING id`,
    [target.id, `${addCalendarDays(TODAY, 27)}T09:00:00Z`, addCalendarDays(TODAY, 57)],
  );
  await database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierRelance" = $2 WHERE id = $1`, [
    target.id,
    replacement!.id,
  ]);
  written.push(replacement!.id);
  waitingRelaunches.push({ debit: target.id, midDay: TODAY });
}
