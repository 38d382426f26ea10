import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { loginAs } from '../support/test-app';
import { reportRobustness } from '../support/robustness-report';
import {
  closeGraphqlContext,
  graphqlClient,
  openGraphqlContext,
  type GraphqlClient,
  type GraphqlContext,
} from './graphql-context';

/**
 * R-PERM-06, R-PERM-07: writes are a permission of their own. Every mutation is
 * tried by every demo role on a flux the role can see; only the roles holding the write
 * (or relaunch) grant succeed, and a refused write changes nothing. Then the probe's own
 * attempts (a club rewriting its debts) and the value checks of an allowed writer.
 */
const INSERT = `mutation($o: MKP_FluxFinancier_insert_input!) { insert_MKP_FluxFinancier_one(object: $o) { id MontantTTC } }`;
const UPDATE = `mutation($id: Int!, $set: MKP_FluxFinancier_set_input) { update_MKP_FluxFinancier_by_pk(pk_columns: {id: $id}, _set: $set) { id MontantTTC EST_Reglement } }`;
const RELAUNCH = `mutation($id: Int!) { relaunch_MKP_FluxFinancier(id: $id) { id } }`;

const ROLES = [
  ['super.admin@demo.fr', { write: true, relaunch: true }],
  ['siege@demo.fr', { write: true, relaunch: true }],
  ['ligue@demo.fr', { write: false, relaunch: false }],
  ['comite@demo.fr', { write: false, relaunch: false }],
  ['club@demo.fr', { write: false, relaunch: false }],
  ['club.bloque@demo.fr', { write: false, relaunch: false }],
  ['club.non.affilie@demo.fr', { write: false, relaunch: false }],
] as const;

/** A consistent invoice of 105 € (3 x 35 €) in the current season (2026-2027). */
function invoice(structureId: number, overrides: Record<string, unknown> = {}, lines?: unknown[]) {
  return {
    NomFluxFinancier: 'Facture formation initiateur SAE 2027',
    Z_DateCreation: '2026-11-09T10:00:00Z',
    MontantHT: '105.00',
    MontantTVA: '0.00',
    MontantTTC: '105.00',
    EST_Debit: true,
    ID_CategoryFlux: 4,
    ID_Saison: 2027,
    ID_Structure: structureId,
    DateEcheance: '2026-12-09',
    MKP_FluxFinancierDetail: {
      data: lines ?? [
        {
          NomFluxFinancierDetail: 'Formation initiateur SAE',
          PrixUnitaire: '35.00',
          Quantite: 3,
          MontantHT: '105.00',
          MontantTTC: '105.00',
          EST_Debit: true,
        },
      ],
    },
    ...overrides,
  };
}

interface Snapshot {
  MontantTTC: string;
  EST_Reglement: boolean;
  DateEcheance: string | null;
  Z_DateCreation: string;
  ID_CategoryFlux: number;
  ID_FluxFinancierRelance: number | null;
}

