import { invoiceNumber, parisToday, type OverdueRow, type StructureSituation } from '@gdf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { loginAs } from '../support/test-app';
import { insertFlux, structureOf } from './document-fixtures';
import { useDocumentSuite } from './document-suite';

const NOT_REMINDING =
  'Les impayés sont suivis par le siège, les ligues et les comités : votre structure n’y a pas accès.';

/**
 * 'Situation de la structure': one structure's page, within the flux search's scope, its
 * balance the Impayés 'Reste dû' and the relevé's closing balance at today, its actions those
 * the caller's grants allow.
 */
describe.each(testDatabaseTargets())('Situation de la structure on $name', (target) => {
  const suite = useDocumentSuite(target);
  let superToken: string;
  let ligueToken: string;
  let ligueId: number;
  const situationOf = async (id: number, token: string) => {
    const response = await suite.get(`/api/structures/${id}/situation`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StructureSituation>();
  };

  beforeAll(async () => {
    // The head office's administrator keeps reading but may not issue reminder letters; the
    // super administrator holds every grant. Set before any request loads the actors.
    await suite.database.query(
      `UPDATE "FEDE_RoleModule" SET "EST_Acces" = false
        WHERE "Action" = 'lettre_relance' AND "SlugModule" = 'gestion_des_finances__flux_financiers'
          AND "ID_Role" = (SELECT id FROM "FEDE_Role" WHERE "SlugRole" = 'administrateur_si')`,
    );
    superToken = await loginAs(suite.app, 'super.admin@demo.fr');
    ligueToken = await loginAs(suite.app, 'ligue@demo.fr');
    ligueId = await structureOf(suite.database, 'ligue@demo.fr');
  });

  it('the balance is the Impayés reste dû and the relevé’s closing balance at today, for structures of every type', async () => {
    const late = await insertFlux(suite.database, {
      name: 'Licences en retard',
      categoryId: 4,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '321.09',
      createdAt: '2024-02-05T10:00:00Z',
      dueDate: '2024-02-20',
    });
    const impayes = await suite.get('/api/impayes', suite.siegeToken);
    expect(impayes.statusCode, impayes.body).toBe(200);
    const rows = impayes.json<{ asOf: string; rows: OverdueRow[] }>().rows;
    const listed = new Map(rows.map((row) => [row.structure.id, row]));
    // Structures Impayés lists, the club, the ligue, and some that owe nothing overdue.
    const others = await suite.database.query<{ id: number }>(
      `SELECT s.id FROM "STR_Structure" s WHERE s."ID_Federation" = 1318 OR s.id = 1318
        ORDER BY s."ID_TypeStructure" DESC, s.id LIMIT 6`,
    );
    const ids = [
      ...new Set([
        suite.clubStructureId,
        ligueId,
        ...rows.slice(0, 8).map((row) => row.structure.id),
        ...others.map((row) => row.id),
      ]),
    ];
    expect(ids.length).toBeGreaterThanOrEqual(10);
    const today = parisToday();
    let compared = 0;
    const types = new Set<number>();
    for (const id of ids) {
      const page = await situationOf(id, suite.siegeToken);
      types.add(page.structure.typeId);
      expect(page.asOf).toBe(today);
      const row = listed.get(id);
      if (row) {
        expect(page.balance).toBe(row.resteDu);
        expect(page.ageing.total).toBe(row.total);
        expect(page.ageing.buckets['90+'].amount).toBe(row.buckets['90+']);
        compared++;
      } else expect(page.ageing.total).toBe(0);
      const statement = await suite.get(
        `/api/structures/${id}/releve-de-compte?du=${Number(today.slice(0, 4)) - 4}-01-01&au=${today}&format=json`,
        suite.siegeToken,
      );
      expect(statement.statusCode, statement.body).toBe(200);
      expect(page.balance).toBe(statement.json<{ closingBalance: number }>().closingBalance);
      // Every open flux listed, overdue or not, adds up to the balance with the credits.
      expect(page.ageing.total + page.ageing.notDue + page.ageing.credits).toBe(page.balance);
      if (page.openFluxCount === page.openFlux.length)
        expect(page.openFlux.reduce((sum, item) => sum + item.resteDu, 0)).toBe(page.balance);
    }
    expect(compared).toBeGreaterThanOrEqual(3);
    expect(types.size).toBeGreaterThanOrEqual(2);

    const club = await situationOf(suite.clubStructureId, suite.siegeToken);
    const item = club.openFlux.find((flux) => flux.fluxId === late);
    expect(item).toMatchObject({
      invoiceNumber: invoiceNumber(suite.seasonId, late),
      label: 'Licences en retard',
      dueDate: '2024-02-20',
      amount: 32_109,
      resteDu: 32_109,
      status: 'impaye',
    });
    expect(item!.daysLate).toBeGreaterThan(90);
  });

  it('a club reads its own page only: another structure is not found', async () => {
    const own = await situationOf(suite.clubStructureId, suite.clubToken);
    expect(own.structure.id).toBe(suite.clubStructureId);
    expect(own.structure.name.length).toBeGreaterThan(0);
    const [other] = await suite.database.query<{ id: number }>(
      `SELECT id FROM "STR_Structure" WHERE id NOT IN ($1, 1318) AND "ID_TypeStructure" = 1 ORDER BY id LIMIT 1`,
      [suite.clubStructureId],
    );
    for (const id of [other!.id, 1318, ligueId, 2_000_000_000]) {
      const response = await suite.get(`/api/structures/${id}/situation`, suite.clubToken);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('Structure introuvable');
    }
    expect((await suite.get('/api/structures/abc/situation', suite.clubToken)).statusCode).toBe(400);
    expect((await suite.get(`/api/structures/${suite.clubStructureId}/situation`)).statusCode).toBe(401);
  });

  it('the head office reads its structures’ pages; a ligue, its own page, and no other structure (the search’s scope)', async () => {
    expect((await situationOf(suite.clubStructureId, suite.siegeToken)).structure.id).toBe(suite.clubStructureId);
    expect((await situationOf(ligueId, suite.siegeToken)).structure.id).toBe(ligueId);
    expect((await situationOf(ligueId, ligueToken)).structure.id).toBe(ligueId);
    const refused = await suite.get(`/api/structures/${suite.clubStructureId}/situation`, ligueToken);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe('Structure introuvable');
  });

  it('the grants decide the actions, with the reasons their own routes give', async () => {
    const asSuper = await situationOf(suite.clubStructureId, superToken);
    expect(asSuper.overdueRow).not.toBeNull();
    expect(asSuper.actions).toEqual({
      accountStatement: { allowed: true, reason: null },
      documentPack: { allowed: true, reason: null },
      reminder: { allowed: true, reason: null },
      reminderDownload: { allowed: true, reason: null },
    });
    // The row is the one Impayés shows, so a letter from the page follows the same last letter.
    const listed = (await suite.get('/api/impayes', superToken)).json<{ rows: OverdueRow[] }>().rows;
    expect(asSuper.overdueRow).toEqual(listed.find((row) => row.structure.id === suite.clubStructureId));

    // Without the letter grant: refused with the words the letter's route uses.
    const asSiege = await situationOf(suite.clubStructureId, suite.siegeToken);
    expect(asSiege.actions.reminder).toEqual({
      allowed: false,
      reason: "Vous n'avez pas le droit d'émettre une lettre de relance.",
    });
    const letter = await suite.app.inject({
      method: 'POST',
      url: '/api/impayes/relances',
      headers: { authorization: `Bearer ${suite.siegeToken}` },
      payload: { structureIds: [suite.clubStructureId], level: 1 },
    });
    expect(letter.statusCode).toBe(403);
    expect(letter.json<{ message: string }>().message).toBe(asSiege.actions.reminder.reason);
    expect(asSiege.actions.accountStatement.allowed).toBe(true);
    expect(asSiege.actions.reminderDownload.allowed).toBe(true);

    const asClub = await situationOf(suite.clubStructureId, suite.clubToken);
    expect(asClub.actions.reminder).toEqual({ allowed: false, reason: NOT_REMINDING });
    expect(asClub.actions.reminderDownload).toEqual({ allowed: false, reason: NOT_REMINDING });
    expect(asClub.actions.accountStatement.allowed).toBe(true);
    expect(asClub.actions.documentPack.allowed).toBe(true);

    // A ligue holds the grant but never writes to itself.
    const own = await situationOf(ligueId, ligueToken);
    expect(own.actions.reminder.allowed).toBe(false);
    expect(own.actions.reminder.reason).toBe(
      'Votre structure ne peut pas s’adresser une relance à elle-même : retirez-la de la sélection.',
    );
  });

  it('lists the reminders sent, the statements issued, returns, relaunches, settlements and the mandate status', async () => {
    const issued = await suite.app.inject({
      method: 'POST',
      url: '/api/impayes/relances',
      headers: { authorization: `Bearer ${superToken}` },
      payload: { structureIds: [suite.clubStructureId], level: 1 },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const statement = await suite.get(
      `/api/structures/${suite.clubStructureId}/releve-de-compte?format=pdf&saison=${suite.seasonId}`,
      superToken,
    );
    expect(statement.statusCode, statement.body).toBe(200);
    const settled = await insertFlux(suite.database, {
      name: 'Réglée par virement',
      categoryId: 4,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '10',
      createdAt: '2099-01-01T10:00:00Z',
    });
    await suite.database.query(
      `UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true, "DateReglement" = '2099-01-02' WHERE id = $1`,
      [settled],
    );

    const page = await situationOf(suite.clubStructureId, superToken);
    const letter = issued.json<{ relances: Array<{ id: number; total: number }> }>().relances[0]!;
    expect(page.reminders[0]).toMatchObject({ id: letter.id, level: 1, total: letter.total, date: parisToday() });
    expect(page.reminders[0]!.fluxCount).toBeGreaterThan(0);
    expect(page.statements[0]!.number).toBe(statement.headers['x-releve-numero']);
    expect(page.settled[0]).toMatchObject({ fluxId: settled, settledOn: '2099-01-02', amount: 1_000 });
    expect(page.settled.length).toBeLessThanOrEqual(20);

    const [returns] = await suite.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MKP_RetourPrelevement" r JOIN "MKP_FluxFinancier" f ON f.id = r."ID_FluxFinancier"
        WHERE f."ID_Structure" = $1`,
      [suite.clubStructureId],
    );
    expect(page.returns.length).toBe(Math.min(returns!.n, 20));
    for (const item of page.returns) expect(item.reason.length).toBeGreaterThan(0);
    const [relaunched] = await suite.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "ID_FluxFinancierRelance" IS NOT NULL`,
      [suite.clubStructureId],
    );
    expect(page.relaunches.length).toBe(Math.min(relaunched!.n, 20));

    const ribs = await suite.get(`/api/structure_ribs/structure/${suite.clubStructureId}`, superToken);
    expect(page.bank.ribs).toEqual(ribs.json());
    expect(page.bank.mandateLabel.length).toBeGreaterThan(0);
    await suite.database.query(`UPDATE "STR_StructureRib" SET "MandatRUM" = NULL WHERE "ID_Structure" = $1`, [
      suite.clubStructureId,
    ]);
    const noMandate = await situationOf(suite.clubStructureId, superToken);
    if (noMandate.bank.ribs.length > 0) {
      expect(noMandate.bank.mandateProblem).not.toBeNull();
      expect(noMandate.bank.mandateLabel).not.toBe('Prélèvement possible : RIB et mandat complets');
    } else expect(noMandate.bank.mandateProblem).toBe('sans_rib');
  });
});
