import { randomBytes } from 'node:crypto';
import { DEFAULT_ROLE_GRANTS, type RoleSlugValue } from '@gdf/domain';
import { isValidIBAN } from 'ibantools';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@gdf/server/seed-api';
import { dropForBulkLoad, recoverInterruptedLoad } from './bulk';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { isValidFrenchIban } from './iban';
import { DEFAULT_ROLE_MODULES, PERMISSION_PAIRS } from './role-modules';
import { SeedRefusedError, seedDemoData, type SeedOptions, type SeedSummary } from './seed';

const TODAY = new Date('2026-11-21T10:00:00Z');
const CURRENT_SEASON = 2027; // 2026-2027 holds 21 November 2026
const OPTIONS: SeedOptions = { flux: 2_000, scale: 'small', today: TODAY };

/** Every generated flux column, ordered by id: equal fingerprints mean equal rows. */
async function fingerprint(database: Database): Promise<string> {
  const [row] = await database.query<{ md5: string }>(
    `SELECT md5(string_agg(concat_ws('|', f.id, f."NomFluxFinancier", extract(epoch FROM f."Z_DateCreation")::bigint,
        f."MontantHT", f."MontantTTC", f."EST_Debit", f."EST_Reglement", f."ID_CategoryFlux", f."ID_FluxFinancierDebit",
        f."ID_Saison", f."ID_Structure", f."ID_Traitement", f."ID_Utilisateur", f."DateEcheance", f."DateReglement",
        f."ID_FluxFinancierRelance"), E'\\n' ORDER BY f.id)) AS "md5"
       FROM "MKP_FluxFinancier" f`,
  );
  return row?.md5 ?? '';
}

async function one<T>(database: Database, sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await database.query<{ v: T }>(sql, params);
  return row?.v as T;
}

/**
 * Each application table's planner statistics against its rows: a table the seed filled is
 * analysed (reltuples > 0); one it left empty must stay never analysed (reltuples -1), for the
 * planner then assumes it may grow and keeps its index lookups (the 42 demo closings wrote their
 * entries with a sequential scan of CPT_Ecriture per foreign-key check when it was recorded empty).
 */
async function statisticsMatchRows(db: Database, counts: Record<string, number>): Promise<string[]> {
  const rows = await db.query<{ table: string; tuples: number }>(
    `SELECT relname::text AS "table", reltuples AS "tuples" FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'`,
  );
  return rows
    .filter((r) => ((counts[r.table] ?? 0) > 0 ? r.tuples <= 0 : r.tuples !== -1))
    .map((r) => `${r.table}: ${r.tuples} (${counts[r.table] ?? 0} lignes)`);
}

let database: Database;
let summary: SeedSummary;

beforeAll(async () => {
  database = await openDatabase({ memory: true });
  summary = await seedDemoData(database, OPTIONS);
});
afterAll(async () => database?.close());

