import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleStackMapper,
  findOriginalPositions,
  sourceMappedErrorSerializer,
  type RawSourceMap,
} from './source-stack';

// A bundle built as apps/server/build.mjs builds the server's (esbuild, ESM, external map
// without the sources' text), from two TypeScript files; one function throws.
const THROWING_SOURCE = [
  "import { describe } from './describe';",
  '',
  'export function refuse(amount: number): never {',
  '  const text = describe(amount);',
  '  throw new Error(`Refusé : ${text}`);',
  '}',
  '',
].join('\n');
const HELPER_SOURCE = [
  'export function describe(amount: number): string {',
  '  const euros = Math.floor(amount / 100);',
  '  return `${euros},${String(amount % 100).padStart(2, "0")} €`;',
  '}',
  'export const cents = (text: string) => Number(text.replace(/\\D/g, ""));',
  '',
].join('\n');

let folder: string;
let bundleFile: string;
let map: RawSourceMap;
/** The bundle's error as the server's process prints it: Node without source maps, in a process of its own (Vitest maps stacks itself). */
let rawStack: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'source-stack-'));
  writeFileSync(path.join(folder, 'refuse.ts'), THROWING_SOURCE);
  writeFileSync(path.join(folder, 'describe.ts'), HELPER_SOURCE);
  bundleFile = path.join(folder, 'dist', 'server.js');
  const result = await build({
    entryPoints: [path.join(folder, 'refuse.ts')],
    outfile: bundleFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'silent',
  });
  expect(result.errors).toEqual([]);
  map = JSON.parse(readFileSync(`${bundleFile}.map`, 'utf8')) as RawSourceMap;
  const thrower = `import(${JSON.stringify(pathToFileURL(bundleFile).href)}).then((bundle) => {
    try { bundle.refuse(12345); } catch (error) { process.stdout.write(error.stack); }
  });`;
  const environment: NodeJS.ProcessEnv = { ...process.env };
  delete environment.NODE_OPTIONS;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', thrower], {
    encoding: 'utf8',
    env: environment,
  });
  rawStack = run.stdout;
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** An error carrying that stack, as the logger gets it. */
function thrownByBundle(): Error {
  const error = new Error('Refusé : 123,45 €');
  error.stack = rawStack;
  return error;
}

describe('source-mapped stacks of logged errors (ADR 0042)', () => {
  it('finds, for every position of the bundle, the original position Node’s own SourceMap finds', () => {
    const lines = readFileSync(bundleFile, 'utf8').split('\n');
    const positions = lines.flatMap((text, line) =>
      Array.from({ length: text.length + 1 }, (_, column) => ({ line, column })),
    );
    const reference = new SourceMap(map as never);
    const expected = positions.map(({ line, column }) => {
      const entry = reference.findEntry(line, column) as {
        originalSource?: string;
        originalLine?: number;
        originalColumn?: number;
      };
      return entry.originalSource === undefined
        ? null
        : { source: entry.originalSource, line: entry.originalLine, column: entry.originalColumn };
    });
    const found = findOriginalPositions(map, positions);
    expect(positions.length).toBeGreaterThan(200);
    expect(found.filter(Boolean).length).toBeGreaterThan(positions.length / 2);
    expect(found).toEqual(expected);
  });

  it('maps a thrown error’s frames to the TypeScript lines that threw and called', () => {
    expect(rawStack).toContain(`at Module.refuse (${pathToFileURL(bundleFile).href}:`);
    const mapped = bundleStackMapper(bundleFile)(rawStack);
    const throwLine = THROWING_SOURCE.split('\n').findIndex((line) => line.includes('throw new Error')) + 1;
    expect(mapped).toContain(`at Module.refuse (${path.join(folder, 'refuse.ts')}:${throwLine}:`);
    expect(mapped).not.toContain('dist/server.js');
    expect(mapped.split('\n')[0]).toBe('Error: Refusé : 123,45 €');
  });

  it('leaves a stack unchanged when the map is missing or unreadable, and one with no bundle frame', () => {
    expect(bundleStackMapper(bundleFile, () => null)(rawStack)).toBe(rawStack);
    expect(bundleStackMapper(bundleFile, () => ({ sources: ['x.ts'], mappings: 'A!!' }))(rawStack)).toBe(rawStack);
    expect(bundleStackMapper(path.join(folder, 'other.js'))(rawStack)).toBe(rawStack);
  });

  it('reads the map once for an error logged again and again', () => {
    let reads = 0;
    const mapStack = bundleStackMapper(bundleFile, () => {
      reads++;
      return map;
    });
    const first = mapStack(rawStack);
    for (let again = 0; again < 50; again++) expect(mapStack(rawStack)).toBe(first);
    expect(reads).toBe(1);
    expect(first).toContain(path.join(folder, 'refuse.ts'));
  });

  it('serializes an error for the log as pino does, the stack mapped', () => {
    const error = thrownByBundle();
    const serialized = sourceMappedErrorSerializer(bundleFile)(error);
    expect(serialized).toMatchObject({ type: 'Error', message: 'Refusé : 123,45 €' });
    expect(serialized).toHaveProperty('stack', expect.stringContaining(path.join(folder, 'refuse.ts')));
    expect(JSON.stringify(serialized)).not.toContain('dist/server.js');
  });

  it('passes what is not an error through, as pino does', () => {
    const serialize = sourceMappedErrorSerializer(bundleFile) as (value: unknown) => unknown;
    expect(serialize(undefined)).toBeUndefined();
    expect(serialize('délai dépassé')).toBe('délai dépassé');
    expect(serialize({ code: 'E1' })).toEqual({ code: 'E1' });
  });

  it('finds the bundle in a folder whose name a URL escapes', () => {
    const stack = rawStack.replaceAll(
      pathToFileURL(bundleFile).href,
      pathToFileURL('/srv/gestion finances/server.js').href,
    );
    const mapped = bundleStackMapper('/srv/gestion finances/server.js', () => map)(stack);
    expect(stack).toContain('gestion%20finances');
    expect(mapped).toContain('/srv/refuse.ts:');
    expect(mapped).not.toContain('server.js:');
  });
});
