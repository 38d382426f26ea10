import { FEC_COLUMNS } from './fec';

/**
 * Checks a Fichier des écritures comptables (article A47 A-1 du Livre des procédures fiscales,
 * BOI-CF-IOR-60-40-20) before it leaves the server. The text is read in one pass, line by line,
 * so a 300 MB file is never split into an array of lines: only the current entry, the last
 * number of each journal and the label of each account are kept.
 */

/** One problem: a French message and the 1-based line it is about (null for the whole file). */
export interface FecProblem {
  line: number | null;
  message: string;
}

/** Beyond this, more problems tell nothing new and the check stops reading. */
export const FEC_MAX_PROBLEMS = 100;
/** A FEC record is a few hundred characters: a longer run without LF is not a FEC (CR-only file). */
export const FEC_MAX_LINE_LENGTH = 1_048_576;

type Column = (typeof FEC_COLUMNS)[number];
const HEADER = FEC_COLUMNS.join('\t');
/** Column name -> index; records are read by index (a named lookup per field would be slower). */
const I = Object.fromEntries(FEC_COLUMNS.map((c, i) => [c, i])) as Record<Column, number>;
const at = (columns: Column[]) => columns.map((c) => I[c]);
/** Article A47 A-1: only the auxiliary account, the lettering and the currency may be empty. */
const OPTIONAL = at(['CompAuxNum', 'CompAuxLib', 'EcritureLet', 'DateLet', 'Montantdevise', 'Idevise']);
const REQUIRED = FEC_COLUMNS.map((_, i) => i).filter((i) => !OPTIONAL.includes(i));
const DATES = at(['EcritureDate', 'PieceDate', 'ValidDate', 'DateLet']);
/** The same on every line of an entry. */
const SHARED = at(['EcritureDate', 'ValidDate']);
/** Filled together or empty together. */
const PAIRS = [at(['CompAuxNum', 'CompAuxLib']), at(['EcritureLet', 'DateLet'])];
/** Code -> its label: one label per code in the whole file. */
const LABELS = [at(['JournalCode', 'JournalLib']), at(['CompteNum', 'CompteLib']), at(['CompAuxNum', 'CompAuxLib'])];
const AMOUNT = /^\d+,\d{2}$/;
const HEADER_MESSAGE =
  'la première ligne doit nommer les 18 champs de l’article A47 A-1, dans l’ordre, séparés par des tabulations';
