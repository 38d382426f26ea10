/**
 * E-mail delivery under load (R-MAIL-04, R-MAIL-08, ADR 0056), against one production server
 * process on the PostgreSQL bench database: 1,000 invoices sent twice, as one batch (one job)
 * and then each by its own click ('Envoyer par e-mail', 8 clicks in flight: 1,000 jobs), every
 * message handed with its PDF and Factur-X XML to a local SMTP server (the npm smtp-server
 * package, in this process). Measured: from the request to the 1,000th message accepted by the
 * SMTP server, and `/api/health` every 50 ms meanwhile. Bars: <= 60 s, health p99 <= 200 ms.
 *
 * Prepared outside the measure: the invoices' PDFs are issued and stored first (a first download
 * each, as a user would have opened them), and their structures get a billing address.
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../../../apps/server/src/db/database';
import type { BenchResult } from '../bench-result';
import { percentile, startHealthProbe } from '../load/health-probe';
import { startServerProcess } from '../load/server-process';
import { signInToken } from '../load/sign-in-token';

export const MAIL_BARS = { seconds: 60, healthP99Ms: 200 };
const MESSAGES = 1_000;
const CLICKS_IN_FLIGHT = 8;
const HEALTH_EVERY_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Inbox {
  url: string;
  messages: number;
  bytes: number;
  withAttachment: number;
  /** When the `count`-th message arrived (performance.now()). */
  reached(count: number): Promise<number>;
  close(): Promise<void>;
}

