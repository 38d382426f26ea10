import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database';
import { buildRestApp } from './rest-context';

/**
 * Issue 15: an upload writes `.tmp-<name>` then renames it; a crash in between leaves the
 * temporary file behind. Start-up removes those older than a minute (another process
 * sharing the directory may be writing a fresh one right now), and nothing else.
 */
describe('leftover temporary upload files', () => {
  let filesDir: string | undefined;
  afterEach(async () => {
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  it('are removed when the app starts; fresh ones and stored files stay', async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'gdf-files-'));
    const stored = `${'a'.repeat(32)}.sha256-${'b'.repeat(64)}`;
    const crashed = `.tmp-${'c'.repeat(32)}.sha256-${'d'.repeat(64)}`;
    const writing = `.tmp-${'e'.repeat(32)}.sha256-${'f'.repeat(64)}`;
    await mkdir(filesDir, { recursive: true });
    for (const name of [stored, crashed, writing]) await writeFile(path.join(filesDir, name), 'octets');
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await utimes(path.join(filesDir, crashed), twoMinutesAgo, twoMinutesAgo);
    await utimes(path.join(filesDir, stored), twoMinutesAgo, twoMinutesAgo);

    const database = await openDatabase({ memory: true });
    const app = await buildRestApp(database, filesDir);
    try {
      await app.ready();
      expect((await readdir(filesDir)).sort()).toEqual([writing, stored].sort());
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('a files directory that does not exist yet is not an error', async () => {
    filesDir = path.join(await mkdtemp(path.join(tmpdir(), 'gdf-files-')), 'pas-encore');
    const database = await openDatabase({ memory: true });
    const app = await buildRestApp(database, filesDir);
    await app.close();
    await database.close();
  });
});
