import { addCalendarDays, parisToday } from '@gdf/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { createStatisticsService } from '../../../src/modules/statistics/statistics.service';
import { testDatabaseTargets } from '../support/databases';
import { loginAs } from '../support/test-app';
import { closeGraphqlContext, openGraphqlContext, type GraphqlContext } from '../graphql/graphql-context';
import { aggregateRows, expectFiguresEqualSearch, readStatistics } from './statistics-drill';

/**
 * R-STAT-07, R-STAT-08 over random histories written as the product writes them (debits,
 * avoirs, refunds, bank parts and their undoing, settlements by hand, bank returns, relaunches):
 * after each history, every statistic equals the flux search's summary with the same filters to
 * the cent, and the aggregates the triggers kept equal those rebuilt from scratch.
 */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('debit' as const),
    cents: fc.integer({ min: 1, max: 500_000 }),
    age: fc.nat(80),
    category: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({ kind: fc.constant('avoir' as const), cents: fc.integer({ min: 1, max: 200_000 }), pick: fc.nat() }),
  fc.record({ kind: fc.constant('refund' as const), cents: fc.integer({ min: 1, max: 100_000 }), age: fc.nat(80) }),
  fc.record({
    kind: fc.constant('part' as const),
    share: fc.double({ min: 0.01, max: 1.2, noNaN: true }),
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(), delay: fc.nat(40) }),
  fc.record({
    kind: fc.constant('return' as const),
    pick: fc.nat(),
    code: fc.constantFrom('AM04', 'MD06', 'AC01', null),
  }),
  fc.record({ kind: fc.constant('relaunch' as const), pick: fc.nat(), later: fc.boolean() }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

interface History {
  database: Database;
  structureId: number;
  season: number;
  seasonStart: string;
  user: number;
  statement: number;
  importId: number;
  debits: Array<{ id: number; cents: number }>;
  reconciliations: number[];
  rank: number;
}

const TODAY = parisToday();
const at = (history: History, age: number) => {
  const day = addCalendarDays(TODAY, -age);
  return `${day < history.seasonStart ? history.seasonStart : day}T10:00:00Z`;
};
const euros = (cents: number) => (cents / 100).toFixed(2);

async function insertFlux(
  history: History,
  when: string,
  isDebit: boolean,
  cents: number,
  category: number,
  creditFor: number | null,
) {
  const [row] = await history.database.query<{ id: number }>(
    `INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "Z_DateCreation", "MontantHT", "MontantTVA", "MontantTTC",
       "EST_Debit", "ID_CategoryFlux", "ID_Saison", "ID_Structure", "ID_FluxFinancierDebit")
     VALUES ('Histoire R-STAT', $1, $2, 0, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [when, euros(cents), isDebit, category, history.season, history.structureId, creditFor],
  );
  return row!.id;
}

async function bankPart(history: History, debit: { id: number; cents: number }, cents: number) {
  const { database } = history;
  const [entry] = await database.query<{ id: number }>(
    `INSERT INTO "BQE_EcritureBancaire" ("ID_ReleveBancaire", "Rang", "Reference", "DateComptable", "Montant", "Sens",
       "InfosRemise", "EndToEndIds") VALUES ($1, $2, $3, $4, $5, 'credit', '{}', '{}') RETURNING id`,
    [history.statement, ++history.rank, `R-STAT-${history.rank}`, TODAY, euros(cents)],
  );
  const [reconciliation] = await database.query<{ id: number }>(
    `INSERT INTO "BQE_Rapprochement" ("ID_EcritureBancaire", "ID_Utilisateur") VALUES ($1, $2) RETURNING id`,
    [entry!.id, history.user],
  );
  await database.query(
    `INSERT INTO "BQE_RapprochementFlux" ("ID_Rapprochement", "ID_FluxFinancier", "Montant", "EST_Regle") VALUES ($1, $2, $3, false)`,
    [reconciliation!.id, debit.id, euros(cents)],
  );
  history.reconciliations.push(reconciliation!.id);
}

async function apply(history: History, item: Step): Promise<void> {
  const { database } = history;
  const pick = (n: number) => history.debits[n % history.debits.length]!;
  if (item.kind === 'debit') {
    const id = await insertFlux(history, at(history, item.age), true, item.cents, item.category, null);
    history.debits.push({ id, cents: item.cents });
  } else if (item.kind === 'refund') await insertFlux(history, at(history, item.age), false, item.cents, 6, null);
  else if (history.debits.length === 0) return;
  else if (item.kind === 'avoir') await insertFlux(history, at(history, 0), false, item.cents, 4, pick(item.pick).id);
  else if (item.kind === 'part') {
    const debit = pick(item.pick);
    await bankPart(history, debit, Math.max(1, Math.round(debit.cents * item.share)));
  } else if (item.kind === 'undo') {
    const reconciliation = history.reconciliations.splice(
      item.pick % Math.max(1, history.reconciliations.length),
      1,
    )[0];
    if (reconciliation !== undefined)
      await database.query(
        `UPDATE "BQE_Rapprochement" SET "DateAnnulation" = now(), "ID_UtilisateurAnnulation" = $2 WHERE id = $1`,
        [reconciliation, history.user],
      );
  } else if (item.kind === 'settle') {
    await database.query(
      `UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true,
          "DateReglement" = LEAST(("Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date + $3::int, $2::date)
        WHERE id = $1`,
      [pick(item.pick).id, TODAY, item.delay],
    );
  } else if (item.kind === 'return') {
    await database.query(
      `INSERT INTO "MKP_RetourPrelevement" ("ID_FluxFinancier", "ID_ImportRetour", "TypeRetour", "CodeRaison", "DateRetour", "EndToEndId")
       VALUES ($1, $2, 'rejet', $3, $4, $5) ON CONFLICT DO NOTHING`,
      [pick(item.pick).id, history.importId, item.code, TODAY, `E2E-${pick(item.pick).id}`],
    );
    await database.query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = false WHERE id = $1`, [pick(item.pick).id]);
  } else {
    const debit = pick(item.pick);
    const [original] = await database.query<{ relaunched: number | null }>(
      `SELECT "ID_FluxFinancierRelance" AS relaunched FROM "MKP_FluxFinancier" WHERE id = $1`,
      [debit.id],
    );
    if (original!.relaunched !== null) return;
    const when = item.later ? `${addCalendarDays(TODAY, 30)}T10:00:00Z` : at(history, 0);
    const copy = await insertFlux(history, when, true, debit.cents, 5, null);
    await database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierRelance" = $2 WHERE id = $1`, [
      debit.id,
      copy,
    ]);
    history.debits.push({ id: copy, cents: debit.cents });
  }
}