/** A local SMTP server counting what it accepts (and whether each message carries a PDF). */
async function startInbox(): Promise<Inbox> {
  const waiting: Array<{ count: number; resolve: (at: number) => void }> = [];
  const inbox = {
    messages: 0,
    bytes: 0,
    withAttachment: 0,
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    size: 50 * 1024 * 1024,
    onData(stream, _session, callback) {
      let size = 0;
      let pdf = false;
      let tail = '';
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        const text = tail + chunk.toString('latin1');
        if (!pdf && /Content-Type: application\/pdf/i.test(text)) pdf = true;
        tail = text.slice(-64);
      });
      stream.on('end', () => {
        inbox.messages++;
        inbox.bytes += size;
        if (pdf) inbox.withAttachment++;
        const now = performance.now();
        for (const wait of waiting.filter((w) => inbox.messages >= w.count)) {
          waiting.splice(waiting.indexOf(wait), 1);
          wait.resolve(now);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get messages() {
      return inbox.messages;
    },
    get bytes() {
      return inbox.bytes;
    },
    get withAttachment() {
      return inbox.withAttachment;
    },
    reached: (count) =>
      inbox.messages >= count
        ? Promise.resolve(performance.now())
        : new Promise<number>((resolve) => waiting.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** 1,000 invoices (debits of category 4, not relaunched), the stored ones first; their structures get a billing address. */
async function prepare(database: Database): Promise<number[]> {
  const rows = await database.query<{ id: number }>(
    `SELECT f.id FROM "MKP_FluxFinancier" f
       LEFT JOIN "MKP_DocumentEmis" e ON e."ID_FluxFinancier" = f.id AND e."Type" = 'facture'
      WHERE f."EST_Debit" AND f."ID_CategoryFlux" = 4 AND f."ID_FluxFinancierRelance" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id)
      ORDER BY (e.id IS NULL), f.id DESC LIMIT $1`,
    [MESSAGES],
  );
  const ids = rows.map((row) => row.id);
  await database.query(
    `UPDATE "STR_Structure" s SET "CT_EmailFacturation" = 'bench-' || s.id || '@exemple.test'
      WHERE s.id IN (SELECT DISTINCT "ID_Structure" FROM "MKP_FluxFinancier" WHERE id = ANY($1::int[]))`,
    [ids],
  );
  return ids;
}

export async function benchMail(
  root: string,
  pgUrl: string,
  database: Database,
  log: (line: string) => void,
  /** false: the server built by an earlier start (built beforehand under the build lock). */
  options: { build?: boolean } = {},
): Promise<BenchResult[]> {
  const fluxIds = await prepare(database);
  if (fluxIds.length < MESSAGES) throw new Error(`Base de bench : ${fluxIds.length} factures seulement`);
  const inbox = await startInbox();
  const server = await startServerProcess(root, pgUrl, {
    env: { SMTP_URL: inbox.url, MAIL_FROM: 'Trésorerie FFME <compta@ffme.test>' },
    build: options.build,
  });
  try {
    const token = await signInToken(server.address, 'siege@demo.fr');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // Outside the measure: each invoice's first download issues and stores it.
    const started = performance.now();
    for (let next = 0; next < fluxIds.length;) {
      const batch = fluxIds.slice(next, next + 8);
      next += batch.length;
      await Promise.all(
        batch.map(async (id) => {
          const response = await fetch(`${server.address}/api/flux/${id}/facture.pdf`, { headers });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`facture ${id} : ${response.status}`);
        }),
      );
    }
    log(`  ${fluxIds.length} factures stockées d'abord en ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const measure = async (send: () => Promise<{ refused: number; clicks: number[] }>) => {
      const probe = startHealthProbe(server.address, HEALTH_EVERY_MS);
      const before = inbox.messages;
      const t0 = performance.now();
      const { refused, clicks } = await send();
      const asked = (performance.now() - t0) / 1000;
      const deadline = sleep(5 * 60_000).then(() => Number.NaN);
      const last = await Promise.race([inbox.reached(before + MESSAGES - refused), deadline]);
      const { samples: health, errors: healthErrors } = await probe.stop();
      return {
        refused,
        clicks,
        asked,
        received: inbox.messages - before,
        seconds: (last - t0) / 1000,
        health,
        healthErrors,
      };
    };
    const results: BenchResult[] = [];
    const report = (label: string, run: Awaited<ReturnType<typeof measure>>) => {
      const healthP99 = percentile(run.health, 99);
      log(
        `  ${label} : demandés en ${run.asked.toFixed(1)} s (${run.refused} refus), ${run.received} messages reçus en ${run.seconds.toFixed(1)} s ; ` +
          `santé p99 ${healthP99.toFixed(1)} ms sur ${run.health.length} (${run.healthErrors} erreurs)`,
      );
      results.push(
        {
          name: `PostgreSQL : 1 000 e-mails avec pièces jointes, ${label}, remis au serveur SMTP local (${run.refused} refus, ${run.received} reçus)`,
          value: Number(run.seconds.toFixed(1)),
          unit: 's',
          bar: MAIL_BARS.seconds,
          pass: run.refused === 0 && run.received === MESSAGES && run.seconds <= MAIL_BARS.seconds,
        },
        {
          name: `PostgreSQL : /api/health pendant ces envois (${label} ; p99, p50 ${percentile(run.health, 50).toFixed(1)} ms, ${run.healthErrors} erreurs)`,
          value: Number(healthP99.toFixed(1)),
          unit: 'ms',
          bar: MAIL_BARS.healthP99Ms,
          pass: run.healthErrors === 0 && healthP99 <= MAIL_BARS.healthP99Ms,
        },
      );
    };

    // One send of the 1,000 documents (R-MAIL-08): one job.
    const batch = await measure(async () => {
      const response = await fetch(`${server.address}/api/envois-email/lots`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ cle: randomUUID(), documents: fluxIds.map((id) => ({ type: 'facture', id })) }),
      });
      const answer = (await response.json()) as { envois?: number };
      return { refused: response.status === 202 ? MESSAGES - (answer.envois ?? 0) : MESSAGES, clicks: [] };
    });
    report('un envoi groupé', batch);

    // A click per document ('Envoyer par e-mail'), 8 in flight: 1,000 jobs.
    const single = await measure(async () => {
      const clicks: number[] = [];
      let refused = 0;
      let cursor = 0;
      await Promise.all(
        Array.from({ length: CLICKS_IN_FLIGHT }, async () => {
          while (cursor < fluxIds.length) {
            const id = fluxIds[cursor++]!;
            const at = performance.now();
            const response = await fetch(`${server.address}/api/envois-email`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ type: 'facture', id, cle: randomUUID() }),
            });
            await response.arrayBuffer();
            if (response.status !== 202) refused++;
            clicks.push(performance.now() - at);
          }
        }),
      );
      return { refused, clicks };
    });
    report('un clic chacun', single);
    results.push({
      name: 'PostgreSQL : clic « Envoyer par e-mail » pendant les envois (p95)',
      value: Number(percentile(single.clicks, 95).toFixed(1)),
      unit: 'ms',
      bar: 1_000,
      pass: percentile(single.clicks, 95) <= 1_000,
    });
    log(
      `  pièces jointes : ${inbox.withAttachment} messages avec PDF sur ${inbox.messages}, ${(inbox.bytes / 1024 / 1024).toFixed(0)} Mo`,
    );
    return results;
  } finally {
    await server.stop();
    await inbox.close();
  }
}
