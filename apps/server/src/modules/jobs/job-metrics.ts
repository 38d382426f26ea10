import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/database';
import { jobQueueStats } from './jobs.repository';

/**
 * The job queue as Prometheus reads it (R-OPS-01), from the jobs' rows at scrape time, so every
 * instance reports the whole fleet's queue: jobs per kind and status (waiting is the queue's
 * depth, failed its failures) and the age of the oldest waiting job per kind.
 */
export function registerJobMetrics(registry: Registry, database: Database): void {
  // A scrape collects every metric at once: both gauges share the reading in flight.
  let reading: ReturnType<typeof jobQueueStats> | null = null;
  const stats = () =>
    (reading ??= jobQueueStats(database).finally(() => {
      reading = null;
    }));
  new Gauge({
    name: 'gdf_jobs',
    help: 'Traitements par type et statut (en_attente : profondeur de la file ; echoue : échecs)',
    labelNames: ['type', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { type, status, count } of await stats()) this.set({ type, status }, count);
    },
  });
  new Gauge({
    name: 'gdf_jobs_oldest_waiting_seconds',
    help: 'Âge du plus ancien traitement en attente, par type',
    labelNames: ['type'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { type, oldestSeconds } of await stats())
        if (oldestSeconds !== null) this.set({ type }, oldestSeconds);
    },
  });
}
