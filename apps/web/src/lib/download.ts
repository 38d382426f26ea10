import { apiRequest, type ApiRequestOptions } from './api-client';
import { saveBlob } from './save-file';

/**
 * Every file the web app takes from the server goes through here: fetched with the session
 * (bearer header, never a token in the URL), named as the server names it, saved.
 * A refusal rejects with the ApiError of apiRequest, whose message is the server's French one.
 */

export interface FetchedFile {
  blob: Blob;
  /** The server's name (Content-Disposition), else the fallback. */
  fileName: string;
}

export interface FileRequestOptions extends ApiRequestOptions {
  /** The name when the server gives none; with `keepName`, the name whatever the server says. */
  fileName: string;
  /** Save under `fileName` (a file recorded under its own name, downloaded again). */
  keepName?: boolean;
  /** Called with the bytes received so far while the body streams in (long files: packs). */
  onProgress?: (progress: { bytes: number; headers: Headers }) => void;
}

/** Fetches a file without saving it (a PDF shown on a page). */
export async function fetchFile(path: string, options: FileRequestOptions): Promise<FetchedFile> {
  const { fileName: givenName, keepName = false, onProgress, ...request } = options;
  const response = await apiRequest(path, request);
  const serverName = keepName ? undefined : contentDispositionFileName(response.headers.get('content-disposition'));
  const fileName = serverName ?? givenName;
  const blob = onProgress ? await readWithProgress(response, onProgress) : await response.blob();
  return { blob, fileName };
}

/** Fetches a file and saves it under the server's name; resolves once the download has started. */
export async function downloadFile(path: string, options: FileRequestOptions): Promise<FetchedFile> {
  const file = await fetchFile(path, options);
  saveBlob(file.blob, file.fileName);
  return file;
}

async function readWithProgress(
  response: Response,
  onProgress: NonNullable<FileRequestOptions['onProgress']>,
): Promise<Blob> {
  const progress = { bytes: 0, headers: response.headers };
  onProgress({ ...progress });
  if (!response.body) return response.blob();
  const type = response.headers.get('content-type') ?? '';
  const chunks: Uint8Array[] = [];
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.bytes += value.byteLength;
    onProgress({ ...progress });
  }
  return new Blob(chunks as BlobPart[], { type });
}

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*` (RFC 5987/8187,
 * charset'language'percent-encoded) wins over `filename` (a token or a quoted string);
 * undefined when there is none. Only the last path segment is kept.
 */
export function contentDispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const params = dispositionParams(header);
  const extended = params.get('filename*');
  const decoded = extended === undefined ? undefined : decodeExtValue(extended);
  const name = decoded ?? params.get('filename');
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : undefined;
}

/** The parameters after the disposition type, names lower-cased, quoted strings unescaped. */
function dispositionParams(header: string): Map<string, string> {
  const params = new Map<string, string>();
  const param = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of header.matchAll(param)) {
    const name = (match[1] ?? '').toLowerCase();
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim();
    if (!params.has(name)) params.set(name, value);
  }
  return params;
}

/** RFC 5987 ext-value: UTF-8 or ISO-8859-1, percent-encoded; undefined when malformed. */
function decodeExtValue(value: string): string | undefined {
  const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1')
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return undefined;
  }
  return undefined;
}