describe('seedDemoData (issue: deterministic demo data)', () => {
  it('gives identical rows on a second fresh database', async () => {
    const other = await openDatabase({ memory: true });
    try {
      const again = await seedDemoData(other, OPTIONS);
      expect(again.counts).toEqual(summary.counts);
      expect(again.fluxTtcCents).toBe(summary.fluxTtcCents);
      expect(again.detailLines).toBe(summary.detailLines);
      expect(again.contentHash).toBe(summary.contentHash);
      expect(await fingerprint(other)).toBe(await fingerprint(database));
    } finally {
      await other.close();
    }
  });

  it('loads the requested volume with 1 to 6 lines per flux', async () => {
    expect(summary.fluxCount).toBe(2_000);
    expect(summary.detailLines).toBeGreaterThan(2_000 * 2.5);
    expect(summary.detailLines).toBeLessThan(2_000 * 4.5);
    expect(summary.counts.UTI_Utilisateur).toBe(500 + DEMO_ACCOUNTS.length);
    expect(Number(summary.fluxTtcCents)).toBeGreaterThan(0);
  });

  it('keeps every flux equal to the exact sum of its lines', async () => {
    const bad = await one<number>(
      database,
      `SELECT count(*)::int AS "v" FROM "MKP_FluxFinancier" f
         LEFT JOIN (SELECT "ID_FluxFinancier" AS id, sum("MontantTTC") AS ttc, count(*) AS n,
                           bool_and("MontantHT" = "PrixUnitaire" * "Quantite" AND "MontantTTC" = "MontantHT") AS ok,
                           bool_and("EST_Debit") AS debit, bool_or("EST_Debit") AS any_debit
                      FROM "MKP_FluxFinancierDetail" GROUP BY 1) d ON d.id = f.id
        WHERE d.ttc IS DISTINCT FROM f."MontantTTC" OR f."MontantHT" <> f."MontantTTC" OR f."MontantTVA" <> 0
           OR d.n NOT BETWEEN 1 AND 6 OR NOT d.ok OR d.debit <> f."EST_Debit" OR d.any_debit <> f."EST_Debit"`,
    );
    expect(bad).toBe(0);
  });

  it('has the head office 1318 (type 7) with a valid RIB and BIC', async () => {
    const [office] = await database.query<{ type: number; code: string; federation: number | null }>(
      `SELECT "ID_TypeStructure" AS "type", "ID_CodeFederal" AS "code", "ID_Federation" AS "federation" FROM "STR_Structure" WHERE id = 1318`,
    );
    expect(office).toEqual({ type: 7, code: '000', federation: null });
    const ribs = await database.query<{ iban: string; bic: string | null }>(
      `SELECT "IBAN" AS "iban", "BIC" AS "bic" FROM "STR_StructureRib" WHERE "ID_Structure" = 1318`,
    );
    expect(ribs).toHaveLength(1);
    expect(isValidIBAN(ribs[0]?.iban ?? '')).toBe(true);
    expect(ribs[0]?.bic).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
    const members = await one<number>(
      database,
      `SELECT count(*)::int AS "v" FROM "STR_Structure" WHERE "ID_Federation" = 1318`,
    );
    expect(members).toBe((summary.counts.STR_Structure ?? 0) - 1);
  });

  it('writes only valid IBANs and unique mandate references', async () => {
    const ribs = await database.query<{ iban: string; rum: string | null }>(
      `SELECT "IBAN" AS "iban", "MandatRUM" AS "rum" FROM "STR_StructureRib"`,
    );
    expect(ribs.length).toBeGreaterThan(20);
    for (const { iban } of ribs) {
      expect(isValidIBAN(iban)).toBe(true);
      expect(isValidFrenchIban(iban)).toBe(true);
    }
    const rums = ribs.map((r) => r.rum).filter((r): r is string => r !== null);
    expect(new Set(rums).size).toBe(rums.length);
    expect(Math.max(...rums.map((r) => r.length))).toBeLessThanOrEqual(35);
    expect(isValidFrenchIban('FR7630004000031234567890143')).toBe(true);
    expect(isValidFrenchIban('FR7630004000031234567890144')).toBe(false);
  });

  it('creates every demo account with its role, on the right kind of structure', async () => {
    const rows = await database.query<{
      email: string;
      role: string;
      type: number;
      blocked: boolean;
      affiliated: boolean;
    }>(
      `SELECT l."Email" AS "email", r."SlugRole" AS "role", s."ID_TypeStructure" AS "type", s."EST_Bloquee" AS "blocked",
              EXISTS (SELECT 1 FROM "STR_Affiliation" a WHERE a."ID_Structure" = s.id AND a."ID_Saison" = $1) AS "affiliated"
         FROM "UTI_Login" l
         JOIN "STR_StructureUtilisateur" m ON m."ID_Utilisateur" = l."ID_Utilisateur"
         JOIN "FEDE_Role" r ON r.id = m."ID_Role"
         JOIN "STR_Structure" s ON s.id = m."ID_Structure"`,
      [CURRENT_SEASON],
    );
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    for (const account of DEMO_ACCOUNTS) expect(byEmail.get(account.email)?.role).toBe(account.role);
    expect(byEmail.get('super.admin@demo.fr')?.type).toBe(7);
    expect(byEmail.get('siege@demo.fr')?.type).toBe(7);
    expect(byEmail.get('ligue@demo.fr')?.type).toBe(4);
    expect(byEmail.get('comite@demo.fr')?.type).toBe(5);
    expect(byEmail.get('club@demo.fr')).toMatchObject({ type: 1, blocked: false, affiliated: true });
    expect(byEmail.get('club.bloque@demo.fr')).toMatchObject({ blocked: true });
    expect(byEmail.get('club.non.affilie@demo.fr')).toMatchObject({ blocked: false, affiliated: false });
    const hashes = await database.query<{ hash: string }>(
      `SELECT DISTINCT "MotDePasseHash" AS "hash" FROM "UTI_Login"`,
    );
    expect(hashes).toHaveLength(1);
    expect(hashes[0]?.hash.startsWith('scrypt$')).toBe(true);
  });

  it('gives the club@demo.fr club many flux of every category, open direct debits included', async () => {
    const clubId = summary.demoStructures.club.id;
    const categories = await database.query<{ category: number; n: number }>(
      `SELECT "ID_CategoryFlux" AS "category", count(*)::int AS "n" FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 GROUP BY 1 ORDER BY 1`,
      [clubId],
    );
    expect(categories.map((c) => c.category)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(categories.reduce((n, c) => n + c.n, 0)).toBeGreaterThanOrEqual(2_000 * 0.03);
    const unpaid = await one<number>(
      database,
      `SELECT count(*)::int AS "v" FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 5
          AND "EST_Debit" AND NOT "EST_Reglement" AND "ID_FluxFinancierRelance" IS NULL`,
      [clubId],
    );
    expect(unpaid).toBeGreaterThan(0);
    const affiliation = await one<number>(
      database,
      `SELECT count(*)::int AS "v" FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 3 AND "NomFluxFinancier" ILIKE 'affiliation%'`,
      [clubId],
    );
    expect(affiliation).toBeGreaterThan(0);
  });

  it('contains the edge cases the screens must handle', async () => {
    const cases = await database.query<Record<string, number>>(
      `SELECT
        (SELECT count(*)::int FROM "STR_Structure" WHERE "EST_Bloquee") AS "blocked",
        (SELECT count(*)::int FROM "STR_Structure" s WHERE NOT EXISTS (SELECT 1 FROM "STR_Affiliation" a WHERE a."ID_Structure" = s.id)) AS "never",
        (SELECT count(*)::int FROM "STR_Structure" s WHERE EXISTS (SELECT 1 FROM "STR_Affiliation" a WHERE a."ID_Structure" = s.id)
            AND NOT EXISTS (SELECT 1 FROM "STR_Affiliation" a WHERE a."ID_Structure" = s.id AND a."ID_Saison" = $1)) AS "lapsed",
        (SELECT count(*)::int FROM "STR_Structure" s WHERE NOT EXISTS (SELECT 1 FROM "STR_StructureRib" r WHERE r."ID_Structure" = s.id)) AS "noRib",
        (SELECT count(*)::int FROM "STR_StructureRib" WHERE NOT "EST_Valide") AS "expiredMandate",
        (SELECT count(*)::int FROM "UTI_Utilisateur" WHERE "LicenceNumero" IS NULL AND id > $2) AS "noLicence",
        (SELECT count(*)::int FROM "MKP_FluxFinancier" f JOIN "UTI_Utilisateur" u ON u.id = f."ID_Utilisateur" WHERE u."LicenceNumero" IS NULL) AS "fluxUserNoLicence",
        (SELECT count(*)::int FROM "MKP_FluxFinancier" WHERE "ID_CategoryFlux" IN (1, 2) AND "ID_Utilisateur" IS NULL) AS "fluxNoUser",
        (SELECT count(*)::int FROM "MKP_FluxFinancier" WHERE "ID_CategoryFlux" = 3 AND "NomFluxFinancier" LIKE 'Affiliation %') AS "affiliation",
        (SELECT count(*)::int FROM "MKP_FluxFinancier" WHERE "ID_CategoryFlux" = 4 AND "DateEcheance" IS NOT NULL) AS "invoices",
        (SELECT count(*)::int FROM "MKP_FluxFinancier" WHERE NOT "EST_Debit") AS "credits",
        (SELECT count(*)::int FROM "MKP_FluxFinancier" c JOIN "MKP_FluxFinancier" d ON d.id = c."ID_FluxFinancierDebit"
            WHERE d."EST_Debit" AND d."ID_Structure" = c."ID_Structure" AND d.id < c.id AND c."ID_CategoryFlux" = 6) AS "linkedCredits",
        (SELECT count(*)::int FROM "MKP_FluxFinancier" c LEFT JOIN "MKP_FluxFinancier" d ON d.id = c."ID_FluxFinancierDebit"
            WHERE c."ID_FluxFinancierDebit" IS NOT NULL AND (d.id IS NULL OR NOT d."EST_Debit" OR d."ID_Structure" <> c."ID_Structure")) AS "badLinks"`,
      [CURRENT_SEASON, DEMO_ACCOUNTS.length],
    );
    const c = cases[0] ?? {};
    for (const key of ['blocked', 'never', 'lapsed', 'noRib', 'expiredMandate', 'noLicence', 'fluxUserNoLicence']) {
      expect(c[key], key).toBeGreaterThan(0);
    }
    for (const key of ['fluxNoUser', 'affiliation', 'invoices', 'credits', 'linkedCredits'])
      expect(c[key], key).toBeGreaterThan(0);
    expect(c.badLinks).toBe(0);
    const codes = await database.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS "n", count(DISTINCT "ID_CodeFederal")::int AS "distinct" FROM "STR_Structure"`,
    );
    expect(codes[0]?.distinct).toBe(codes[0]?.n);
  });

  it('dates nothing after today and files every flux under its own season', async () => {
    const late = await one<number>(
      database,
      `SELECT count(*)::int AS "v" FROM "MKP_FluxFinancier" WHERE "Z_DateCreation" >= '2026-11-21T00:00:00Z'`,
    );
    expect(late).toBe(0);
    const misfiled = await one<number>(
      database,
      `SELECT count(*)::int AS "v" FROM "MKP_FluxFinancier" f, LATERAL (SELECT f."Z_DateCreation" AT TIME ZONE 'Europe/Paris' AS t) p
        WHERE f."ID_Saison" <> extract(year FROM p.t)::int + CASE WHEN extract(month FROM p.t) >= 9 THEN 1 ELSE 0 END`,
    );
    expect(misfiled).toBe(0);
    const seasons = await database.query<{ id: number; current: boolean; name: string; short: string }>(
      `SELECT id, "EST_SaisonCourante" AS "current", "NomSaison" AS "name", "NomSaisonShort" AS "short" FROM "FEDE_Saison" ORDER BY id`,
    );
    expect(seasons.map((s) => s.id)).toEqual([2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027]);
    expect(seasons.filter((s) => s.current).map((s) => s.id)).toEqual([CURRENT_SEASON]);
    expect(seasons[0]).toMatchObject({ name: '2018-2019', short: '18-19' });
    const current = await one<number>(
      database,
      `SELECT count(*)::int AS "v" FROM "MKP_FluxFinancier" WHERE "ID_Saison" = $1`,
      [CURRENT_SEASON],
    );
    expect(current).toBeGreaterThan(0);
  });

  it('tells a believable story: past flux settled on a recorded day, a few returns, none overdue for years (R-DATA-08)', async () => {
    const [flux] = await database.query<Record<string, number>>(
      `SELECT count(*)::int AS "all",
              count(*) FILTER (WHERE "EST_Reglement")::int AS "settled",
              count(*) FILTER (WHERE "EST_Reglement" AND "DateReglement" IS NULL)::int AS "settledNoDay",
              count(*) FILTER (WHERE "DateReglement" < ("Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date
                                  OR "DateReglement" >= '2026-11-21')::int AS "badDay",
              count(*) FILTER (WHERE "ID_CategoryFlux" = 5 AND "EST_Reglement" AND "ID_Traitement" IS NULL)::int AS "debitNoBatch",
              count(*) FILTER (WHERE "ID_FluxFinancierRelance" IS NOT NULL)::int AS "relaunched"
         FROM "MKP_FluxFinancier"`,
    );
    const f = flux ?? {};
    expect(f.settled).toBeGreaterThan((f.all ?? 0) * 0.9);
    expect(f.settledNoDay).toBe(0);
    expect(f.badDay).toBe(0);
    expect(f.debitNoBatch).toBe(0);
    expect(f.relaunched).toBeGreaterThan(0);
    // R-SEPA-11: a batch collects a debit on or after the day its notice allows (14 days at least).
    const early = await one<number>(
      database,
      `SELECT count(*)::int AS "v" FROM "MKP_FluxFinancier" f
         JOIN "APP_AuditLog" l ON l."TableCible" = 'MKP_Traitement' AND l."ID_Cible" = f."ID_Traitement" AND l."Action" = 'export_sepa'
        WHERE (l."Details"->>'dateEcheance')::date < (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date + 14
           OR (f."DateReglement" <> (l."Details"->>'dateEcheance')::date
               AND NOT EXISTS (SELECT 1 FROM "MKP_RetourPrelevement" r WHERE r."ID_FluxFinancier" = f.id))`,
    );
    expect(early).toBe(0);
    const returns = await database.query<{ n: number; relaunched: number; bad: number }>(
      `SELECT count(*)::int AS "n", count(f."ID_FluxFinancierRelance")::int AS "relaunched",
              count(*) FILTER (WHERE f."ID_Traitement" IS NULL OR r."EndToEndId" <> 'GDF-' || f."ID_Traitement" || '-' || f.id)::int AS "bad"
         FROM "MKP_RetourPrelevement" r JOIN "MKP_FluxFinancier" f ON f.id = r."ID_FluxFinancier"`,
    );
    expect(returns[0]?.n).toBeGreaterThan(0);
    expect(returns[0]?.relaunched).toBeGreaterThan(0);
    expect(returns[0]?.bad).toBe(0);
    // Overdue at the demo's today (R-STMT-02's due day): a handful of structures, none for years.
    const overdue = await database.query<{ structure: number; oldest: string }>(
      `SELECT "ID_Structure" AS "structure",
              min(coalesce("DateEcheance", ("Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date + 30))::text AS "oldest"
         FROM "MKP_FluxFinancier"
        WHERE "EST_Debit" AND NOT "EST_Reglement" AND "ID_FluxFinancierRelance" IS NULL
          AND coalesce("DateEcheance", ("Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date + 30) < '2026-11-21'
        GROUP BY 1`,
    );
    expect(overdue.length).toBeGreaterThan(0);
    expect(
      overdue.every((o) => o.oldest > '2026-06-21'),
      JSON.stringify(overdue),
    ).toBe(true);
    // Overdue by a month or more: the late payers only, a handful (none at all on a seed this small).
    expect(overdue.filter((o) => o.oldest < '2026-10-21').length).toBeLessThanOrEqual(3);
    // The bank's last days are the sample files' (demo-bank-files.ts): their flux are still open.
    expect(summary.bank).toMatchObject({ from: '2026-11-11', to: '2026-11-20' });
    expect(summary.bank.batch?.collectionDay).toMatch(/^2026-11-(1[1-9]|20)$/);
  });

  it('analyses the tables it filled and leaves the empty ones never analysed (R-LEDG-09, R-PERF-09)', async () => {
    expect(summary.counts.CPT_Ecriture).toBe(0);
    expect(summary.counts.MKP_FluxFinancier).toBe(2_000);
    expect(await statisticsMatchRows(database, summary.counts)).toEqual([]);
  });

  it('seeds the default permission matrix of every role: module access, then write grants', async () => {
    const rows = await database.query<{ role: string; module: string; action: string; access: boolean }>(
      `SELECT r."SlugRole" AS "role", m."SlugModule" AS "module", m."Action" AS "action", m."EST_Acces" AS "access"
         FROM "FEDE_RoleModule" m JOIN "FEDE_Role" r ON r.id = m."ID_Role"`,
    );
    expect(rows).toHaveLength(4 * PERMISSION_PAIRS.length);
    for (const [role, modules] of Object.entries(DEFAULT_ROLE_MODULES)) {
      const granted = rows.filter((r) => r.role === role && r.access && r.action === 'lecture').map((r) => r.module);
      expect(granted.sort()).toEqual([...modules].sort());
      const grants = rows.filter((r) => r.role === role && r.access && r.action !== 'lecture');
      expect(grants.map((r) => `${r.module}:${r.action}`).sort()).toEqual(
        [...DEFAULT_ROLE_GRANTS[role as RoleSlugValue]].sort(),
      );
    }
    // R-PERM-07, R-PERM-08: only the federation's administrators write flux or relaunch; clubs write nothing.
    const holders = (grant: string) =>
      rows
        .filter((r) => `${r.module}:${r.action}` === grant && r.access)
        .map((r) => r.role)
        .sort();
    expect(holders('gestion_des_finances__flux_financiers:ecriture')).toEqual([
      'administrateur_si',
      'super_administrateur',
    ]);
    expect(holders('gestion_des_finances__flux_financiers:relance')).toEqual([
      'administrateur_si',
      'super_administrateur',
    ]);
    // Reminder letters for overdue flux: the head office and the territorial administrators.
    expect(holders('gestion_des_finances__flux_financiers:lettre_relance')).toEqual([
      'administrateur_at',
      'administrateur_si',
      'super_administrateur',
    ]);
    expect(rows.filter((r) => r.role === 'administrateur' && r.action !== 'lecture' && r.access)).toEqual([]);
    expect(DEFAULT_ROLE_MODULES.administrateur_at).not.toContain('export__sepa');
    expect(DEFAULT_ROLE_MODULES.administrateur).not.toContain('export__sepa');
  });

  it('refuses a non-empty database without reset, and reseeds identically with reset', async () => {
    await expect(seedDemoData(database, OPTIONS)).rejects.toBeInstanceOf(SeedRefusedError);
    const again = await seedDemoData(database, { ...OPTIONS, reset: true });
    expect(again.contentHash).toBe(summary.contentHash);
    // Identity sequences continue after the explicit ids.
    const id = await one<number>(
      database,
      `INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "MontantHT", "MontantTTC", "EST_Debit", "ID_CategoryFlux", "ID_Saison", "ID_Structure")
       VALUES ('Test', 1, 1, true, 4, $1, 1318) RETURNING id AS "v"`,
      [CURRENT_SEASON],
    );
    expect(id).toBe(summary.fluxCount + 1);
    await database.query(`DELETE FROM "MKP_FluxFinancier" WHERE id = $1`, [id]);
  });

  it('puts back indexes and foreign keys that an interrupted bulk load dropped', async () => {
    const shape = async () => ({
      indexes: await database.query(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`,
      ),
      fks: await database.query(
        `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE contype = 'f' ORDER BY 1`,
      ),
    });
    const before = await shape();
    expect(before.fks.length).toBeGreaterThan(10);
    await dropForBulkLoad(
      database,
      ['MKP_FluxFinancier', 'MKP_FluxFinancierDetail'],
      ['MKP_FluxFinancier', 'MKP_FluxFinancierDetail'],
    );
    const dropped = await shape();
    expect(dropped.indexes.length).toBeLessThan(before.indexes.length);
    expect(dropped.fks.length).toBeLessThan(before.fks.length);
    await recoverInterruptedLoad(database, () => undefined);
    expect(await shape()).toEqual(before);
  });
});

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)('seedDemoData on PostgreSQL (TEST_DATABASE_URL)', () => {
  const name = `gdf_seed_test_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  let postgres: Database | undefined;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL as string);
    url.pathname = `/${name}`;
    postgres = await openDatabase({ url: url.toString() });
  });
  afterAll(async () => {
    await postgres?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('loads exactly the same rows as PGlite', async () => {
    const result = await seedDemoData(postgres as Database, OPTIONS);
    expect(result.counts).toEqual(summary.counts);
    expect(result.fluxTtcCents).toBe(summary.fluxTtcCents);
    expect(result.contentHash).toBe(summary.contentHash);
    expect(await fingerprint(postgres as Database)).toBe(await fingerprint(database));
    expect(await statisticsMatchRows(postgres as Database, result.counts)).toEqual([]);
  });
});
