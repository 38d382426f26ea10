/**
 * The document figures (R-PERF-07) on the PostgreSQL bench database, through the production
 * server in its own process: a pack of about 1,000 invoices asked by
 * `POST /api/flux/documents/pack.zip`, a job at that size, followed then downloaded (time, and the server's peak resident memory during
 * the pack: VmHWM of /proc/<pid>/status, reset just before through clear_refs), first while
 * the PDFs are rendered and stored on first read, then from the stored bytes; and the relevé
 * de compte (PDF) of the structure with the most flux in the current season; the head office's
 * Impayés list (every open flux of the federation, its overdue part aged per structure, and each
 * structure's balance) and that structure's page (R-BAL-01).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DEMO_SEPA_ICS } from '../../../apps/server/src/modules/exports-sepa/sepa-settings';
import { issueMissingDocuments } from '../../../apps/server/src/modules/flux-documents/issue-documents';
import type { Database } from '../../../apps/server/src/db/database';
import { EMPTY_FLUX_FILTERS } from '@gdf/domain';
import type { BenchResult } from '../bench-result';
import { startServerProcess } from '../load/server-process';

// Impayés (1 s) and the structure's page (300 ms) read the balance rule (R-BAL-01) for every structure.
const BARS = { packSeconds: 20, packMegabytes: 200, statementSeconds: 2, impayesSeconds: 1, pageMilliseconds: 300 };

const statusMegabytes = (pid: number, field: 'VmHWM' | 'VmRSS') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return line ? Number(line[1]) / 1024 : Number.NaN;
};
const peakMegabytes = (pid: number) => statusMegabytes(pid, 'VmHWM');

/** The server's CPU time so far (user + system, /proc/<pid>/stat): what a measure costs whatever the machine's load. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** The machine's load average (1, 5, 15 min): the bench shares its cores. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const issuedStatements = async (database: Database, structureId: number) =>
  (
    await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MKP_ReleveCompteEmis" WHERE "ID_Structure" = $1`,
      [structureId],
    )
  )[0]?.n ?? 0;

/** The structure's statement over the current season, as a PDF: time and size. */
async function fetchStatement(address: string, token: string, structureId: number) {
  const started = performance.now();
  const response = await fetch(
    `${address}/api/structures/${structureId}/releve-de-compte?format=pdf&structureId=1318`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  if (!response.ok) throw new Error(`Relevé de compte refusé : ${response.status} ${await response.text()}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  return { seconds: (performance.now() - started) / 1000, bytes };
}

/**
 * Asks the pack and counts its bytes (the client keeps nothing). A pack above
 * DOCUMENT_PACK_BACKGROUND_ABOVE documents is a job (R-JOB-05: 202): it is followed in 'Mes
 * traitements' until it ends, then its ZIP is downloaded, as a user does; the time covers both.
 */
async function downloadPack(address: string, token: string, body: object, pid: number) {
  const started = performance.now();
  let jobPeak = Number.NaN;
  const headers = { authorization: `Bearer ${token}` };
  let response = await fetch(`${address}/api/flux/documents/pack.zip?structureId=1318`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status === 202) {
    const { traitement } = (await response.json()) as { traitement: { id: number } };
    const ended = await jobEnded(address, headers, traitement.id);
    // The peak so far is the job's own: the download's part is what comes after.
    jobPeak = peakMegabytes(pid);
    response = await fetch(`${address}/api/traitements/${ended}/resultat`, { headers });
  }
  if (!response.ok || !response.body) throw new Error(`Lot refusé : ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
  return { seconds: (performance.now() - started) / 1000, bytes, jobPeak };
}

/** Polls a job every 100 ms until it ends; its id once done, an error if it failed or was cancelled. */
async function jobEnded(address: string, headers: Record<string, string>, id: number): Promise<number> {
  for (;;) {
    const job = (await (await fetch(`${address}/api/traitements/${id}`, { headers })).json()) as { statut: string };
    if (job.statut === 'termine') return id;
    if (job.statut !== 'en_attente' && job.statut !== 'en_cours')
      throw new Error(`Lot en arrière-plan : ${job.statut}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function benchStructureDocuments(
  root: string,
  databaseUrl: string,
  database: Database,
  log: (line: string) => void,
): Promise<BenchResult[]> {
  const issued = await issueMissingDocuments(database, { creditorIdentifier: DEMO_SEPA_ICS }, { batchSize: 50_000 });
  if (issued > 0) log(`  documents émis d'abord pour ${issued.toLocaleString('fr-FR')} flux`);
  // A structure and season whose flux are about 1,000 (the largest group not above 1,000) and
  // none of whose factures is stored yet: every run measures a first read.
  const [group] = await database.query<{ structure: number; season: number; n: number }>(
    `SELECT f."ID_Structure" AS structure, f."ID_Saison" AS season, count(*)::int AS n FROM "MKP_FluxFinancier" f
      GROUP BY 1, 2 HAVING count(*) <= 1000
         AND NOT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" g JOIN "MKP_DocumentEmis" e ON e."ID_FluxFinancier" = g.id
                          WHERE g."ID_Structure" = f."ID_Structure" AND g."ID_Saison" = f."ID_Saison")
      ORDER BY count(*) DESC, 1, 2 LIMIT 1`,
  );
  const [largest] = await database.query<{ structure: number; n: number }>(
    `SELECT f."ID_Structure" AS structure, count(*)::int AS n FROM "MKP_FluxFinancier" f
       JOIN "FEDE_Saison" s ON s.id = f."ID_Saison" AND s."EST_SaisonCourante"
      GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  );
  if (!group || !largest) throw new Error('Base de bench sans flux');
  const server = await startServerProcess(root, databaseUrl);
  try {
    const login = await fetch(`${server.address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'siege@demo.fr', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const body = {
      filters: { ...EMPTY_FLUX_FILTERS, season: group.season, structureId: group.structure },
      kinds: ['facture'],
    };
    const pid = server.pid!;
    const idle = statusMegabytes(pid, 'VmRSS');
    log(`  serveur au repos après connexion : ${idle.toFixed(0)} Mo résidents ; charge ${loadAverage()}`);
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const firstCpu = cpuSeconds(pid);
    const first = await downloadPack(server.address, token, body, pid);
    const firstPeak = peakMegabytes(pid);
    log(`  après le premier lot : ${statusMegabytes(pid, 'VmRSS').toFixed(0)} Mo résidents`);
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const againCpu = cpuSeconds(pid);
    const again = await downloadPack(server.address, token, body, pid);
    const againPeak = peakMegabytes(pid);
    const againCpuEnd = cpuSeconds(pid);
    log(`  charge de la machine : ${loadAverage()}`);
    log(
      `  lot de ${group.n} factures : ${first.seconds.toFixed(1)} s (${(first.bytes / 1e6).toFixed(1)} Mo, pic ${firstPeak.toFixed(0)} Mo dont ${first.jobPeak.toFixed(0)} Mo avant le téléchargement, ` +
        `CPU du serveur ${(againCpu - firstCpu).toFixed(1)} s), puis ${again.seconds.toFixed(1)} s (pic ${againPeak.toFixed(0)} Mo dont ${again.jobPeak.toFixed(0)} Mo avant le téléchargement, ` +
        `CPU du serveur ${(againCpuEnd - againCpu).toFixed(1)} s)`,
    );

    // The first request of the day issues the statement (PDF and xlsx rendered and stored),
    // the second finds the same statement and sends its stored PDF.
    const issuedBefore = await issuedStatements(database, largest.structure);
    const statementCpu = cpuSeconds(pid);
    const issue = await fetchStatement(server.address, token, largest.structure);
    const issueCpu = cpuSeconds(pid) - statementCpu;
    const issuedNow = (await issuedStatements(database, largest.structure)) > issuedBefore;
    const askedAgain = await fetchStatement(server.address, token, largest.structure);
    const statementSeconds = issue.seconds;
    log(
      `  relevé de compte de la structure ${largest.structure} (${largest.n} flux de la saison) : ` +
        `${issue.seconds.toFixed(2)} s (${issuedNow ? 'émis' : 'déjà émis ce jour'}, ${(issue.bytes / 1e3).toFixed(0)} ko, ` +
        `CPU du serveur ${issueCpu.toFixed(2)} s), ` +
        `redemandé : ${askedAgain.seconds.toFixed(2)} s ; charge ${loadAverage()}`,
    );

    // The head office's Impayés list: every overdue flux of the federation, aged per structure.
    const listStarted = performance.now();
    const impayes = await fetch(`${server.address}/api/impayes?structureId=1318`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!impayes.ok) throw new Error(`Impayés refusés : ${impayes.status} ${await impayes.text()}`);
    const { total } = (await impayes.json()) as { total: number };
    const impayesSeconds = (performance.now() - listStarted) / 1000;
    log(`  impayés du siège : ${total} structures (la première page) en ${impayesSeconds.toFixed(2)} s`);

    // The structure's page ('Situation de la structure') of the same largest structure: its
    // balance, ageing, open flux and history. The first request, then the median of five more.
    const page = async () => {
      const started = performance.now();
      const response = await fetch(`${server.address}/api/structures/${largest.structure}/situation?structureId=1318`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`Page de la structure refusée : ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    const pageFirst = await page();
    const pageAgain: number[] = [];
    for (let round = 0; round < 5; round++) pageAgain.push(await page());
    const pageMedian = pageAgain.sort((a, b) => a - b)[2]!;
    log(
      `  page de la structure ${largest.structure} : ${pageFirst.toFixed(0)} ms, puis médiane ${pageMedian.toFixed(0)} ms`,
    );

    const pack = (name: string, run: { seconds: number }, peak: number): BenchResult[] => [
      {
        name: `Lot de ${group.n} factures (traitement en arrière-plan, puis son ZIP téléchargé), ${name}`,
        value: Number(run.seconds.toFixed(1)),
        unit: 's',
        bar: BARS.packSeconds,
        pass: run.seconds <= BARS.packSeconds,
      },
      {
        name: `Lot de ${group.n} factures, ${name} : pic de mémoire résidente du serveur (VmHWM)`,
        value: Math.round(peak),
        unit: 'Mo',
        bar: BARS.packMegabytes,
        pass: peak <= BARS.packMegabytes,
      },
    ];
    return [
      ...pack('PDF rendus et stockés à la première lecture', first, firstPeak),
      ...pack('PDF déjà stockés', again, againPeak),
      {
        name: `Relevé de compte (PDF) de la plus grande structure de la saison (${largest.n} flux), ${issuedNow ? 'émis (PDF et xlsx rendus et stockés)' : 'déjà émis ce jour'}`,
        value: Number(statementSeconds.toFixed(2)),
        unit: 's',
        bar: BARS.statementSeconds,
        pass: statementSeconds <= BARS.statementSeconds,
      },
      {
        name: `Relevé de compte de la même structure redemandé (le relevé émis, lu dans le stockage)`,
        value: Number(askedAgain.seconds.toFixed(2)),
        unit: 's',
        bar: BARS.statementSeconds,
        pass: askedAgain.seconds <= BARS.statementSeconds,
      },
      {
        name: `Impayés du siège (${total} structures, ancienneté des flux échus, première page)`,
        value: Number(impayesSeconds.toFixed(2)),
        unit: 's',
        bar: BARS.impayesSeconds,
        pass: impayesSeconds <= BARS.impayesSeconds,
      },
      {
        name: `Situation de la plus grande structure de la saison (${largest.n} flux), première demande`,
        value: Math.round(pageFirst),
        unit: 'ms',
        bar: BARS.pageMilliseconds,
        pass: pageFirst <= BARS.pageMilliseconds,
      },
      {
        name: `Situation de la même structure, médiane de 5 demandes suivantes`,
        value: Math.round(pageMedian),
        unit: 'ms',
        bar: BARS.pageMilliseconds,
        pass: pageMedian <= BARS.pageMilliseconds,
      },
    ];
  } finally {
    await server.stop();
  }
}
