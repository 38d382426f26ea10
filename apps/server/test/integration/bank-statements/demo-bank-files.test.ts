import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BANK_STATEMENTS_URL, type BankStatementImportResult } from '@gdf/domain';
import { buildDemoBankFiles, seedDemoData, type DemoBankFiles, type SeedSummary } from '@gdf/seed';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { repositoryRoot } from '../../../src/db/paths';
import { bearer, buildRestApp } from '../rest/rest-context';
import { postReturn } from '../sepa/sepa-returns-support';
import { testDatabaseTargets } from '../support/databases';
import { TEST_TODAY } from '../support/small-seed';
import { loginAs } from '../support/test-app';

const run = promisify(execFile);
const XSD_DIR = path.join(repositoryRoot(), 'test-fixtures', 'xsd');

async function validate(xml: string, schema: string): Promise<void> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'gdf-demo-bank-')), 'file.xml');
  await writeFile(file, xml);
  await run('xmllint', ['--noout', '--schema', path.join(XSD_DIR, `${schema}.xsd`), file]);
}

/**
 * R-DATA-08, R-BANK-01, R-RET-01: the demo's sample bank files (README) are made from the demo data, valid
 * against the official schemas, and import through the real routes and services without error:
 * the statement's transfers and batch credit are open flux of the demo, the return report
 * rejects debits of the demo's last batch.
 */
describe.each(testDatabaseTargets())('the demo’s sample bank files on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let siege: string;
  let summary: SeedSummary;
  let files: DemoBankFiles;

  beforeAll(async () => {
    database = await target.open();
    summary = await seedDemoData(database, { flux: 1_500, scale: 'small', today: TEST_TODAY });
    files = await buildDemoBankFiles(database, summary.bank);
    app = await buildRestApp(database);
    siege = await loginAs(app, 'siege@demo.fr');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('holds transfers, the last batch credit and rejects of that batch', () => {
    expect(summary.bank.to).toBe('2026-11-20');
    expect(summary.bank.transfers.length).toBeGreaterThan(0);
    expect(summary.bank.batch).not.toBeNull();
    expect(files.returns).not.toBeNull();
    expect(files.rejectedFluxIds.length).toBeGreaterThan(0);
    expect(files.statement.xml).toContain(`<MsgId>GDF-SEPA-${summary.bank.batch?.id}</MsgId>`);
    expect(files.statement.xml).toMatch(/<Ustrd>FACTURE \d{4}-FFME-\d+<\/Ustrd>/);
  });

  it('validates against the official camt.053.001.02 and pain.002.001.10 schemas', async () => {
    await validate(files.statement.xml, 'camt.053.001.02');
    await validate(files.returns?.xml ?? '', 'pain.002.001.10');
  });

  it('imports the statement on the head office account, its credits matched to open flux of the demo', async () => {
    const response = await app.inject({
      method: 'POST',
      url: BANK_STATEMENTS_URL,
      headers: bearer(siege, {
        'content-type': 'application/xml',
        'x-file-name': encodeURIComponent(files.statement.fileName),
      }),
      payload: Buffer.from(files.statement.xml, 'utf8'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as BankStatementImportResult;
    expect(result.releves).toHaveLength(1);
    const [entries] = await database.query<{ n: number; credits: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE "Sens" = 'credit')::int AS credits FROM "BQE_EcritureBancaire"`,
    );
    // Every transfer, the batch credit, the rejects' debit and the bank's fees.
    expect(entries).toEqual({ n: summary.bank.transfers.length + 3, credits: summary.bank.transfers.length + 1 });
    const open = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MKP_FluxFinancier" WHERE id = ANY($1::int[]) AND NOT "EST_Reglement"`,
      [summary.bank.transfers.map((t) => t.fluxId)],
    );
    expect(open[0]?.n).toBe(summary.bank.transfers.length);
  });

  it('imports the return report: the rejected debits of the batch become rejected (R-RET-02)', async () => {
    const response = await postReturn(app, siege, Buffer.from(files.returns?.xml ?? '', 'utf8'), {
      fileName: files.returns?.fileName ?? 'retours.xml',
    });
    expect(response.statusCode, response.body).toBe(200);
    const returns = await database.query<{ id: number; code: string }>(
      `SELECT r."ID_FluxFinancier" AS id, r."CodeRaison" AS code FROM "MKP_RetourPrelevement" r
        JOIN "MKP_ImportRetour" i ON i.id = r."ID_ImportRetour" WHERE i."NomFichier" = $1 ORDER BY 1`,
      [files.returns?.fileName],
    );
    expect(returns.map((r) => r.id)).toEqual([...files.rejectedFluxIds].sort((a, b) => a - b));
  });
});