describe.each(testDatabaseTargets())('flux write permissions on $name', (target) => {
  let context: GraphqlContext;
  const clients = new Map<string, GraphqlClient>();
  /** Per role: the structure it writes for (its own, or a member club for a federation) and an invoice of it. */
  const targets = new Map<string, { structureId: number; fluxId: number }>();

  const snapshot = async (id: number) =>
    (
      await context.database.query<Snapshot>(
        `SELECT "MontantTTC"::text AS "MontantTTC", "EST_Reglement", "DateEcheance", "Z_DateCreation"::text AS "Z_DateCreation",
                "ID_CategoryFlux", "ID_FluxFinancierRelance" FROM "MKP_FluxFinancier" WHERE id = $1`,
        [id],
      )
    )[0];
  const fluxCount = async () =>
    Number((await context.database.query<{ n: string }>(`SELECT count(*) AS n FROM "MKP_FluxFinancier"`))[0]?.n);

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    for (const [email] of ROLES) {
      clients.set(email, graphqlClient(context.app, await loginAs(context.app, email)));
      // Its first membership; a federation writes for one of its member clubs (club@demo.fr's).
      const [membership] = await context.database.query<{ id: number; type: number }>(
        `SELECT s.id, s."ID_TypeStructure" AS type FROM "STR_StructureUtilisateur" m
           JOIN "UTI_Login" l ON l."ID_Utilisateur" = m."ID_Utilisateur" JOIN "STR_Structure" s ON s.id = m."ID_Structure"
          WHERE l."Email" = $1 ORDER BY s."ID_TypeStructure" DESC, s."NomStructure", s.id LIMIT 1`,
        [email],
      );
      if (!membership) throw new Error(`${email} has no membership`);
      const structureId = membership.type === 7 ? context.clubId : membership.id;
      const [flux] = await context.database.query<{ id: number }>(
        `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 4 ORDER BY id LIMIT 1`,
        [structureId],
      );
      if (!flux) throw new Error(`no invoice flux for ${email}`);
      targets.set(email, { structureId, fluxId: flux.id });
    }
  });
  afterAll(() => closeGraphqlContext(context));

  it('insert_MKP_FluxFinancier_one: only the write grant creates a flux', async () => {
    let refusals = 0;
    for (const [email, allowed] of ROLES) {
      const { structureId } = targets.get(email)!;
      const before = await fluxCount();
      const response = await clients.get(email)!(INSERT, { o: invoice(structureId) });
      if (allowed.write) {
        expect(response.errors, email).toBeUndefined();
        expect(await fluxCount(), email).toBe(before + 1);
      } else {
        expect(response.errors?.[0]?.extensions.code, email).toBe('permission-error');
        expect(await fluxCount(), email).toBe(before);
        refusals++;
      }
    }
    expect(refusals).toBe(5);
  });

  it('update_MKP_FluxFinancier_by_pk: only the write grant changes a flux', async () => {
    for (const [email, allowed] of ROLES) {
      const { fluxId } = targets.get(email)!;
      const before = await snapshot(fluxId);
      const response = await clients.get(email)!(UPDATE, {
        id: fluxId,
        set: { NomFluxFinancier: `Facture corrigée ${email}` },
      });
      if (allowed.write) expect(response.errors, email).toBeUndefined();
      else {
        expect(response.errors?.[0]?.extensions.code, email).toBe('permission-error');
        expect(await snapshot(fluxId), email).toEqual(before);
      }
    }
  });

  it('relaunch_MKP_FluxFinancier: only the relaunch grant re-presents a debit (clubs cannot relaunch)', async () => {
    const tried: string[] = [];
    for (const [email, allowed] of ROLES) {
      // Looked up now: an earlier role may have relaunched the same structure's last debit.
      const [debit] = await context.database.query<{ id: number }>(
        `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 5 AND "EST_Debit"
            AND NOT "EST_Reglement" AND "ID_FluxFinancierRelance" IS NULL ORDER BY id DESC LIMIT 1`,
        [targets.get(email)!.structureId],
      );
      if (!debit) continue; // the role's structure has no unpaid debit in the small seed
      const debitId = debit.id;
      tried.push(email);
      const before = await fluxCount();
      const response = await clients.get(email)!(RELAUNCH, { id: debitId });
      if (allowed.relaunch) {
        expect(response.errors, email).toBeUndefined();
        expect(await fluxCount(), email).toBe(before + 1);
      } else {
        expect(response.errors?.[0]?.extensions.code, email).toBe('permission-error');
        expect((await snapshot(debitId))?.ID_FluxFinancierRelance, email).toBeNull();
        expect(await fluxCount(), email).toBe(before);
      }
    }
    expect(tried).toEqual(expect.arrayContaining(['super.admin@demo.fr', 'siege@demo.fr', 'club@demo.fr']));
  });

  it("refuses the probe's attempts of a club on what it owes, and changes nothing", async () => {
    const club = clients.get('club@demo.fr')!;
    const { fluxId, structureId } = targets.get('club@demo.fr')!;
    const before = await snapshot(fluxId);
    const attempts: Array<Record<string, unknown>> = [
      { MontantHT: '0.01', MontantTTC: '0.01' },
      { EST_Reglement: true },
      { DateEcheance: '2099-12-31' },
      { Z_DateCreation: '2015-01-01T00:00:00Z' },
      { ID_CategoryFlux: 3 },
    ];
    for (const set of attempts) {
      const response = await club(UPDATE, { id: fluxId, set });
      expect(response.errors?.[0]?.extensions.code, JSON.stringify(set)).toBe('permission-error');
    }
    expect(await snapshot(fluxId)).toEqual(before);
    const count = await fluxCount();
    const credit = invoice(structureId, { EST_Debit: false, MontantHT: '9999999999.99', MontantTTC: '9999999999.99' });
    const affiliation = invoice(structureId, {
      NomFluxFinancier: 'Affiliation club 2027',
      ID_CategoryFlux: 3,
      MontantHT: '25000.00',
      MontantTTC: '25000.00',
    });
    for (const object of [credit, affiliation]) {
      expect((await club(INSERT, { o: object })).errors?.[0]?.extensions.code).toBe('permission-error');
    }
    expect(await fluxCount()).toBe(count);
    reportRobustness({
      check: 'écritures d’un club sur ce qu’il doit (refus attendus)',
      target: target.name,
      cases: attempts.length + 2,
      failures: 0,
    });
  });

  it('checks the values an allowed writer sends, with French messages', async () => {
    const siege = clients.get('siege@demo.fr')!;
    const { structureId } = targets.get('siege@demo.fr')!;
    const line = (unit: string, qty: number, total: string) => ({
      NomFluxFinancierDetail: 'Stage falaise',
      PrixUnitaire: unit,
      Quantite: qty,
      MontantHT: total,
      MontantTTC: total,
      EST_Debit: true,
    });
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [
        invoice(structureId, { MontantHT: '9999999999.99', MontantTTC: '9999999999.99' }),
        /entre 0,01 € et 1 000 000,00 €/,
      ],
      [invoice(structureId, { MontantHT: '0.00', MontantTTC: '0.00' }), /entre 0,01 € et 1 000 000,00 €/],
      [invoice(structureId, { MontantHT: '100.00', MontantTTC: '100.00' }), /somme des lignes/],
      [invoice(structureId, {}, [line('35.00', 3, '100.00')]), /prix unitaire multiplié par la quantité/],
      [invoice(structureId, { MontantTVA: '21.00', MontantTTC: '126.00' }), /art\. 293 B/],
      [invoice(structureId, { Z_DateCreation: '2015-03-01T10:00:00Z' }), /saison 2026-2027/],
      [invoice(structureId, { DateEcheance: '2099-12-31' }), /L441-10/],
      [
        invoice(structureId, { NomFluxFinancier: '=HYPERLINK("http://x","Payer ici")' }),
        /ne peut pas commencer par =, \+, - ou @/,
      ],
      [invoice(structureId, { NomFluxFinancier: 'Facture\r\nligne 2' }), /retours à la ligne/],
      [invoice(structureId, {}, []), /au moins une ligne/],
    ];
    const count = await fluxCount();
    for (const [object, message] of cases) {
      const response = await siege(INSERT, { o: object });
      expect(response.errors?.[0]?.extensions.code, String(message)).toBe('validation-failed');
      expect(response.errors?.[0]?.message, String(message)).toMatch(message);
    }
    expect(await fluxCount()).toBe(count);

    // An update is checked on the row as it would be stored: the lines no longer sum to it.
    const { fluxId } = targets.get('club@demo.fr')!;
    const before = await snapshot(fluxId);
    const update = await siege(UPDATE, { id: fluxId, set: { MontantHT: '0.01', MontantTTC: '0.01' } });
    expect(update.errors?.[0]?.message).toMatch(/somme des lignes/);
    expect(await snapshot(fluxId)).toEqual(before);
  });

  it('the paid flag set by the write grant is audited as a settlement', async () => {
    const siege = clients.get('siege@demo.fr')!;
    const [unpaid] = await context.database.query<{ id: number }>(
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 4 AND NOT "EST_Reglement" ORDER BY id LIMIT 1`,
      [context.clubId],
    );
    const response = await siege(UPDATE, { id: unpaid!.id, set: { EST_Reglement: true } });
    expect(response.errors).toBeUndefined();
    const audit = await context.database.query<{ action: string; details: { avant: boolean; apres: boolean } }>(
      `SELECT "Action" AS action, "Details" AS details FROM "APP_AuditLog" WHERE "ID_Cible" = $1 ORDER BY id`,
      [unpaid!.id],
    );
    expect(audit.map((row) => row.action)).toContain('reglement_flux');
    expect(audit.find((row) => row.action === 'reglement_flux')?.details).toMatchObject({ avant: false, apres: true });
  });

  it('a rule the stored row already broke (a relaunch dated past its season) does not block settling it', async () => {
    const siege = clients.get('siege@demo.fr')!;
    const [row] = await context.database.query<{ id: number }>(
      `UPDATE "MKP_FluxFinancier" SET "Z_DateCreation" = '2027-09-15T10:00:00Z', "EST_Reglement" = false
        WHERE id = (SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 5
                     AND "ID_Saison" = 2027 ORDER BY id LIMIT 1) RETURNING id`,
      [context.clubId],
    );
    const paid = await siege(UPDATE, { id: row!.id, set: { EST_Reglement: true } });
    expect(paid.errors).toBeUndefined();
    expect(paid.data).toMatchObject({ update_MKP_FluxFinancier_by_pk: { EST_Reglement: true } });
    const broken = await siege(UPDATE, { id: row!.id, set: { MontantHT: '1.00', MontantTTC: '1.00' } });
    expect(broken.errors?.[0]?.message).toBe(
      'La somme des lignes de détail doit être égale aux montants HT et TTC du flux.',
    );
  });

  it('a writer never sets the amounts of what its own structure owes', async () => {
    const siege = clients.get('siege@demo.fr')!;
    const response = await siege(INSERT, { o: invoice(1318) });
    expect(response.errors?.[0]?.extensions.code).toBe('permission-error');
    expect(response.errors?.[0]?.message).toMatch(/propre structure/);
  });
});
