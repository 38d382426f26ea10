import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/db/paths';

// A clone needs nothing beside it: the official schemas the tests validate against are copied unmodified in
// test-fixtures/ (sources in its README), and the server's run-time copies are the same bytes.
const FIXTURES = path.join(repositoryRoot(), 'test-fixtures');
const ASSETS = path.join(repositoryRoot(), 'apps', 'server', 'assets', 'xsd');

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** "hash  relative/path" lines, as `sha256sum` writes them. */
const recorded = new Map(
  readFileSync(path.join(FIXTURES, 'SHA256SUMS'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash, file] = line.split(/\s+\*?/);
      return [file as string, hash as string];
    }),
);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

describe('test-fixtures: official artefacts, unmodified', () => {
  it('holds exactly the files of SHA256SUMS (besides its README), each with its recorded SHA-256', () => {
    const files = filesUnder(FIXTURES).filter((file) => file !== 'README.md' && file !== 'SHA256SUMS');
    expect(files).toEqual([...recorded.keys()].sort());
    for (const file of files) expect(sha256(path.join(FIXTURES, file)), file).toBe(recorded.get(file));
  });

  it("the server's run-time schemas (apps/server/assets/xsd) are the same official files", () => {
    const schemas = filesUnder(ASSETS).filter((file) => file.endsWith('.xsd'));
    expect(schemas.length).toBeGreaterThan(0);
    for (const file of schemas) {
      const fixture = file.startsWith('cii-d16b/') ? `einvoice/${file}` : `xsd/${file}`;
      expect(sha256(path.join(ASSETS, file)), file).toBe(recorded.get(fixture));
    }
  });
});
