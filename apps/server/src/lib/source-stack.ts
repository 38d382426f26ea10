/**
 * Stack traces of logged errors, mapped from the server's bundle (dist/server.js) back to
 * the TypeScript sources. The server runs without --enable-source-maps (ADR 0042): Node
 * would keep the parsed source map of every module that has one, about 20 MB resident. Here
 * the bundle's map is read only when an error is logged, parsed by Node's own SourceMap
 * (node:module) for the positions of that stack, and dropped; nothing of it stays in memory.
 */
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapping } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stdSerializers, type SerializedError } from 'pino';

/** The fields of a source map (version 3) this module reads. */
export interface RawSourceMap {
  sources: string[];
  sourceRoot?: string;
  mappings: string;
}

/** A position in generated code, zero-based as in the source map format. */
export interface GeneratedPosition {
  line: number;
  column: number;
}

/** A position in a source, zero-based; `source` as the map names it. */
export interface OriginalPosition {
  source: string;
  line: number;
  column: number;
}

/** What a source map's mappings may hold (base64 VLQ digits and separators); anything else is unreadable. */
const MAPPINGS = /^[A-Za-z0-9+/,;]*$/;

/**
 * The original position of each generated one, as Node's own SourceMap finds it (the source
 * of the closest mapping at or before it), null when that mapping names no source or there
 * is none. The map is parsed here and dropped with the returned array: nothing stays resident.
 * Throws on mappings that are not base64 VLQ (Node's parser would read them as something).
 */
export function findOriginalPositions(
  map: RawSourceMap,
  positions: readonly GeneratedPosition[],
): Array<OriginalPosition | null> {
  if (!MAPPINGS.test(map.mappings)) throw new Error('Source map : mappings illisibles');
  // Without its sourceRoot: the caller resolves sources against it, as it resolves them against the map's folder.
  const sourceMap = new SourceMap({
    version: 3,
    file: '',
    sourceRoot: '',
    sources: map.sources,
    sourcesContent: [],
    names: [],
    mappings: map.mappings,
  });
  return positions.map(({ line, column }) => {
    const entry = sourceMap.findEntry(line, column) as Partial<SourceMapping>;
    return entry.originalSource === undefined
      ? null
      : { source: entry.originalSource, line: entry.originalLine ?? 0, column: entry.originalColumn ?? 0 };
  });
}

/** Positions already looked up, kept per mapper: an error logged again reads no map. */
const MAPPED_POSITIONS_KEPT = 1_000;

/**
 * A function giving `stack` with every position in `bundleFile` (`file:///…/server.js:12:5`
 * or `/…/server.js:12:5`, one-based as V8 prints them) replaced by the source's
 * (`/…/src/server.ts:40:3`). The map is read only for positions not seen before, so a
 * burst of the same error costs one read. A stack is unchanged when the map is missing or
 * unreadable: it is never lost.
 */
export function bundleStackMapper(
  bundleFile: string,
  readMap: () => RawSourceMap | null = () => readSourceMap(bundleFile),
): (stack: string) => string {
  const names = [pathToFileURL(bundleFile).href, bundleFile].map(escapeRegExp).join('|');
  const location = new RegExp(`(?:${names}):(\\d+):(\\d+)`, 'g');
  const mapFolder = path.dirname(bundleFile);
  const known = new Map<string, string | null>();
  const learn = (stack: string): boolean => {
    const unknown = [...stack.matchAll(location)].filter((match) => !known.has(`${match[1]}:${match[2]}`));
    if (unknown.length === 0) return true;
    const map = readMap();
    if (!map) return false;
    let originals: Array<OriginalPosition | null>;
    try {
      originals = findOriginalPositions(
        map,
        unknown.map((match) => ({ line: Number(match[1]) - 1, column: Number(match[2]) - 1 })),
      );
    } catch {
      return false;
    }
    unknown.forEach((match, index) => {
      const original = originals[index];
      if (known.size >= MAPPED_POSITIONS_KEPT) known.delete(known.keys().next().value!);
      known.set(
        `${match[1]}:${match[2]}`,
        original
          ? `${path.resolve(mapFolder, map.sourceRoot ?? '', original.source)}:${original.line + 1}:${original.column + 1}`
          : null,
      );
    });
    return true;
  };
  return (stack) =>
    learn(stack)
      ? stack.replace(location, (text, line: string, column: string) => known.get(`${line}:${column}`) ?? text)
      : stack;
}

/** The map beside the bundle (`server.js.map`), or null: a stack is never lost to a missing map. */
function readSourceMap(bundleFile: string): RawSourceMap | null {
  try {
    const map = JSON.parse(readFileSync(`${bundleFile}.map`, 'utf8')) as Partial<RawSourceMap>;
    return Array.isArray(map.sources) && typeof map.mappings === 'string' ? (map as RawSourceMap) : null;
  } catch {
    return null;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * pino's error serializer, its stack (causes included) mapped to the sources of `bundleFile`;
 * by default this module's own file, which is the server's bundle once built (under tsx, a
 * source file with no map beside it: stacks unchanged).
 */
export function sourceMappedErrorSerializer(bundleFile = fileURLToPath(import.meta.url)) {
  const mapStack = bundleStackMapper(bundleFile);
  return (error: Error): SerializedError => {
    // pino hands over whatever was logged under `err`; what is not an error comes back as is.
    const serialized: unknown = stdSerializers.err(error);
    if (typeof serialized !== 'object' || serialized === null) return serialized as SerializedError;
    const { stack } = serialized as { stack?: unknown };
    return (typeof stack === 'string' ? { ...serialized, stack: mapStack(stack) } : serialized) as SerializedError;
  };
}
