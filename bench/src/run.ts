/**
 * `npm run bench`: every bar of R-PERF-01 to R-PERF-08 in one run, one table, and
 * bench/RESULTS.md. PostgreSQL from DATABASE_URL (default: the machine's server,
 * database gdf_bench), 2,000,000 flux; PGlite under bench/.data, 500,000 flux. Both are
 * seeded once and reused. Then the robustness suites (R-PERF-08) and their counts.
 * Options: --pg-flux N, --pglite-flux N, --skip-pglite, --skip-load, --mix-only (R-PERF-03's varied-search
 * load alone, printed with its per-kind tables without rewriting RESULTS.md), --cost-only (the GraphQL cost
 * limits alone, printed without rewriting RESULTS.md), --issuance-only (the issuance figures
 * alone, likewise), --ledger-only (the validation and FEC figures alone, likewise), --pdf-only
 * (the invoice PDF and Factur-X figures alone, likewise), --bank-only (the statement import
 * and matching figures alone, likewise), --documents-only (the document pack and account
 * statement figures alone, its section written into RESULTS.md in place), --sepa-only (the SEPA files' collection dates against the
 * days their invoices announced, checked in SQL, alone, likewise), --fuzz-only (the route fuzzer,
 * R-SEC-20, on scratch databases of its own, alone, likewise; --fuzz-requests N per engine),
 * --search-only (the flux search's scenarios on PostgreSQL, its section written into RESULTS.md in place),
 * --limits-only (two server processes on a database of its own: 70 relevés of one structure
 * asked 24 at a time issue the day's quota, R-SEC-21, alone, its section written into RESULTS.md in place), --attack-only (one club's 60 relevés, three packs
 * and the head office's validation against one server, on PostgreSQL and PGlite: health and another
 * user's search meanwhile, R-OPS-08; alone, its section written into RESULTS.md in place),
 * --mail-only (1,000 e-mails with their invoice attached, one click each, handed to a local SMTP server,
 * /api/health meanwhile, R-MAIL-04; alone, its section written into RESULTS.md in place),
 * --soak-only (two production servers behind Debian's nginx on the PostgreSQL bench database, 20
 * clients of reads and writes for 10 minutes, one instance killed at half time, R-OPS-13; alone,
 * its section written into RESULTS.md in place when run at full length; --soak-minutes N,
 * --soak-clients N, --soak-think-ms N for other runs, printed only); --invoicing-only (bulk invoicing of
 * 1,000 structures as one job through the server, /api/health meanwhile, R-INV-09, on the PostgreSQL
 * bench database; alone, its section written into RESULTS.md in place); --payouts-only (the ligues' and comités'
 * shares of the current season and one payout file of all of them, R-PAY-01 to R-PAY-07, on the PostgreSQL bench database;
 * alone, its section written into RESULTS.md in place).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BenchResult } from './bench-result';
import { benchBankStatements } from './bank/bank-statements.bench';
import { benchStructureDocuments } from './documents/structure-documents.bench';
import { benchCostLimits } from './cost/cost-limits.bench';
import { benchExport } from './export/export.bench';
import { benchFuzz, FUZZ_BENCH_BAR } from './fuzz/fuzz.bench';
import { benchIssuance } from './issuance/issuance.bench';
import { benchBulkInvoicing } from './invoicing/invoicing.bench';
import { benchLedger } from './ledger/ledger.bench';
import { benchJobs } from './jobs/jobs.bench';
import { benchSharedLimits } from './limits/shared-limits.bench';
import { benchAttack } from './attack/attack.bench';
import { benchMail } from './mail/mail.bench';
import { benchSoak } from './fleet/soak.bench';
import { loadTestGraphql } from './load/graphql-load';
import { benchVariedMix, formatMixTable, mixResults } from './load/varied-mix.bench';
import { startServerProcess } from './load/server-process';
import { benchRobustness } from './robustness/robustness.bench';
import { benchSepaNotice } from './sepa/sepa-notice.bench';
import { benchPayouts } from './payouts/payouts.bench';
import { benchPdf } from './pdf/pdf.bench';
import { resultsTable, writeResults, writeSection } from './results';
import { openBenchDatabase } from './search/bench-database';
import { benchSearch, type SearchBenchRow } from './search/search.bench';
import { benchDashboardJs } from './web/dashboard-js';
import { benchTousRender } from './web/tous-render';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    'pg-flux': { type: 'string', default: '2000000' },
    'pglite-flux': { type: 'string', default: '500000' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-load': { type: 'boolean', default: false },
    'cost-only': { type: 'boolean', default: false },
    'issuance-only': { type: 'boolean', default: false },
    'ledger-only': { type: 'boolean', default: false },
    'pdf-only': { type: 'boolean', default: false },
    'bank-only': { type: 'boolean', default: false },
    'documents-only': { type: 'boolean', default: false },
    'sepa-only': { type: 'boolean', default: false },
    'jobs-only': { type: 'boolean', default: false },
    'invoicing-only': { type: 'boolean', default: false },
    'payouts-only': { type: 'boolean', default: false },
    'fuzz-only': { type: 'boolean', default: false },
    'fuzz-requests': { type: 'string' },
    'mix-only': { type: 'boolean', default: false },
    'search-only': { type: 'boolean', default: false },
    'limits-only': { type: 'boolean', default: false },
    'attack-only': { type: 'boolean', default: false },
    'mail-only': { type: 'boolean', default: false },
    'soak-only': { type: 'boolean', default: false },
    'soak-minutes': { type: 'string', default: '10' },
    'soak-clients': { type: 'string', default: '20' },
    'soak-think-ms': { type: 'string', default: '100' },
  },
});
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gdf_bench';
const pgFlux = Number(values['pg-flux']);
const pgliteFlux = Number(values['pglite-flux']);
const log = (line: string) => console.log(line);
const started = performance.now();
const sections: Array<{ title: string; results: BenchResult[] }> = [];

function searchResults(rows: SearchBenchRow[], engine: string, pageBar: number): BenchResult[] {
  // The scenario bars are PostgreSQL's; PGlite's page bar is 100 ms (totals keep theirs).
  return rows.map((row) => {
    const bar = row.bar === 50 ? pageBar : row.bar;
    return {
      name: `${engine} : ${row.name} (p95 ; p50 ${row.p50.toFixed(1)} ms)`,
      value: row.p95,
      unit: 'ms',
      bar,
      pass: row.p95 <= bar,
    };
  });
}

/** The cost-limit probe (R-SEC-08) on both engines: refusals, and the heaviest accepted queries with /api/health meanwhile. */
async function costLimitsSection(): Promise<{ title: string; results: BenchResult[] }> {
  log('\n== Limites de coût GraphQL (sonde, R-SEC-08) ==');
  const results: BenchResult[] = [];
  const engines = [
    { engine: 'PostgreSQL', options: { databaseUrl: pgUrl, flux: pgFlux } },
    ...(values['skip-pglite'] ? [] : [{ engine: 'PGlite', options: { flux: pgliteFlux } }]),
  ];
  for (const { engine, options } of engines) {
    const database = await openBenchDatabase(options, log);
    try {
      results.push(...(await benchCostLimits(database, engine, log)));
    } finally {
      await database.close();
    }
  }
  return { title: 'Limites de coût GraphQL (requêtes de la sonde, requêtes acceptées les plus lourdes)', results };
}

