import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { libxml2 } from './libxml2';

const SOURCES = path.resolve(import.meta.dirname, '..');

describe('libxml2-wasm, loaded on first use', () => {
  it('no server module imports it at start: lib/libxml2.ts loads it when an XML file is first checked', () => {
    const staticImports = readdirSync(SOURCES, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) =>
        /^import\s+(?!type\b)[^;]*from\s+'libxml2-wasm/m.test(readFileSync(path.join(SOURCES, file), 'utf8')),
      );
    expect(staticImports).toEqual([]);
  });

  it('is imported once, whoever asks first', async () => {
    const [first, second] = await Promise.all([libxml2(), libxml2()]);
    expect(first).toBe(second);
    expect(typeof first.XsdValidator.fromDoc).toBe('function');
  });
});
