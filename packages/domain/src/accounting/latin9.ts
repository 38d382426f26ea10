/**
 * ISO-8859-15 (Latin-9) encoder. It equals Latin-1 except for 8 code points, where
 * Latin-9 puts € Š š Ž ž Œ œ Ÿ. Characters it cannot hold become '?', so a line keeps
 * its byte width (one byte per character).
 */
const LATIN9_SPECIALS: Readonly<Record<string, string>> = {
  '€': '\xa4',
  Š: '\xa6',
  š: '\xa8',
  Ž: '\xb4',
  ž: '\xb8',
  Œ: '\xbc',
  œ: '\xbd',
  Ÿ: '\xbe',
};
/**
 * Anything outside Latin-9: code points above U+00FF except the 8 specials, and the
 * Latin-1 characters Latin-9 replaced (¤ ¦ ¨ ´ ¸ ¼ ½ ¾). The `u` flag matches a
 * surrogate pair as one character, so it becomes one '?'.
 */
// eslint-disable-next-line no-control-regex -- control characters are valid Latin-9 bytes
const NOT_LATIN9 = /[^\x00-\xa3\xa5\xa7\xa9-\xb3\xb5-\xb7\xb9-\xbb\xbf-\xff€ŠšŽžŒœŸ]/gu;
const SPECIALS = /[€ŠšŽžŒœŸ]/g;

/** Replaces what Latin-9 cannot hold by '?', so string lengths equal byte lengths. */
export function toLatin9Text(text: string): string {
  return text.replace(NOT_LATIN9, '?');
}

/** Regular expressions and a plain charCodeAt loop: this runs on every byte of a season's file. */
export function encodeLatin9(text: string): Uint8Array {
  // After this, every character is a single code unit <= 0xFF: its code is its byte.
  const clean = toLatin9Text(text).replace(SPECIALS, (char) => LATIN9_SPECIALS[char] ?? '?');
  const bytes = new Uint8Array(clean.length);
  for (let i = 0; i < clean.length; i++) bytes[i] = clean.charCodeAt(i);
  return bytes;
}
