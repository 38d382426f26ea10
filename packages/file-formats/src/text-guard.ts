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

/**
 * R-SEC-17 for the PDFs: every string inside `value` (plain objects and arrays walked; dates
 * and other values kept) without its hidden characters. Applied once to a document's inputs
 * where they are read from the database, rather than around every text the PDF draws (a
 * guard wrapped around pdfkit raised a pack's peak memory by 128 MB). Unchanged parts are
 * returned as they are, so clean inputs cost one regular-expression test per string.
 */
export function stripHiddenCharactersDeep<T>(value: T): T {
  if (typeof value === 'string') return stripHiddenCharacters(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item: unknown, index) => {
      const guarded = stripHiddenCharactersDeep(item);
      if (guarded !== item) (copy ??= [...value])[index] = guarded;
    });
    return (copy ?? value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(record)) {
    const guarded = stripHiddenCharactersDeep(item);
    if (guarded !== item) (copy ??= { ...record })[key] = guarded;
  }
  return (copy ?? value) as T;
}
