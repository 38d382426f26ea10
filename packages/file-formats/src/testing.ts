/** Test helpers of the export serialisers (not exported from the package). */
import type { ExportFile } from './generate';

/** The bytes of a generated file, its parts joined. */
export function fileBytes(file: Pick<ExportFile, 'parts'>): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(file.parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of file.parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** The text of a generated text file (csv, xls, html), BOM kept. */
export function fileText(file: Pick<ExportFile, 'parts'>): string {
  const decoder = new (
    globalThis as unknown as {
      TextDecoder: new (label: string, options: object) => { decode(bytes: Uint8Array): string };
    }
  ).TextDecoder('utf-8', { ignoreBOM: true });
  return decoder.decode(fileBytes(file));
}
