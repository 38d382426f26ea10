import { ModuleSlug, relaunchDate } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaunchFlux } from '../../../src/modules/flux/flux-relaunch.service';
import type { RequestScope } from '../../../src/modules/scope/scope';
import { DEMO_SEPA_ICS } from '../../../src/modules/exports-sepa/sepa-settings';
import { testDatabaseTargets } from '../support/databases';
import { closeGraphqlContext, openGraphqlContext, sqlIds, type GraphqlContext } from './graphql-context';
import { reportRobustness } from '../support/robustness-report';

const ISSUANCE = { creditorIdentifier: DEMO_SEPA_ICS };

/** R-FLUX-05 (relaunch) and R-FLUX-06 (one flux per original, audited, atomic). */
const RELAUNCH = `mutation($id: Int!) { relaunch_MKP_FluxFinancier(id: $id) {
  id NomFluxFinancier Z_DateCreation EST_Reglement EST_Debit ID_CategoryFlux ID_Structure ID_Utilisateur ID_Saison MontantTTC MontantHT
  MKP_FluxFinancierDetail { NomFluxFinancierDetail MontantTTC Quantite }
} }`;

interface FluxRow {
  id: number;
  NomFluxFinancier: string;
  ID_Structure: number;
  ID_Utilisateur: number | null;
  ID_Saison: number;
  ID_CategoryFlux: number;
  EST_Debit: boolean;
  MontantTTC: string;
  MontantHT: string;
  ID_FluxFinancierRelance: number | null;
}

