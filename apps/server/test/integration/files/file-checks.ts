import { expect } from 'vitest';
import { pdfInfo, pdfRawText } from '../documents/pdf-tools';
import { readZip } from '../documents/zip-tools';
import { HIDDEN, HOSTILE_MARK } from './hostile-data';

/** A text cell a spreadsheet would run: = + @ tab CR first, or '-' before anything but a number. */
const FORMULA_START = /^(?:[=+@\t\r]|-(?![\d,.]|$))/;

/** One file as the product gave it out, and what its cells or text are. */
export interface CheckedFile {
  /** Where it came from, for the messages: the route, or the ZIP and the entry. */
  name: string;
  /** Its text cells by column label (spreadsheets), or its text under '' (PDF, XML). */
  cells: Map<string, string[]>;
  /** The columns a spreadsheet reads as cells, when not all of them (PNM: its records). */
  cellColumns?: readonly string[];
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, body: string) =>
    body.startsWith('#x') || body.startsWith('#X')
      ? String.fromCodePoint(parseInt(body.slice(2), 16))
      : body.startsWith('#')
        ? String.fromCodePoint(Number(body.slice(1)))
        : (XML_ENTITIES[body] ?? entity),
  );

/** RFC 4180 cells of one line (a quoted delimiter stays in its cell, "" is a quote). */
export function delimitedCells(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}

/** Cells by column: `columns` (the writer's own list) must be the header line, every record as wide. */
function byColumn(name: string, columns: readonly string[], records: string[][]): Map<string, string[]> {
  const cells = new Map(columns.map((column) => [column, [] as string[]]));
  expect(records.length, `${name}: no record`).toBeGreaterThan(0);
  for (const record of records) {
    expect(record, `${name}: ${record.join('|')}`).toHaveLength(columns.length);
    record.forEach((cell, index) => cells.get(columns[index]!)!.push(cell));
  }
  return cells;
}

/** A delimited file (CSV, the FEC): its header is the writer's column list, then the records. */
export function delimitedFile(name: string, text: string, delimiter: string, columns: readonly string[]): CheckedFile {
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines.pop(), `${name}: ends with CRLF`).toBe('');
  const [header, ...records] = lines;
  expect(delimitedCells(header!, delimiter), `${name}: header`).toEqual(columns);
  return {
    name,
    cells: byColumn(
      name,
      columns,
      records.map((line) => delimitedCells(line, delimiter)),
    ),
  };
}

const PNM_RECORD = '(enregistrement)';

/** A fixed-width file (PNM): each field of each record cut at the layout's widths. */
export function fixedWidthFile(
  name: string,
  text: string,
  layout: ReadonlyArray<{ name: string; width: number }>,
): CheckedFile {
  const lines = text.split('\r\n');
  expect(lines.pop(), `${name}: ends with CRLF`).toBe('');
  const width = layout.reduce((sum, field) => sum + field.width, 0);
  const records = lines.map((line) => {
    expect(line, `${name}: record width`).toHaveLength(width);
    let at = 0;
    return layout.map((field) => line.slice(at, (at += field.width)).trim());
  });
  const cells = byColumn(
    name,
    layout.map((field) => field.name),
    records,
  );
  // Sage reads the fields at their offsets, where a leading '=' is a label's text (R-SEC-17
  // strips the hidden characters there, R-SEC-16 leaves Sage's labels as typed); a spreadsheet
  // opening the file reads each record as one cell, which must not start a formula.
  cells.set(PNM_RECORD, lines);
  return { name, cells, cellColumns: [PNM_RECORD] };
}

/** An xlsx: the first sheet's text cells, no formula element, the writer's column labels as a row. */
export function xlsxFile(name: string, bytes: Buffer, columns: readonly string[]): CheckedFile {
  const entries = readZip(bytes);
  const sheet = entries.get('xl/worksheets/sheet1.xml')?.toString('utf8');
  expect(sheet, `${name}: sheet1`).toBeDefined();
  expect(sheet, `${name}: a formula element`).not.toMatch(/<f[\s>]/);
  const shared = [
    ...(entries.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g),
  ].map(([, si]) => decodeXml([...si!.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map(([, t]) => t).join('')));
  const rows = [...sheet!.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map(([, row]) =>
    [...row!.matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map(([, column, attributes, body]) => {
      const type = /t="(\w+)"/.exec(attributes!)?.[1];
      const text =
        type === 'inlineStr'
          ? decodeXml([...(body ?? '').matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map(([, t]) => t).join(''))
          : type === 's'
            ? shared[Number(/<v>(\d+)<\/v>/.exec(body ?? '')?.[1])]
            : type === 'str'
              ? decodeXml(/<v>([^<]*)<\/v>/.exec(body ?? '')?.[1] ?? '')
              : undefined;
      return { column: column!, text };
    }),
  );
  const labels = rows.findIndex((row) => row.map((cell) => cell.text).join('|') === columns.join('|'));
  expect(labels, `${name}: a row holding the writer's column labels ${columns.join(', ')}`).toBeGreaterThanOrEqual(0);
  const letters = rows[labels]!.map((cell) => cell.column);
  const cells = new Map<string, string[]>([
    ['(en-têtes et pieds)', []],
    ...columns.map((c) => [c, []] as [string, string[]]),
  ]);
  rows.forEach((row, index) => {
    for (const cell of row) {
      if (cell.text === undefined) continue;
      const at = index > labels ? letters.indexOf(cell.column) : -1;
      cells.get(at === -1 ? '(en-têtes et pieds)' : columns[at]!)!.push(cell.text);
    }
  });
  return { name, cells };
}

/** A PDF: its text as pdftotext extracts it, and its metadata (title, author, subject). */
export function pdfFile(name: string, bytes: Buffer): CheckedFile {
  expect(bytes.subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
  const info = pdfInfo(bytes);
  return {
    name,
    cells: new Map([
      ['', [pdfRawText(bytes)]],
      ['(métadonnées)', [info.Title ?? '', info.Author ?? '', info.Subject ?? '']],
    ]),
  };
}

/** XML (SEPA, Factur-X CII): its text, entities decoded. */
export function xmlFile(name: string, bytes: Buffer): CheckedFile {
  const text = bytes.toString('utf8');
  expect(text, name).toMatch(/^<\?xml/);
  return { name, cells: new Map([['', [decodeXml(text)]]]) };
}

/**
 * R-SEC-16 and R-SEC-17 on one file: no text anywhere holds a bidi or zero-width character; in a
 * spreadsheet (`spreadsheet`), no cell starts a formula. Returns the columns that carried
 * hostile text, so a test can tell the file was built from it.
 */
export function expectGuarded(file: CheckedFile, spreadsheet: boolean): string[] {
  const fed: string[] = [];
  for (const [column, cells] of file.cells) {
    for (const cell of cells) {
      expect(cell, `${file.name} [${column}]: a bidi or zero-width character`).not.toMatch(HIDDEN);
      // eslint-disable-next-line no-control-regex -- a NUL must never reach a file
      expect(cell, `${file.name} [${column}]: a NUL`).not.toMatch(/\u0000/);
      if (spreadsheet && (file.cellColumns?.includes(column) ?? true))
        expect(cell, `${file.name} [${column}]: starts a formula`).not.toMatch(FORMULA_START);
    }
    if (cells.some((cell) => HOSTILE_MARK.test(cell))) fed.push(column);
  }
  return fed;
}
