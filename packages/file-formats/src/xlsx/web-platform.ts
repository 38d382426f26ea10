/**
 * The two Web APIs the xlsx writer needs, typed here because packages/domain compiles
 * without DOM or Node typings (it runs in browsers, Web Workers and Node >= 18 alike).
 */

interface StreamReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
}
interface StreamWriter {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
}
export interface DeflateRawStream {
  readable: { getReader(): StreamReader };
  writable: { getWriter(): StreamWriter };
}
interface Utf8Encoder {
  encode(text: string): Uint8Array<ArrayBuffer>;
}

interface WebPlatform {
  CompressionStream?: new (format: 'deflate-raw') => DeflateRawStream;
  TextEncoder: new () => Utf8Encoder;
}

const platform = globalThis as unknown as WebPlatform;

/** A raw-deflate stream, or null where CompressionStream('deflate-raw') is missing. */
export function createDeflateRaw(): DeflateRawStream | null {
  try {
    return platform.CompressionStream ? new platform.CompressionStream('deflate-raw') : null;
  } catch {
    return null; // format not supported (old browser)
  }
}

/** A UTF-8 encoder (TextEncoder). */
export function createUtf8Encoder(): Utf8Encoder {
  return new platform.TextEncoder();
}