async function startHistory(context: GraphqlContext): Promise<History> {
  const { database } = context;
  const [season] = await database.query<{ id: number; start: string }>(
    `SELECT id, "DateDebut"::text AS start FROM "FEDE_Saison" WHERE "EST_SaisonCourante" ORDER BY id DESC LIMIT 1`,
  );
  const [user] = await database.query<{ id: number }>(`SELECT id FROM "UTI_Utilisateur" ORDER BY id LIMIT 1`);
  const [statement] = await database.query<{ id: number }>(
    `INSERT INTO "BQE_ReleveBancaire" ("ID_Structure", "Compte", "Identifiant", "Format", "Devise", "DateDebut", "DateFin",
        "SoldeOuverture", "SoldeCloture", "NomFichier")
     VALUES (1318, 'FR7630001007941234567890185', 'HISTOIRE-R-STAT', 'camt.053', 'EUR', '2025-01-01', $1, 0, 0, 'stat.xml') RETURNING id`,
    [TODAY],
  );
  const [imported] = await database.query<{ id: number }>(
    `INSERT INTO "MKP_ImportRetour" ("Sha256", "NomFichier", "Format") VALUES ('r-stat', 'retour.xml', 'camt.054') RETURNING id`,
  );
  return {
    database,
    structureId: context.otherClubId,
    season: season!.id,
    seasonStart: season!.start,
    user: user!.id,
    statement: statement!.id,
    importId: imported!.id,
    debits: [],
    reconciliations: [],
    rank: 0,
  };
}

describe.each(testDatabaseTargets())('statistics over random histories (R-STAT-07, R-STAT-08) on $name', (target) => {
  let context: GraphqlContext;
  let siege: string;
  let history: History;

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    siege = await loginAs(context.app, 'siege@demo.fr');
    history = await startHistory(context);
  });
  afterAll(async () => {
    await closeGraphqlContext(context);
  });

  it('R-STAT-07, R-STAT-08: every statistic equals the search with the same filters, and rebuilt aggregates equal the kept ones', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
        fc.nat(60),
        async (steps, category, age) => {
          for (const item of steps) await apply(history, item);
          const debut = addCalendarDays(TODAY, -age);
          const period = debut >= history.seasonStart ? `&debut=${debut}` : '';
          const query = `structureId=1318${category ? `&categorie=${category}` : ''}${period}`;
          const figures = await readStatistics(context.app, siege, query);
          compared += await expectFiguresEqualSearch(
            { app: context.app, token: siege, client: context.siege },
            figures,
          );
          const kept = await aggregateRows(context.database);
          await createStatisticsService(context.database).rebuild();
          expect(await aggregateRows(context.database)).toEqual(kept);
        },
      ),
      { numRuns: 12, seed: 4_500 },
    );
    expect(compared).toBeGreaterThan(30);
    expect(history.debits.length).toBeGreaterThan(5);
  });
});
