/**
 * The issuance figures (R-DOC-01, R-PERF-07) on the bench database: the backfill that issues every flux
 * created before documents were issued with their flux (time for all of them, from nothing), the bytes the frozen data takes
 * per flux (MKP_FluxEmission and the shared DOC_DonneeFigee rows, indexes and TOAST
 * included), and what issuing one flux adds to its creation's transaction.
 */
import type { Database } from '../../../apps/server/src/db/database';
import { DEMO_SEPA_ICS } from '../../../apps/server/src/modules/exports-sepa/sepa-settings';
import {
  issueFluxDocuments,
  issueMissingDocuments,
} from '../../../apps/server/src/modules/flux-documents/issue-documents';
import type { BenchResult } from '../bench-result';

const SETTINGS = { creditorIdentifier: DEMO_SEPA_ICS };
const BATCH_SIZE = 50_000;
const SINGLE_SAMPLES = 100;
/** Bars of this bench (R-PERF-07 asks for the figures; these are ours). */
const BARS = { backfillSecondsPerMillion: 300, bytesPerFlux: 250, singleMs: 20 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchIssuance(database: Database, log: (line: string) => void): Promise<BenchResult[]> {
  await database.query(`TRUNCATE "MKP_FluxEmission", "DOC_DonneeFigee"`);
  const [{ flux } = { flux: 0 }] = await database.query<{ flux: number }>(
    `SELECT count(*)::int AS flux FROM "MKP_FluxFinancier"`,
  );
  const started = performance.now();
  let lastLog = started;
  const issued = await issueMissingDocuments(database, SETTINGS, {
    batchSize: BATCH_SIZE,
    onProgress: ({ issued, scannedUpTo, maxId }) => {
      if (performance.now() - lastLog < 10_000) return;
      lastLog = performance.now();
      log(`  ${issued.toLocaleString('fr-FR')} flux émis (id ${scannedUpTo} / ${maxId})`);
    },
  });
  const backfillSeconds = (performance.now() - started) / 1000;
  if (issued !== flux) throw new Error(`Rattrapage incomplet : ${issued} flux émis sur ${flux}`);
  await database.query(`VACUUM ANALYZE "MKP_FluxEmission"`);
  await database.query(`VACUUM ANALYZE "DOC_DonneeFigee"`);

  const [sizes] = await database.query<{ issuedBytes: string; sharedBytes: string; fluxBytes: string }>(
    `SELECT pg_total_relation_size('"MKP_FluxEmission"')::text AS "issuedBytes",
            pg_total_relation_size('"DOC_DonneeFigee"')::text AS "sharedBytes",
            (pg_total_relation_size('"MKP_FluxFinancier"') + pg_total_relation_size('"MKP_FluxFinancierDetail"'))::text
              AS "fluxBytes"`,
  );
  const shared = await database.query<{ nature: string; n: number }>(
    `SELECT "Nature" AS nature, count(*)::int AS n FROM "DOC_DonneeFigee" GROUP BY 1 ORDER BY 1`,
  );
  log(`  lignes partagées : ${shared.map((row) => `${row.nature} ${row.n.toLocaleString('fr-FR')}`).join(', ')}`);
  const bytesPerFlux = (Number(sizes!.issuedBytes) + Number(sizes!.sharedBytes)) / flux;
  const fluxBytesPerFlux = Number(sizes!.fluxBytes) / flux;

  const singleMs = await singleIssuanceMedian(database);
  const perMillion = backfillSeconds / (flux / 1_000_000);
  return [
    {
      name: `Rattrapage : émission de ${flux.toLocaleString('fr-FR')} flux (lots de ${BATCH_SIZE.toLocaleString('fr-FR')})`,
      value: Number(backfillSeconds.toFixed(1)),
      unit: 's',
      bar: Number(((BARS.backfillSecondsPerMillion * flux) / 1_000_000).toFixed(0)),
      pass: perMillion <= BARS.backfillSecondsPerMillion,
    },
    {
      name: 'Données figées par flux (MKP_FluxEmission + DOC_DonneeFigee, index compris)',
      value: Math.round(bytesPerFlux),
      unit: 'o',
      bar: BARS.bytesPerFlux,
      pass: bytesPerFlux <= BARS.bytesPerFlux,
    },
    {
      name: 'Pour comparaison : le flux et ses lignes (MKP_FluxFinancier + détail, index compris)',
      value: Math.round(fluxBytesPerFlux),
      unit: 'o',
      bar: 0,
      pass: true,
      reference: true,
    },
    {
      name: `Émission d'un flux dans sa transaction (médiane sur ${SINGLE_SAMPLES})`,
      value: Number(singleMs.toFixed(2)),
      unit: 'ms',
      bar: BARS.singleMs,
      pass: singleMs <= BARS.singleMs,
    },
  ];
}

/** Takes back the issuance of flux spread over the table and issues each again in its own transaction. */
async function singleIssuanceMedian(database: Database): Promise<number> {
  const sample = await database.query<{ id: number }>(
    `SELECT "ID_FluxFinancier" AS id FROM "MKP_FluxEmission" TABLESAMPLE SYSTEM (1) LIMIT ${SINGLE_SAMPLES}`,
  );
  const timings: number[] = [];
  for (const { id } of sample) {
    await database.query(`DELETE FROM "MKP_FluxEmission" WHERE "ID_FluxFinancier" = $1`, [id]);
    const started = performance.now();
    const issued = await database.transaction((tx) => issueFluxDocuments(tx, { fromId: id, toId: id + 1 }, SETTINGS));
    timings.push(performance.now() - started);
    if (issued !== 1) throw new Error(`Flux ${id} non réémis`);
  }
  return median(timings);
}
