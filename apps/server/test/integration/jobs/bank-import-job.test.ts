import { BANK_STATEMENTS_URL, HEAD_OFFICE_STRUCTURE_ID, JOB_KIND, type BankStatementImportResult } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { camt053Xml, type WrittenStatement } from '../support/statement-writer';
import { bearer, buildRestApp } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { loginAs, seedSmall, TEST_JOBS } from '../support/test-app';
import { accepted, holdBeforeStep, jobEnded, jobRow } from './job-kinds-support';

/**
 * A bank statement file above the size limit imported as a job (R-JOB-07, R-BANK-01): here
 * above three entries, two entries a step, so a file of two statements (five and three
 * entries) takes five steps and a last one. The first server stops before the third step; the
 * next one resumes it, and the statements and entries written are exactly those an import in
 * one request writes on a copy of the same database: none twice, none lost.
 */
describe.each(testDatabaseTargets())('large bank statement imports as a job on $name (R-JOB-07)', (target) => {
  let database: Database;
  let reference: Database;
  let referenceApp: FastifyInstance;
  let first: FastifyInstance;
  let second: FastifyInstance | undefined;
  let siege: string;
  let file: Buffer;
  const gate = holdBeforeStep(JOB_KIND.bankImport, 3);
  const sizes = { bankImportBackground: { entries: 3, bytes: 10_000_000 }, bankImportStepEntries: 2 };

  const post = (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'POST',
      url: BANK_STATEMENTS_URL,
      headers: bearer(token, {
        'content-type': 'application/xml',
        'x-file-name': encodeURIComponent('gros relevé.xml'),
      }),
      payload: file,
    });
  /** What an import wrote, without its ids: the statements, then their entries in order. */
  const written = async (db: Database) => ({
    statements: await db.query(
      `SELECT "Identifiant", "Compte", "DateDebut"::text, "DateFin"::text, "SoldeOuverture"::text, "SoldeCloture"::text,
              "NomFichier", "ID_Contenu" IS NOT NULL AS "avecFichier"
         FROM "BQE_ReleveBancaire" ORDER BY "Identifiant"`,
    ),
    entries: await db.query(
      `SELECT r."Identifiant", e."Rang", e."Reference", e."Montant"::text, e."Sens", e."Libelle"
         FROM "BQE_EcritureBancaire" e JOIN "BQE_ReleveBancaire" r ON r.id = e."ID_ReleveBancaire"
        ORDER BY r."Identifiant", e."Rang"`,
    ),
  });

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    reference = await target.open();
    await seedSmall(reference);
    const [rib] = await database.query<{ IBAN: string }>(
      `SELECT "IBAN" FROM "STR_StructureRib" WHERE "ID_Structure" = $1 AND "EST_Valide" ORDER BY id DESC LIMIT 1`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    const iban = rib!.IBAN.replace(/\s/g, '');
    // One statement per account and day: each on its own day.
    const statement = (id: string, count: number, day: string): WrittenStatement => ({
      id,
      iban,
      fromDate: day,
      toDate: day,
      openingCents: 100_000,
      entries: Array.from({ length: count }, (_, index) => ({
        reference: `${id}-E${index + 1}`,
        bookingDate: day,
        amountCents: 1_000 + index,
        direction: index % 3 === 2 ? ('debit' as const) : ('credit' as const),
        remittance: [`VIREMENT ${id} ${index + 1}`],
      })),
    });
    file = camt053Xml([statement('JOB-A', 5, '2024-05-02'), statement('JOB-B', 3, '2024-05-03')]);
    first = await buildRestApp(database, {
      jobKinds: sizes,
      jobs: { ...TEST_JOBS, waitMs: 0, beforeStep: gate.beforeStep },
    });
    siege = await loginAs(first, 'siege@demo.fr');
    referenceApp = await buildRestApp(reference);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await referenceApp?.close();
    await database?.close();
    await reference?.close();
  });

  it('R-JOB-07, R-JOB-02: resumed after a stop, the import writes what one request writes, nothing twice', async () => {
    const job = accepted(await post(first, siege));
    expect(job).toMatchObject({
      type: 'import_releve_bancaire',
      libelle: 'Import du relevé bancaire gros relevé.xml (8 écritures)',
    });
    expect(await gate.held).toBe(job.id);
    // Two steps committed: four entries of the first statement, under its one row.
    expect((await written(database)).entries).toHaveLength(4);
    await first.close();
    expect(await jobRow(database, job.id)).toMatchObject({ statut: 'en_attente', fait: 4, total: 8 });

    second = await buildRestApp(database, { jobKinds: sizes, jobs: { ...TEST_JOBS, waitMs: 0, startWorkers: true } });
    const done = await jobEnded(second, siege, job.id);
    expect(done.statut, done.erreur ?? '').toBe('termine');
    expect(await jobRow(database, job.id)).toMatchObject({ tentative: 2, fait: 8 });
    const result = done.resultat as unknown as BankStatementImportResult;
    expect(result.releves.map((r) => [r.identifiant, r.nouveau, r.nbEcritures, r.nbEcrituresAjoutees])).toEqual([
      ['JOB-A', true, 5, 5],
      ['JOB-B', true, 3, 3],
    ]);

    // The same file in one request, on a copy of the database before: the same rows.
    const inline = await post(referenceApp, await loginAs(referenceApp, 'siege@demo.fr'));
    expect(inline.statusCode, inline.body).toBe(200);
    const expected = await written(reference);
    expect(expected.entries).toHaveLength(8);
    expect(await written(database)).toEqual(expected);
    expect(result.nbPropositionsSures).toBe((inline.json() as BankStatementImportResult).nbPropositionsSures);
    const [audit] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "APP_AuditLog" WHERE "Action" = 'import_releve_bancaire' AND ("Details"->>'traitement')::int = $1`,
      [job.id],
    );
    expect(audit!.n).toBe(1);
  });

  it('R-JOB-07: the same large file again adds nothing and keeps no second copy of it', async () => {
    const files = async () =>
      (
        await database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "DOC_Contenu" WHERE "Nature" = 'releve_bancaire'`,
        )
      )[0]!.n;
    const before = await files();
    const job = accepted(await post(second!, siege));
    const done = await jobEnded(second!, siege, job.id);
    const result = done.resultat as unknown as BankStatementImportResult;
    expect(result.releves.map((r) => [r.nouveau, r.nbEcrituresAjoutees])).toEqual([
      [false, 0],
      [false, 0],
    ]);
    expect(await files()).toBe(before);
    expect((await written(database)).entries).toHaveLength(8);
    // Only the head office with the SEPA write grant imports, large files too.
    const club = await loginAs(second!, 'club@demo.fr');
    expect((await post(second!, club)).statusCode).toBe(403);
  });
});