/** The issuance figures (R-PERF-07) on the PostgreSQL bench database: the backfill from nothing, bytes per flux, one issuance. */
async function issuanceSection(): Promise<{ title: string; results: BenchResult[] }> {
  log(`\n== Émission des documents (R-DOC-01), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux ==`);
  const database = await openBenchDatabase({ databaseUrl: pgUrl, flux: pgFlux }, log);
  try {
    return {
      title: `Émission des documents, PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux`,
      results: await benchIssuance(database, log),
    };
  } finally {
    await database.close();
  }
}

/** The ledger figures (R-PERF-07) on the PostgreSQL bench database: a fiscal year's validation, the ledger's size, its FEC. */
async function ledgerSection(): Promise<{ title: string; results: BenchResult[] }> {
  log(`\n== Périodes comptables (R-LEDG-07), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux ==`);
  const database = await openBenchDatabase({ databaseUrl: pgUrl, flux: pgFlux }, log);
  try {
    return {
      title: `Validation des écritures et FEC, PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux`,
      results: await benchLedger(database, log),
    };
  } finally {
    await database.close();
  }
}

/** The bank figures (R-PERF-07) on the PostgreSQL bench database: a statement of 5,000 entries imported and matched. */
async function bankSection(): Promise<{ title: string; results: BenchResult[] }> {
  log(`\n== Relevés bancaires (R-BANK-01), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux ==`);
  const database = await openBenchDatabase({ databaseUrl: pgUrl, flux: pgFlux }, log);
  try {
    return {
      title: `Relevés bancaires et rapprochement, PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux`,
      results: await benchBankStatements(database, log),
    };
  } finally {
    await database.close();
  }
}

