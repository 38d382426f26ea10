import { stripHiddenCharacters } from '@gdf/file-formats';

/**
 * R-LEDG-05: a text field of a file the server writes (Sage PNM or CSV, FEC) stays on its
 * record's line and in its column, whatever the stored label holds (old rows included).
 * C0 and C1 control characters, DEL and the Unicode line and paragraph separators can end a
 * record or shift a column in some reader: each run of them becomes one space.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * The text on one line, without control characters, ends trimmed (a leading space hides
 * nothing), and without bidi controls or zero-width characters (R-SEC-17).
 */
export function singleLineText(text: string): string {
  return stripHiddenCharacters(text).replace(CONTROL_CHARACTERS, ' ').trim();
}
