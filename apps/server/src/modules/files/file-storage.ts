import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Document bytes on local disk (DESIGN.md section 2: a small storage interface, a local
 * directory by default). A stored name is random and carries the SHA-256 of the bytes
 * ("<32 hex>.sha256-<64 hex>"), so the checksum needs no extra column and is verified on
 * every read.
 */
export interface FileStorage {
  save(bytes: Buffer): Promise<{ storedName: string; checksum: string }>;
  /** The bytes, or null when the file is missing; throws when they no longer match their checksum. */
  read(storedName: string): Promise<Buffer | null>;
  remove(storedName: string): Promise<void>;
  /** Deletes temporary files a crashed upload left, older than `olderThanMs`; returns how many. */
  removeLeftoverTemporaries(olderThanMs?: number): Promise<number>;
}

const STORED_NAME = /^[0-9a-f]{32}\.sha256-([0-9a-f]{64})$/;
const TEMPORARY_PREFIX = '.tmp-';
/** An upload writes its temporary file in well under a minute: older ones are a crash's leftovers. */
const LEFTOVER_AGE_MS = 60_000;

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function checksumOf(storedName: string): string | null {
  return STORED_NAME.exec(storedName)?.[1] ?? null;
}

export function createFileStorage(directory: string): FileStorage {
  /** Only names this storage produced resolve to a path: nothing can climb out of the directory. */
  const pathOf = (storedName: string) => {
    if (!STORED_NAME.test(storedName)) throw new Error(`Nom de fichier stocké invalide : ${storedName}`);
    return path.join(directory, storedName);
  };

  return {
    // Crash-safe: the bytes reach the disk under a temporary name first, then an atomic
    // rename publishes them whole; a crash leaves at worst a .tmp file, never half a file.
    async save(bytes) {
      await mkdir(directory, { recursive: true });
      const checksum = sha256(bytes);
      const storedName = `${randomBytes(16).toString('hex')}.sha256-${checksum}`;
      const temporary = path.join(directory, `${TEMPORARY_PREFIX}${storedName}`);
      try {
        const handle = await open(temporary, 'wx', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, pathOf(storedName));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      await syncDirectory(directory);
      return { storedName, checksum };
    },

    async read(storedName) {
      let bytes: Buffer;
      try {
        bytes = await readFile(pathOf(storedName));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      if (sha256(bytes) !== checksumOf(storedName)) throw new Error(`Somme de contrôle incorrecte pour ${storedName}`);
      return bytes;
    },

    async remove(storedName) {
      await rm(pathOf(storedName), { force: true });
    },

    // Only old ones: another process sharing the directory may be writing a fresh one.
    async removeLeftoverTemporaries(olderThanMs = LEFTOVER_AGE_MS) {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        if (!name.startsWith(TEMPORARY_PREFIX)) continue;
        const file = path.join(directory, name);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile() || Date.now() - info.mtimeMs < olderThanMs) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}

/** Makes the rename itself durable; not every platform can open a directory, hence best effort. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot fsync a directory; the rename is still atomic there.
  }
}
