import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { createJobQueue, type JobQueue } from '../../../src/modules/jobs/job-queue';
import { testDatabaseTargets, type TestDatabase } from '../support/databases';

const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');
const QUEUES = ['essai_a', 'essai_b', 'essai_c', 'essai_d', 'essai_e', 'essai_f'];

/**
 * R-JOB-01 across a fleet: instances starting together on one fresh PostgreSQL install pg-boss
 * and create the same queues at the same moment (two `create_queue` calls on one partition
 * deadlocked a CI run). Several rounds, each instance on its own connections; PostgreSQL only
 * (the embedded database is one process).
 */
describe.skipIf(!postgres)('instances starting together on one PostgreSQL', () => {
  let database: TestDatabase;
  const opened: Database[] = [];
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    database = await postgres!.open();
    for (let instance = 0; instance < 4; instance++) {
      const handle = await database.reopen!({ poolSize: 4 });
      opened.push(handle);
      queues.push(createJobQueue(handle, { pollingSeconds: 2, retryDelaySeconds: 2 }, () => undefined));
    }
  });

  afterAll(async () => {
    for (const queue of queues) await queue.stop().catch(() => undefined);
    for (const handle of opened) await handle.close();
    await database?.close();
  });

  it('all start and create every queue without an error, each queue once', async () => {
    await Promise.all(queues.map((queue) => queue.start()));
    await Promise.all(queues.flatMap((queue) => QUEUES.map((name) => queue.createQueue(name, 2))));
    const rows = await database.query<{ name: string }>(
      `SELECT name FROM pgboss.queue WHERE name LIKE 'essai\\_%' ORDER BY name`,
    );
    expect(rows.map((row) => row.name)).toEqual(QUEUES);
  });
});
