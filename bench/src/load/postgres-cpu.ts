import { readFile } from 'node:fs/promises';
import pg from 'pg';

/**
 * CPU time spent by the PostgreSQL backends of one database, read from /proc (the server
 * runs on this machine). The database's backends are listed every 200 ms and their
 * user + system time read; a backend's last reading counts, so connections opened during
 * the run count too. Parallel workers that live less than 200 ms may be missed (the
 * figure is then a little low, never high).
 */
export async function startPostgresCpu(databaseUrl: string): Promise<{ stop(): Promise<number> }> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ownPid = Number((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid);
  const ticksPerSecond = 100; // Linux USER_HZ
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async () => {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
      database,
    ]);
    for (const { pid } of rows) {
      if (pid === ownPid) continue;
      const ticks = await cpuTicks(pid);
      if (ticks === null) continue;
      if (!first.has(pid)) first.set(pid, 0);
      last.set(pid, ticks);
    }
  };
  // Backends alive at the start count from their current time, later ones from zero.
  const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    database,
  ]);
  for (const { pid } of rows) {
    const ticks = pid === ownPid ? null : await cpuTicks(pid);
    if (ticks !== null) {
      first.set(pid, ticks);
      last.set(pid, ticks);
    }
  }
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(sample).catch(() => undefined);
  }, 200);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      await sample();
      await client.end();
      let ticks = 0;
      for (const [pid, value] of last) ticks += value - (first.get(pid) ?? 0);
      return (ticks / ticksPerSecond) * 1000;
    },
  };
}

/** utime + stime of a process, in clock ticks; null when it is gone. */
/** user + system CPU ticks (1/100 s) of a process, null when it is gone. */
export async function cpuTicks(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}