describe.each(testDatabaseTargets())('flux mutations and relaunch on $name', (target) => {
  let context: GraphqlContext;
  let unpaidDebits: number[];

  const flux = async (id: number) =>
    (
      await context.database.query<FluxRow>(
        `SELECT id, "NomFluxFinancier", "ID_Structure", "ID_Utilisateur", "ID_Saison", "ID_CategoryFlux", "EST_Debit",
              "MontantTTC"::text AS "MontantTTC", "MontantHT"::text AS "MontantHT", "ID_FluxFinancierRelance"
         FROM "MKP_FluxFinancier" WHERE id = $1`,
        [id],
      )
    )[0] as FluxRow;
  const count = async (text: string, params: unknown[] = []) =>
    (await sqlIds(context.database, `SELECT count(*) AS id FROM ${text}`, params))[0];
  const clubFlux = (condition: string) =>
    sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND ${condition} ORDER BY id`,
      [context.clubId],
    );

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    unpaidDebits = await clubFlux(
      `"ID_CategoryFlux" = 5 AND "EST_Debit" AND NOT "EST_Reglement" AND "ID_FluxFinancierRelance" IS NULL`,
    );
    expect(unpaidDebits.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(() => closeGraphqlContext(context));

  it('relaunches an unpaid direct debit: copy dated one month later, original marked, audit row', async () => {
    const id = unpaidDebits[0] as number;
    const original = await flux(id);
    const lines = await count(`"MKP_FluxFinancierDetail" WHERE "ID_FluxFinancier" = $1`, [id]);
    const before = new Date();
    const response = await context.siege<{
      relaunch_MKP_FluxFinancier: Record<string, unknown> & { MKP_FluxFinancierDetail: unknown[] };
    }>(RELAUNCH, { id });
    expect(response.errors).toBeUndefined();
    const created = response.data?.relaunch_MKP_FluxFinancier;
    expect(created).toMatchObject({
      NomFluxFinancier: `${original.NomFluxFinancier} (relance)`,
      EST_Reglement: false,
      EST_Debit: true,
      ID_CategoryFlux: 5,
      ID_Structure: original.ID_Structure,
      ID_Utilisateur: original.ID_Utilisateur,
      ID_Saison: original.ID_Saison,
      MontantTTC: Number(original.MontantTTC),
      MontantHT: Number(original.MontantHT),
    });
    expect(created?.MKP_FluxFinancierDetail).toHaveLength(Number(lines));
    const date = Date.parse(created?.Z_DateCreation as string);
    expect(date).toBeGreaterThanOrEqual(relaunchDate(before).getTime() - 1);
    expect(date).toBeLessThanOrEqual(relaunchDate(new Date()).getTime() + 1);
    expect((await flux(id)).ID_FluxFinancierRelance).toBe(created?.id);
    const audit = await context.database.query<{ who: number; action: string; target: number }>(
      `SELECT a."ID_Utilisateur" AS who, a."Action" AS action, a."ID_Cible" AS target FROM "APP_AuditLog" a
         JOIN "UTI_Login" l ON l."ID_Utilisateur" = a."ID_Utilisateur" WHERE l."Email" = 'siege@demo.fr' AND a."ID_Cible" = $1`,
      [id],
    );
    expect(audit).toEqual([expect.objectContaining({ action: 'relance_flux', target: id })]);

    const again = await context.siege(RELAUNCH, { id });
    expect(again.errors?.[0]).toMatchObject({
      message: 'Ce prélèvement a déjà été relancé.',
      extensions: { code: 'validation-failed' },
    });
  });

  it('refuses a paid flux, a flux that is not a direct debit, and a credit, in French', async () => {
    const cases: Array<[string, RegExp]> = [
      [`"ID_CategoryFlux" = 5 AND "EST_Debit" AND "EST_Reglement"`, /déjà réglé/],
      [`"ID_CategoryFlux" <> 5`, /prélèvement SEPA/],
      [`NOT "EST_Debit"`, /prélèvement SEPA/],
    ];
    for (const [condition, message] of cases) {
      const [id] = await clubFlux(condition);
      expect(id, condition).toBeDefined();
      const total = await count(`"MKP_FluxFinancier"`);
      const response = await context.siege(RELAUNCH, { id });
      expect(response.errors?.[0]?.extensions.code).toBe('validation-failed');
      expect(response.errors?.[0]?.message).toMatch(message);
      expect(await count(`"MKP_FluxFinancier"`)).toBe(total);
    }
  });

  it('creates exactly one flux when 20 relaunches of one flux race', async () => {
    const id = unpaidDebits[1] as number;
    const total = await count(`"MKP_FluxFinancier"`);
    const responses = await Promise.all(Array.from({ length: 20 }, () => context.siege(RELAUNCH, { id })));
    const succeeded = responses.filter((response) => response.data);
    expect(succeeded).toHaveLength(1);
    expect(responses.filter((response) => response.errors?.[0]?.extensions.code === 'validation-failed')).toHaveLength(
      19,
    );
    expect(await count(`"MKP_FluxFinancier"`)).toBe(Number(total) + 1);
    expect(
      await count(`"MKP_FluxFinancier" WHERE "NomFluxFinancier" = $1`, [
        `${(await flux(id)).NomFluxFinancier} (relance)`,
      ]),
    ).toBe(1);
    expect(await count(`"APP_AuditLog" WHERE "Action" = 'relance_flux' AND "ID_Cible" = $1`, [id])).toBe(1);
    reportRobustness({
      check: 'relances concurrentes d’un flux (1 seul nouveau flux attendu)',
      target: target.name,
      cases: responses.length,
      failures: succeeded.length - 1,
    });
  });

  it('leaves nothing half-written when the relaunch fails midway', async () => {
    const id = unpaidDebits[2] as number;
    const totals = async () => [
      await count(`"MKP_FluxFinancier"`),
      await count(`"MKP_FluxFinancierDetail"`),
      await count(`"APP_AuditLog"`),
    ];
    const before = await totals();
    const scope = {
      actor: { userId: 5, isSuperAdmin: true, memberships: [], permissions: new Map() },
      currentStructureId: context.clubId,
      currentStructureType: 1,
      unrestricted: true,
      standing: { blocked: false, affiliated: true, affiliatedCurrentSeason: true },
    } as unknown as RequestScope;
    const crash = async () => {
      throw new Error('crash simulé entre la copie et le marquage');
    };
    await expect(relaunchFlux(context.database, scope, ISSUANCE, id, { beforeMarkOriginal: crash })).rejects.toThrow(
      /crash simulé/,
    );
    expect(await totals()).toEqual(before);
    expect((await flux(id)).ID_FluxFinancierRelance).toBeNull();
  });

  it('requires the flux module permission', async () => {
    const scope = {
      actor: {
        userId: 5,
        isSuperAdmin: false,
        memberships: [],
        permissions: new Map([[context.clubId, new Set([ModuleSlug.ExportSage])]]),
      },
      currentStructureId: context.clubId,
      currentStructureType: 1,
      unrestricted: false,
      standing: { blocked: false, affiliated: true, affiliatedCurrentSeason: true },
    } as unknown as RequestScope;
    await expect(relaunchFlux(context.database, scope, ISSUANCE, unpaidDebits[3] as number)).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('inserts a flux with its lines and updates it, within scope, audited', async () => {
    const insert = await context.siege<{
      insert_MKP_FluxFinancier_one: { id: number; MontantTTC: number; MKP_FluxFinancierDetail: unknown[] };
    }>(
      `mutation($o: MKP_FluxFinancier_insert_input!) { insert_MKP_FluxFinancier_one(object: $o) { id MontantTTC MKP_FluxFinancierDetail { Quantite } } }`,
      {
        o: {
          NomFluxFinancier: 'Facture stage falaise',
          Z_DateCreation: '2026-11-09T10:00:00Z',
          MontantHT: '120.50',
          MontantTTC: 120.5,
          EST_Debit: true,
          ID_CategoryFlux: 4,
          ID_Saison: 2027,
          ID_Structure: context.clubId,
          MKP_FluxFinancierDetail: {
            data: [
              {
                NomFluxFinancierDetail: 'Stage',
                PrixUnitaire: 60.25,
                Quantite: 2,
                MontantHT: 120.5,
                MontantTTC: 120.5,
                EST_Debit: true,
              },
            ],
          },
        },
      },
    );
    expect(insert.errors).toBeUndefined();
    const created = insert.data?.insert_MKP_FluxFinancier_one;
    expect(created).toMatchObject({ MontantTTC: 120.5, MKP_FluxFinancierDetail: [{ Quantite: 2 }] });
    const update = await context.siege(
      `mutation($id: Int!) { update_MKP_FluxFinancier_by_pk(pk_columns: {id: $id}, _set: {NomFluxFinancier: "Facture stage bloc", EST_Reglement: true}) { NomFluxFinancier EST_Reglement } }`,
      { id: created?.id },
    );
    expect(update.data).toEqual({
      update_MKP_FluxFinancier_by_pk: { NomFluxFinancier: 'Facture stage bloc', EST_Reglement: true },
    });
    const actions = await context.database.query<{ action: string }>(
      `SELECT "Action" AS action FROM "APP_AuditLog" WHERE "ID_Cible" = $1 ORDER BY id`,
      [created?.id],
    );
    expect(actions.map((row) => row.action)).toEqual(['creation_flux', 'modification_flux', 'reglement_flux']);
    const badAmount = await context.siege(
      `mutation($id: Int!) { update_MKP_FluxFinancier_by_pk(pk_columns: {id: $id}, _set: {MontantTTC: "1.234"}) { id } }`,
      {
        id: created?.id,
      },
    );
    expect(badAmount.errors?.[0]?.extensions.code).toBe('validation-failed');
    const badSeason = await context.siege(
      `mutation($id: Int!) { update_MKP_FluxFinancier_by_pk(pk_columns: {id: $id}, _set: {ID_Saison: 1900}) { id } }`,
      {
        id: created?.id,
      },
    );
    expect(badSeason.errors?.[0]).toMatchObject({
      message: 'La date de création doit être dans la saison 1899-1900 (du 01/09/1899 au 31/08/1900).',
      extensions: { code: 'validation-failed' },
    });
  });
});