/** The document figures (R-PERF-07) through the production server on the PostgreSQL bench database. */
async function documentsSection(): Promise<{ title: string; results: BenchResult[] }> {
  log(`\n== Lots de documents et relevé de compte (R-DOC-08), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux ==`);
  const database = await openBenchDatabase({ databaseUrl: pgUrl, flux: pgFlux }, log);
  try {
    return {
      title: `Lots de documents et relevé de compte, PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux`,
      results: await benchStructureDocuments(root, pgUrl, database, log),
    };
  } finally {
    await database.close();
  }
}

/** R-SEPA-11 on the PostgreSQL bench database: SEPA files generated, then every one checked in SQL against what its invoices announced. */
async function sepaNoticeSection(): Promise<{ title: string; results: BenchResult[] }> {
  log(
    `\n== Prélèvements SEPA et préavis des factures (R-SEPA-11), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux ==`,
  );
  const database = await openBenchDatabase({ databaseUrl: pgUrl, flux: pgFlux }, log);
  try {
    return {
      title: `Prélèvements SEPA jamais avant la date annoncée sur la facture, PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux`,
      results: await benchSepaNotice(database, log),
    };
  } finally {
    await database.close();
  }
}

/**
 * The route fuzzer (R-SEC-20) on a small database of its own per engine (created, then dropped):
 * at least 50,000 requests in all, shared between the engines.
 */
async function fuzzSection(): Promise<{ title: string; results: BenchResult[] }> {
  const engines = values['skip-pglite'] ? 1 : 2;
  const requestsPerEngine = Number(values['fuzz-requests'] ?? Math.ceil(FUZZ_BENCH_BAR / engines));
  log(`\n== Fuzzing des routes (R-SEC-20), ${requestsPerEngine.toLocaleString('fr-FR')} requêtes par moteur ==`);
  return {
    title: 'Fuzzing des routes (REST et GraphQL, tous les rôles, bases réduites jetées après)',
    results: await benchFuzz({ pgUrl, requestsPerEngine, skipPglite: values['skip-pglite'], log }),
  };
}

