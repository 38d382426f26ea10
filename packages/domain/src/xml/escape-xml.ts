import { stripHiddenCharacters } from '@gdf/file-formats';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

// XML 1.0 allows tab, line feed and carriage return among the control characters, nothing else.
// eslint-disable-next-line no-control-regex
const NOT_XML_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * Text or attribute content, escaped; characters XML 1.0 cannot carry are dropped, and so are
 * bidi controls and zero-width characters (R-SEC-17: SEPA and CII XML carry none).
 */
export function escapeXml(text: string): string {
  return stripHiddenCharacters(text)
    .replace(NOT_XML_CHARACTERS, '')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char] as string);
}
