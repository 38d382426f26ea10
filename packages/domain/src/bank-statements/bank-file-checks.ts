import { isIsoDay } from '../sepa/epc-rules';

/**
 * What every bank file the head office imports (statements, return reports) must respect
 * before anything of it is stored (R-BANK-08): its dates fall within these years, and its
 * text holds no NUL or other control character. A year 0000 or 9999 is no bank's date (and
 * year 0 is not even a PostgreSQL date); a control character is never in a label or a
 * reference, and a NUL cannot be stored in a PostgreSQL text.
 */
export const BANK_FILE_FIRST_YEAR = 1900;
export const BANK_FILE_LAST_YEAR = 2099;

/** A real calendar day (yyyy-mm-dd) between 1900 and 2099. */
export function isBankFileDay(day: string): boolean {
  if (!isIsoDay(day)) return false;
  const year = Number(day.slice(0, 4));
  return year >= BANK_FILE_FIRST_YEAR && year <= BANK_FILE_LAST_YEAR;
}

/**
 * C0 control characters (NUL to US) and DEL. `allowed` lists the ones the format uses as
 * separators: tab, LF and CR are white space between XML elements; CFONB 120 separates its
 * records with LF or CRLF.
 */
function isControlCharacter(code: number, allowed: string): boolean {
  return (code < 0x20 || code === 0x7f) && !allowed.includes(String.fromCharCode(code));
}

export interface ControlCharacter {
  /** 0-based index in the text. */
  index: number;
  /** Its code, e.g. 0 for NUL. */
  code: number;
}

/** The first NUL or other control character of `text` outside `allowed`, or null. */
export function firstControlCharacter(text: string, allowed = ''): ControlCharacter | null {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isControlCharacter(code, allowed)) return { index, code };
  }
  return null;
}

/**
 * XML writes a character by reference too (`&#0;`, `&#x1B;`): the first reference to a
 * control character outside `allowed`, or null.
 */
export function firstControlCharacterReference(xml: string, allowed = '\t\n\r'): ControlCharacter | null {
  for (const match of xml.matchAll(/&#(x[0-9a-fA-F]+|[0-9]+);/g)) {
    const digits = match[1]!;
    const code = digits.startsWith('x') ? Number.parseInt(digits.slice(1), 16) : Number(digits);
    if (isControlCharacter(code, allowed)) return { index: match.index, code };
  }
  return null;
}

/** A statement covers days already past: dated after `today` (yyyy-mm-dd, Paris), it is refused. */
export function statementDatedAfter(statement: { fromDate: string; toDate: string }, today: string): string | null {
  const latest = statement.toDate > statement.fromDate ? statement.toDate : statement.fromDate;
  return latest > today ? latest : null;
}