const TRAILING_DIGITS = /\d+$/;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** AAAAMMJJ and a day that exists (20260230 does not). Read digit by digit: it runs 4 times a line. */
function isDate(s: string): boolean {
  if (s.length !== 8) return false;
  let n = 0;
  for (let i = 0; i < 8; i++) {
    const digit = s.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return false;
    n = n * 10 + digit;
  }
  const [year, month, day] = [Math.floor(n / 10000), Math.floor(n / 100) % 100, n % 100];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : MONTH_DAYS[month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

const columnName = (i: number) => FEC_COLUMNS[i] ?? '';

/** Integer cents, shown back with a comma as in the file. */
const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

interface Entry {
  journal: string;
  num: string;
  line: number;
  /** The fields of its first line. */
  first: string[];
  /** Integer cents; NaN once an amount could not be read (its line is reported, the balance is moot). */
  debit: number;
  credit: number;
}

/** Streaming checker: push() the decoded text in chunks of any size, then finish(). */
export class FecChecker {
  private readonly problems: FecProblem[] = [];
  private rest = '';
  private stopped = false;
  private lineNo = 0;
  private entry: Entry | null = null;
  private previousDate = '';
  /** Per journal: last EcritureNum and the highest sequence number seen. */
  private readonly journals = new Map<string, { num: string; seq: number }>();
  private readonly labels = new Map<number, Map<string, { label: string; line: number }>>();

  push(chunk: string): void {
    if (this.full()) return;
    const text = this.rest + chunk;
    let start = 0;
    // rest holds no LF: search only the new characters.
    let end = text.indexOf('\n', this.rest.length);
    while (end !== -1 && !this.full()) {
      this.line(text.slice(start, end), true);
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    this.rest = this.full() ? '' : text.slice(start);
    // Buffering the rest of such a file would hold all of it in memory.
    if (this.rest.length > FEC_MAX_LINE_LENGTH) this.tooLong(this.lineNo + 1);
  }

  private tooLong(no: number): void {
    this.add(no, `ligne de plus de ${FEC_MAX_LINE_LENGTH} caractères (fin de ligne CRLF absente ?)`);
    this.stopped = true;
    this.rest = '';
  }

  finish(): FecProblem[] {
    if (this.rest !== '') {
      this.line(this.rest, false);
      this.rest = '';
    }
    if (this.lineNo === 0 && !this.stopped) this.add(null, `fichier vide : ${HEADER_MESSAGE}`);
    this.closeEntry();
    // In file order: an entry's balance is only known after its last line. The sort is stable.
    return [...this.problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  }

  private full(): boolean {
    return this.stopped || this.problems.length >= FEC_MAX_PROBLEMS;
  }

  private add(line: number | null, message: string): void {
    if (!this.full()) this.problems.push({ line, message });
  }

  private line(raw: string, terminated: boolean): void {
    const no = ++this.lineNo;
    if (raw.length > FEC_MAX_LINE_LENGTH) return this.tooLong(no); // whatever the chunks were
    const crlf = raw.endsWith('\r');
    const text = crlf ? raw.slice(0, -1) : raw;
    // A47 A-1 leaves the record separator to the writer; ours is CRLF, the file ending with one.
    if (!terminated) this.add(no, 'le fichier doit se terminer par CRLF');
    else if (!crlf) this.add(no, 'fin de ligne LF sans CR (CRLF attendu)');
    if (text.includes('\r')) this.add(no, 'caractère CR dans la ligne');
    if (no === 1) {
      if (text !== HEADER) this.add(no, HEADER_MESSAGE);
    } else if (text === '') this.add(no, 'ligne vide');
    else {
      const fields = text.split('\t');
      if (fields.length === FEC_COLUMNS.length) return this.record(fields, no);
      this.add(no, `${fields.length} champs au lieu de 18`);
      // A stray tab does not move the first fields: an unread line of this entry makes its balance meaningless.
      const entry = this.entry;
      if (entry !== null && fields[0] === entry.journal && fields[2] === entry.num) entry.debit = NaN;
    }
  }

  private record(f: string[], no: number): void {
    this.checkFields(f, no);
    const debit = this.amount(f[I.Debit] ?? '', 'Debit', no);
    const credit = this.amount(f[I.Credit] ?? '', 'Credit', no);
    if (debit !== null && credit !== null) this.checkSides(debit, credit, no);
    const date = this.checkValidDate(f, no);
    for (const [code = 0, label = 0] of LABELS) this.sameLabel(code, f[code] ?? '', label, f[label] ?? '', no);
    const entry = this.entryOf(f, no, date);
    entry.debit += debit ?? NaN;
    entry.credit += credit ?? NaN;
  }

  /** Required fields, fields filled in pairs, dates. */
  private checkFields(f: string[], no: number): void {
    for (const i of REQUIRED) if (f[i] === '') this.add(no, `champ ${columnName(i)} vide (obligatoire)`);
    for (const [a = 0, b = 0] of PAIRS) {
      if ((f[a] === '') !== (f[b] === ''))
        this.add(no, `${columnName(a)} et ${columnName(b)} doivent être tous deux remplis ou tous deux vides`);
    }
    for (const i of DATES) {
      const d = f[i] ?? '';
      if (d !== '' && !isDate(d)) this.add(no, `${columnName(i)} « ${d} » n’est pas une date AAAAMMJJ existante`);
    }
  }

  /** An entry cannot be validated before its own date (compared as AAAAMMJJ text). Returns EcritureDate. */
  private checkValidDate(f: string[], no: number): string {
    const [date = '', validDate = ''] = [f[I.EcritureDate], f[I.ValidDate]];
    if (validDate < date && isDate(date) && isDate(validDate)) {
      this.add(no, `ValidDate ${validDate} antérieure à EcritureDate ${date}`);
    }
    return date;
  }

  /** One side per line, and not zero. */
  private checkSides(debit: number, credit: number, no: number): void {
    if (debit === 0 && credit === 0) this.add(no, 'ligne sans montant : Debit et Credit à 0,00');
    else if (debit !== 0 && credit !== 0) this.add(no, 'Debit et Credit tous deux non nuls : un seul côté par ligne');
  }

  /** The entry this line belongs to: the current one continued, or a new one opened. */
  private entryOf(f: string[], no: number, date: string): Entry {
    const [journal = '', num = ''] = [f[I.JournalCode], f[I.EcritureNum]];
    const current = this.entry;
    if (current === null || current.journal !== journal || current.num !== num) {
      this.closeEntry();
      const entry: Entry = { journal, num, line: no, first: f, debit: 0, credit: 0 };
      this.openEntry(entry, date);
      return entry;
    }
    for (const i of SHARED) {
      const [value, expected] = [f[i], current.first[i]];
      if (value !== expected)
        this.add(
          no,
          `${columnName(i)} ${value} différente de celle de l’écriture (${expected}, ligne ${current.line})`,
        );
    }
    return current;
  }

  /** Comma decimal, two decimals, no sign nor thousands separator; integer cents, never floats. */
  private amount(text: string, column: 'Debit' | 'Credit', no: number): number | null {
    if (text === '') return null; // reported as a required field
    const cents = AMOUNT.test(text) ? Number(text.replace(',', '')) : NaN;
    if (Number.isSafeInteger(cents)) return cents;
    this.add(no, `${column} « ${text} » : montant attendu en 1234,56 (sans signe ni séparateur de milliers)`);
    return null;
  }

  /** One label per code in the whole file (accounts, auxiliary accounts, journals). */
  private sameLabel(codeColumn: number, code: string, labelColumn: number, label: string, no: number): void {
    if (code === '') return;
    let labels = this.labels.get(codeColumn);
    if (labels === undefined) this.labels.set(codeColumn, (labels = new Map()));
    const first = labels.get(code);
    if (first === undefined) labels.set(code, { label, line: no });
    else if (first.label !== label) {
      const column = FEC_COLUMNS[labelColumn] ?? '';
      this.add(no, `${column} « ${label} » différent de « ${first.label} » (ligne ${first.line}) pour ${code}`);
    }
  }

  private openEntry(entry: Entry, date: string): void {
    this.entry = entry;
    const { journal, num, line } = entry;
    // A47 A-1: entries in chronological order (of validation; the exports validate in date order).
    if (date < this.previousDate && isDate(date) && isDate(this.previousDate)) {
      this.add(line, `écriture ${num} du ${date} après une écriture du ${this.previousDate} (ordre chronologique)`);
    }
    this.previousDate = date;
    const last = this.journals.get(journal);
    // The journal's last entry seen again: its lines were split by another entry.
    if (last?.num === num) return this.add(line, `lignes de l’écriture ${num} non contiguës`);
    // A47 A-1 EcritureNum: "numéro sur une séquence continue"; only the trailing digits count.
    const digits = TRAILING_DIGITS.exec(num)?.[0];
    const seq = digits === undefined ? 0 : Number(digits);
    const expected = last === undefined ? 1 : last.seq + 1;
    if (digits === undefined) {
      if (num !== '') this.add(line, `EcritureNum « ${num} » sans numéro de séquence final`);
    } else if (seq !== expected) {
      this.add(line, `écriture ${num} : numéro ${seq} dans le journal ${journal}, ${expected} attendu`);
    }
    // The highest number so far: one gap or one step back is reported once, not on every next entry.
    this.journals.set(journal, { num, seq: Math.max(seq, last?.seq ?? 0) });
  }

  private closeEntry(): void {
    if (this.entry === null) return;
    const { line, num, debit, credit } = this.entry;
    this.entry = null;
    if (Number.isNaN(debit + credit)) return;
    if (!Number.isSafeInteger(debit + credit)) this.add(line, `écriture ${num} : totaux trop élevés`);
    else if (debit !== credit)
      this.add(line, `écriture ${num} déséquilibrée : débit ${euros(debit)}, crédit ${euros(credit)}`);
  }
}

/** The whole text at once (tests, small files): the same checks as FecChecker. */
export function checkFec(text: string): FecProblem[] {
  const checker = new FecChecker();
  checker.push(text);
  return checker.finish();
}
