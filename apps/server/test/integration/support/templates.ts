import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../../../src/db/database';
import { adminQuery, postgresTemplateName } from './postgres-admin';
import { seedSmallData } from './small-seed';

/**
 * One template per run and kind, made once and copied by every test file: `empty` (the
 * migrations only) and `seeded` (seedSmall's demo data). A PGlite template is a tarball of
 * its data directory (dumpDataDir), loaded into a new in-memory PGlite; a PostgreSQL one is
 * a database that each file's database is created from (`CREATE DATABASE ... TEMPLATE`).
 *
 * Made when a file first needs it, by whichever worker gets there first (an exclusive lock
 * file in the run's folder); the others wait for its `.done` file. test/global-setup.ts
 * gives the run its folder and removes it, and the PostgreSQL templates, at the end.
 */
export type TemplateKind = 'empty' | 'seeded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder for PGlite templates and locks; its name ends with the run's id. */
    gdfTemplateDir: string;
  }
}

const WAIT_MS = 300_000;

/** The run's folder, or null outside a run with test/global-setup.ts (each file then seeds its own). */
export function templateDir(): string | null {
  try {
    return inject('gdfTemplateDir') ?? null;
  } catch {
    return null;
  }
}

/** A PGlite template's tarball, as a Blob for `openDatabase({ memory: true, loadDataDir })`. */
export async function pgliteTemplate(dir: string, kind: TemplateKind): Promise<Blob> {
  const file = path.join(dir, `pglite-${kind}.tar`);
  await once(dir, `pglite-${kind}`, async () => {
    const database =
      kind === 'empty'
        ? await openDatabase({ memory: true })
        : await openDatabase({ memory: true, loadDataDir: await pgliteTemplate(dir, 'empty') });
    try {
      if (kind === 'seeded') await seedSmallData(database);
      await database.query('CHECKPOINT');
      const tarball = await database.dumpDataDir!();
      const partial = `${file}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
      await rename(partial, file);
    } finally {
      await database.close();
    }
  });
  return new Blob([await readFile(file)]);
}

/** The name of the run's PostgreSQL template of `kind` on `serverUrl`, made if needed. */
export async function postgresTemplate(serverUrl: string, dir: string, kind: TemplateKind): Promise<string> {
  const name = postgresTemplateName(dir, kind);
  await once(dir, `postgres-${kind}`, async () => {
    const source = kind === 'seeded' ? ` TEMPLATE ${await postgresTemplate(serverUrl, dir, 'empty')}` : '';
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminQuery(serverUrl, `CREATE DATABASE ${name}${source}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), statementTimeoutMs: 0, poolSize: 2, readPoolSize: 1 });
    try {
      // The seed ends with ANALYZE: the planner's statistics are in the copy too.
      if (kind === 'seeded') await seedSmallData(database);
    } finally {
      await database.close();
    }
  });
  return name;
}

/** Runs `make` once per run for `key`, across every worker; the others wait for it. */
async function once(dir: string, key: string, make: () => Promise<void>): Promise<void> {
  const done = path.join(dir, `${key}.done`);
  if (existsSync(done)) return checkDone(done);
  let owner = true;
  try {
    await writeFile(path.join(dir, `${key}.lock`), String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    owner = false;
  }
  if (owner) {
    try {
      await make();
      await writeFile(done, 'ok');
    } catch (error) {
      await writeFile(done, `échec : ${String((error as Error).stack ?? error)}`);
      throw error;
    }
    return;
  }
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(done)) {
    if (Date.now() > deadline) throw new Error(`modèle de base de test ${key} toujours absent après ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return checkDone(done);
}

async function checkDone(done: string): Promise<void> {
  const status = await readFile(done, 'utf8');
  if (status !== 'ok') throw new Error(`modèle de base de test en échec (${path.basename(done)}) : ${status}`);
}
