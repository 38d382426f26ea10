/**
 * The file types the product accepts (documents and logos), recognised from their first
 * bytes, never from the name or the declared type: a renamed .exe stays refused. SVG is
 * left out on purpose: it can carry script and is served back inline.
 */
export const ALLOWED_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type AllowedMimeType = (typeof ALLOWED_MIME_TYPES)[number];

export const EXTENSION_BY_MIME_TYPE: Record<AllowedMimeType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The allowed MIME type these bytes start like, or null. */
export function sniffMimeType(bytes: Uint8Array): AllowedMimeType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** A declared type as clients write it ("image/jpg", "IMAGE/PNG; charset=...") in canonical form. */
export function normaliseMimeType(declared: string): string {
  const base = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  return base === 'image/jpg' || base === 'image/pjpeg' ? 'image/jpeg' : base;
}
