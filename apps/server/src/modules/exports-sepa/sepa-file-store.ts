import { access, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Generated SEPA files, one per batch, named by the batch id (an integer, so no path can
 * be forged). Written under a temporary name then renamed: never half a file.
 */
export function createSepaFileStore(directory: string) {
  const fileOf = (batchId: number) => path.join(directory, `${Math.trunc(batchId)}.xml`);
  return {
    async save(batchId: number, xml: string): Promise<void> {
      await mkdir(directory, { recursive: true });
      const temporary = `${fileOf(batchId)}.tmp`;
      try {
        const handle = await open(temporary, 'w', 0o600);
        try {
          await handle.writeFile(xml, 'utf8');
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, fileOf(batchId));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async exists(batchId: number): Promise<boolean> {
      try {
        await access(fileOf(batchId));
        return true;
      } catch {
        return false;
      }
    },
    async read(batchId: number): Promise<Buffer | null> {
      try {
        return await readFile(fileOf(batchId));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
export type SepaFileStore = ReturnType<typeof createSepaFileStore>;