if (values['fuzz-only']) {
  const section = await fuzzSection();
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

/**
 * The limits every instance shares (R-SEC-21): two server processes on a PostgreSQL database of
 * the step's own (gdf_bench_limites, made and dropped), 70 relevés of one structure at once.
 */
async function limitsSection(): Promise<{ title: string; results: BenchResult[] }> {
  log('\n== Limites partagées par deux instances (R-SEC-21), PostgreSQL ==');
  return {
    title: 'Limites partagées par deux instances (deux serveurs de production, une base PostgreSQL)',
    results: await benchSharedLimits(root, pgUrl, log),
  };
}

if (values['limits-only']) {
  const section = await limitsSection();
  await writeSection(section, { seconds: (performance.now() - started) / 1000, argv: process.argv.slice(2) });
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

/**
 * No user's work blocks another's (R-OPS-08 to R-OPS-11): the attack (60 relevés of one club, 3
 * packs, the head office's validation) against one production server, on the PostgreSQL bench
 * database and on the PGlite one.
 */
async function attackSection(): Promise<{ title: string; results: BenchResult[] }> {
  const results: BenchResult[] = [];
  log(`\n== Attaque d’un utilisateur (R-OPS-08), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux ==`);
  results.push(...(await benchAttack(root, { engine: 'PostgreSQL', databaseUrl: pgUrl, flux: pgFlux }, log)));
  if (!values['skip-pglite']) {
    log(`\n== Attaque d’un utilisateur (R-OPS-08), PGlite, ${pgliteFlux.toLocaleString('fr-FR')} flux ==`);
    results.push(
      ...(await benchAttack(root, { engine: 'PGlite', databaseUrl: null, flux: pgliteFlux }, log, { build: false })),
    );
  }
  return {
    title:
      'Attaque d’un utilisateur contre une instance (60 relevés d’un club, 3 lots, validation du siège) : santé et recherche des autres',
    results,
  };
}

/** R-MAIL-04 on the PostgreSQL bench database: 1,000 e-mails with attachments, one click each, with /api/health meanwhile. */
async function mailSection(): Promise<{ title: string; results: BenchResult[] }> {
  log(`\n== Envois par e-mail (R-MAIL-04), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux ==`);
  const database = await openBenchDatabase({ databaseUrl: pgUrl, flux: pgFlux }, log);
  try {
    return {
      title: `Envois par e-mail : 1 000 factures avec PDF et XML Factur-X remises à un serveur SMTP local, PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux`,
      results: await benchMail(root, pgUrl, database, log, { build: !process.env.BENCH_SERVER_BUILT }),
    };
  } finally {
    await database.close();
  }
}

if (values['mail-only']) {
  const section = await mailSection();
  await writeSection(section, { seconds: (performance.now() - started) / 1000, argv: process.argv.slice(2) });
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

if (values['attack-only']) {
  const section = await attackSection();
  await writeSection(section, { seconds: (performance.now() - started) / 1000, argv: process.argv.slice(2) });
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

/**
 * Two instances behind nginx (R-OPS-13): 20 clients of mixed reads and writes for 10 minutes
 * through Debian's nginx and the documented site file, one instance killed at half time.
 */
const SOAK = {
  minutes: Number(values['soak-minutes']),
  clients: Number(values['soak-clients']),
  thinkMs: Number(values['soak-think-ms']),
};
const SOAK_AT_FULL_LENGTH = SOAK.minutes === 10 && SOAK.clients === 20 && SOAK.thinkMs === 100;
async function soakSection(): Promise<{ title: string; results: BenchResult[] }> {
  log(
    `\n== Soak de deux instances derrière nginx (R-OPS-13), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux, ${SOAK.minutes} min ==`,
  );
  const database = await openBenchDatabase({ databaseUrl: pgUrl, flux: pgFlux }, log);
  try {
    return {
      title: `Soak : deux instances derrière nginx, ${SOAK.clients} clients, lectures et écritures, ${SOAK.minutes} min, une instance tuée (SIGKILL) à mi-parcours, PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux`,
      results: await benchSoak({ root, databaseUrl: pgUrl, database, ...SOAK, log }),
    };
  } finally {
    await database.close();
  }
}

if (values['soak-only']) {
  const section = await soakSection();
  // A shorter or lighter run is printed, never recorded as the bar's measure.
  if (SOAK_AT_FULL_LENGTH)
    await writeSection(section, { seconds: (performance.now() - started) / 1000, argv: process.argv.slice(2) });
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

/** R-JOB-01, R-JOB-02 on the PostgreSQL bench database: the head office's validation as a job, cancelled, killed and resumed. */
async function jobsSection(): Promise<{ title: string; results: BenchResult[] }> {
  log(`\n== Validation en traitement durable (R-JOB-02), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux ==`);
  const database = await openBenchDatabase({ databaseUrl: pgUrl, flux: pgFlux }, log);
  try {
    return {
      title: `Validation d'un exercice du siège en traitement durable (progression, annulation, kill -9 et reprise), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux`,
      results: await benchJobs(database, pgUrl, log),
    };
  } finally {
    await database.close();
  }
}

/** Bulk invoicing (R-INV-09) on the PostgreSQL bench database: 1,000 structures billed by one job. */
async function invoicingSection(): Promise<{ title: string; results: BenchResult[] }> {
  log(`\n== Facturation en lot (R-INV-09), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux ==`);
  const database = await openBenchDatabase({ databaseUrl: pgUrl, flux: pgFlux }, log);
  try {
    return {
      title: `Facturation en lot de 1 000 structures, PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux`,
      results: await benchBulkInvoicing({ root, pgUrl, database, log, build: !process.env.BENCH_SERVER_BUILT }),
    };
  } finally {
    await database.close();
  }
}

/** A season's shares and one payout file of every ligue and comité (R-PAY-01 to R-PAY-07). */
async function payoutsSection(): Promise<{ title: string; results: BenchResult[] }> {
  log(`\n== Quotes-parts et virements SEPA (R-PAY), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux ==`);
  const database = await openBenchDatabase({ databaseUrl: pgUrl, flux: pgFlux }, log);
  try {
    return {
      title: `Quotes-parts d'une saison et virements des ligues et comités, PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux`,
      results: await benchPayouts(database, log),
    };
  } finally {
    await database.close();
  }
}

if (values['payouts-only']) {
  const section = await payoutsSection();
  await writeSection(section, { seconds: (performance.now() - started) / 1000, argv: process.argv.slice(2) });
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

if (values['invoicing-only']) {
  const section = await invoicingSection();
  await writeSection(section, { seconds: (performance.now() - started) / 1000, argv: process.argv.slice(2) });
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

if (values['jobs-only']) {
  const section = await jobsSection();
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

if (values['sepa-only']) {
  const section = await sepaNoticeSection();
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

if (values['documents-only']) {
  const section = await documentsSection();
  await writeSection(section, { seconds: (performance.now() - started) / 1000, argv: process.argv.slice(2) });
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

if (values['bank-only']) {
  const section = await bankSection();
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

if (values['ledger-only']) {
  const section = await ledgerSection();
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

if (values['issuance-only']) {
  const section = await issuanceSection();
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

if (values['pdf-only']) {
  const section = { title: 'PDF de facture', results: await benchPdf() };
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

/**
 * The varied-search load (R-PERF-03): PostgreSQL at 10 and 50 connections, shared reads off and
 * on, the page as it sends its search now and as it did before (the ratio); PGlite at 5
 * connections. The per-kind tables are printed; the bars go to the results table.
 */
async function variedMixSections(): Promise<Array<{ title: string; results: BenchResult[] }>> {
  log(`\n== Charge variée (R-PERF-03), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux ==`);
  const pgRuns = await benchVariedMix({ databaseUrl: pgUrl, flux: pgFlux, log });
  log(`\n${formatMixTable(pgRuns)}`);
  const result = [
    {
      title: `Charge variée (6 000 recherches de 10 sortes), PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux`,
      results: mixResults(pgRuns, 'PostgreSQL', 10, 300),
    },
  ];
  if (!values['skip-pglite']) {
    log(`\n== Charge variée (R-PERF-03), PGlite, ${pgliteFlux.toLocaleString('fr-FR')} flux ==`);
    const pgliteRuns = await benchVariedMix({ flux: pgliteFlux, connections: [5], cache: [false], log });
    log(`\n${formatMixTable(pgliteRuns)}`);
    result.push({
      title: `Charge variée, PGlite, ${pgliteFlux.toLocaleString('fr-FR')} flux`,
      results: mixResults(pgliteRuns, 'PGlite', 5, 500),
    });
  }
  return result;
}

/** The flux search's scenarios one at a time on the PostgreSQL bench database (R-PERF-01). */
async function pgSearchSection(): Promise<{ title: string; results: BenchResult[] }> {
  log(`\n== Recherche de flux, PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux ==`);
  const pgRows = await benchSearch({ databaseUrl: pgUrl, flux: pgFlux, log });
  return {
    title: `Recherche, PostgreSQL, ${pgFlux.toLocaleString('fr-FR')} flux`,
    results: searchResults(pgRows, 'PostgreSQL', 50),
  };
}

if (values['search-only']) {
  const section = await pgSearchSection();
  await writeSection(section, { seconds: (performance.now() - started) / 1000, argv: process.argv.slice(2) });
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

if (values['mix-only']) {
  const mixSections = await variedMixSections();
  console.log(`\n${resultsTable(mixSections)}`);
  process.exit(mixSections.every((section) => section.results.every((result) => result.pass)) ? 0 : 1);
}

if (values['cost-only']) {
  const section = await costLimitsSection();
  console.log(`\n${resultsTable([section])}`);
  process.exit(section.results.every((result) => result.pass) ? 0 : 1);
}

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  log('Construction de l’application web...');
  spawnSync('npm', ['run', 'build', '-w', '@gdf/web'], { cwd: root, stdio: 'inherit' });
}

log('\n== Export 100 000 lignes ==');
sections.push({ title: 'Export (même code que le worker, dans Node)', results: await benchExport() });

log('\n== PDF : pdfkit contre html2pdf.js dans Chromium ==');
sections.push({ title: 'PDF de facture', results: await benchPdf() });

sections.push(await pgSearchSection());

sections.push(await issuanceSection());
sections.push(await ledgerSection());
sections.push(await jobsSection());
sections.push(await bankSection());
sections.push(await documentsSection());
sections.push(await sepaNoticeSection());
sections.push(await limitsSection());
sections.push(await attackSection());
sections.push(await soakSection());
sections.push(await invoicingSection());
sections.push(await payoutsSection());
sections.push(await mailSection());

if (!values['skip-load']) {
  log('\n== Charge GraphQL et JavaScript du tableau de bord ==');
  const database = await openBenchDatabase({ databaseUrl: pgUrl, flux: pgFlux }, log);
  const server = await startServerProcess(root, pgUrl);
  try {
    const { address } = server;
    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'siege@demo.fr', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const [season] = await database.query<{ id: number }>(`SELECT id FROM "FEDE_Saison" WHERE "EST_SaisonCourante"`);
    const where = { ID_Saison: { _eq: season?.id ?? 2027 } };
    sections.push({
      title:
        'API sous charge, même recherche répétée (référence ; autocannon, boucle locale, serveur de production dans son propre processus)',
      results: await loadTestGraphql(address, token, where),
    });
    sections.push({
      title: 'Web (build de production, Chromium)',
      results: [...(await benchDashboardJs(address)), ...(await benchTousRender(address, database))],
    });
  } finally {
    await server.stop();
    await database.close();
  }
}

if (!values['skip-load']) sections.push(...(await variedMixSections()));

if (!values['skip-pglite']) {
  log(`\n== Recherche de flux, PGlite, ${pgliteFlux.toLocaleString('fr-FR')} flux ==`);
  const rows = await benchSearch({ flux: pgliteFlux, log });
  sections.push({
    title: `Recherche, PGlite, ${pgliteFlux.toLocaleString('fr-FR')} flux`,
    results: searchResults(rows, 'PGlite', 100),
  });
}

sections.push(await costLimitsSection());

sections.push(await fuzzSection());

log('\n== Robustesse (R-PERF-08) ==');
sections.push({
  title: 'Robustesse (suites de R-PERF-08, comptes affichés par les tests)',
  results: benchRobustness(root),
});

const seconds = (performance.now() - started) / 1000;
const table = await writeResults(sections, { seconds, pgFlux, pgliteFlux, argv: process.argv.slice(2) });
console.log(`\n${table}`);
const failed = sections.flatMap((s) => s.results).filter((r) => !r.pass);
console.log(
  `\n${failed.length === 0 ? 'Toutes les barres tiennent.' : `${failed.length} barre(s) non tenue(s).`} (${seconds.toFixed(0)} s) -> bench/RESULTS.md`,
);
