import { hasHiddenCharacters } from '@gdf/file-formats';

// C0 and C1 control characters (CR, LF and TAB included), DEL, and the Unicode line and
// paragraph separators: they split CSV, PNM and FEC records and shift columns.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/**
 * R-SEC-17: why a text a user typed (a label, a name) is refused, or null. Control characters,
 * bidi controls and zero-width characters are refused on the way in, whole, with the field's
 * name: nothing is silently removed from what the user wrote. Every file the product writes
 * also strips the hidden ones, for rows written before this rule.
 */
export function userTextProblem(text: string, field: string): string | null {
  if (CONTROL_CHARACTER.test(text))
    return `${field} : les retours à la ligne et caractères de contrôle sont interdits.`;
  if (hasHiddenCharacters(text))
    return `${field} : les caractères invisibles ou de sens d'écriture (U+200B, U+202E…) sont interdits.`;
  return null;
}
