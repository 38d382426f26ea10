import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { JobRuntime } from '../jobs/job-runtime';
import { scheduleMonthlyRecaps } from './monthly-recap-job';

/** How often an instance asks (R-RECAP-05): the month's job starts within the hour after midnight. */
const SCHEDULE_EVERY_MS = 60 * 60 * 1000;

/**
 * R-RECAP-05's scheduler: every instance asks at start, then every hour; the first day a month is
 * over, the first to ask enqueues its job (scheduleMonthlyRecaps: once for the fleet), the
 * others find it recorded. Stopped with the app.
 */
export function startMonthlyRecapSchedule(app: FastifyInstance, database: Database, jobs: JobRuntime): void {
  let timer: NodeJS.Timeout | null = null;
  const ask = () =>
    void scheduleMonthlyRecaps(database, jobs).catch((error: unknown) =>
      app.log.error({ err: error }, 'échec de la demande des récapitulatifs mensuels'),
    );
  app.addHook('onReady', async () => {
    ask();
    timer = setInterval(ask, SCHEDULE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
