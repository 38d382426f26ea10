import { describe, expect, it, vi } from 'vitest';
import { InlineExportWorker } from '../worker/inline-export-worker';
import { createExportWorker } from './use-export';

describe('createExportWorker', () => {
  it('starts the module Web Worker when the browser has one (the production path)', () => {
    const constructed: Array<{ url: string; options: unknown }> = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: URL, options: unknown) {
          constructed.push({ url: String(url), options });
        }
      },
    );
    createExportWorker();
    expect(constructed).toHaveLength(1);
    expect(constructed[0]?.url).toMatch(/worker\/export\.worker\.ts/);
    expect(constructed[0]?.options).toEqual({ type: 'module' });
  });

  it('falls back to the same job on the main thread without Worker', () => {
    vi.stubGlobal('Worker', undefined);
    expect(createExportWorker()).toBeInstanceOf(InlineExportWorker);
  });
});
