/**
 * R-SEC-17: characters that change how text reads without showing themselves. Bidi controls
 * (U+202A-U+202E embeddings and overrides, U+2066-U+2069 isolates, the U+200E/U+200F and
 * U+061C marks) can make a label read backwards in a spreadsheet or a PDF; zero-width
 * characters (U+200B-U+200D, U+2060, U+FEFF) hide inside a word or before a formula's '='.
 * No file the product writes carries them.
 */
const HIDDEN_CHARACTERS = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;
const HIDDEN_CHARACTERS_ALL = new RegExp(HIDDEN_CHARACTERS.source, 'g');

/** True when `text` holds a bidi control or a zero-width character. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTERS.test(text);
}

/** `text` without its bidi controls and zero-width characters (the guard of every file type). */
export function stripHiddenCharacters(text: string): string {
  return HIDDEN_CHARACTERS.test(text) ? text.replace(HIDDEN_CHARACTERS_ALL, '') : text;
}
