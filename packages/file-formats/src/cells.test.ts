import { describe, expect, it } from 'vitest';
import {
  cellText,
  excelDateSerial,
  formatExportDate,
  isEmptyValue,
  isLongNumber,
  looksLikeNumber,
  neutraliseFormula,
  toExportCell,
} from './cells';
import { toWallClock } from './wall-clock';

describe('default value (R-EXP-04: empty values are replaced; 0 and false are kept)', () => {
  it('treats null, undefined, empty text and NaN as empty', () => {
    for (const value of [null, undefined, '', Number.NaN]) expect(isEmptyValue(value)).toBe(true);
    for (const value of [0, false, ' ', '0', -0]) expect(isEmptyValue(value)).toBe(false);
  });
  it('replaces empty values by the default value and keeps 0 and false', () => {
    expect(toExportCell(null, 'N.C')).toBe('N.C');
    expect(toExportCell(undefined, 'N.C')).toBe('N.C');
    expect(toExportCell('', 'N.C')).toBe('N.C');
    expect(toExportCell(Number.NaN, 'N.C')).toBe('N.C');
    expect(toExportCell(0, 'N.C')).toBe(0);
    expect(toExportCell(false, 'N.C')).toBe(false);
  });
  it("defaults to '' like the original", () => {
    expect(toExportCell(null)).toBe('');
  });
  it('keeps valid dates, replaces invalid ones, and flattens objects to text', () => {
    const date = new Date('2024-03-01T00:00:00+01:00');
    expect(toExportCell(date)).toBe(date);
    expect(toExportCell(new Date('nope'), '-')).toBe('-');
    expect(toExportCell(['a', 1, null])).toBe('a, 1, ');
    expect(toExportCell({ a: 1 })).toBe('{"a":1}');
    expect(toExportCell(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(toExportCell(12n)).toBe('12');
  });
});

describe('isLongNumber (R-EXP-08: above 99999999999 and below 1e-13)', () => {
  it('flags magnitudes above 99999999999', () => {
    expect(isLongNumber(99999999999)).toBe(false);
    expect(isLongNumber(100000000000)).toBe(true);
    expect(isLongNumber(-100000000000)).toBe(true);
    expect(isLongNumber('123456789012345')).toBe(true);
  });
  it('flags non-zero magnitudes below 1e-13, never 0 nor ordinary negatives (R-EXP-08)', () => {
    expect(isLongNumber(1e-14)).toBe(true);
    expect(isLongNumber(-1e-14)).toBe(true);
    expect(isLongNumber(1e-13)).toBe(false);
    expect(isLongNumber(0)).toBe(false);
    expect(isLongNumber(-12.5)).toBe(false);
  });
  it('ignores text that is not a plain number, dates and booleans', () => {
    expect(isLongNumber('0x1234567890ab')).toBe(false);
    expect(isLongNumber('FR76 3000 6000 0112 3456 7890 189')).toBe(false);
    expect(isLongNumber(new Date())).toBe(false);
    expect(isLongNumber(true)).toBe(false);
  });
});

describe('neutraliseFormula (R-EXP-09, R-SEC-16: CSV/spreadsheet injection)', () => {
  it('prefixes text starting with = + - @ tab or CR with an apostrophe', () => {
    for (const text of ['=1+1', '+SUM(A1)', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    }
  });
  it("leaves a lone '-' and plain signed numbers alone: they are literals, not formulas", () => {
    for (const text of ['-', '-12.50', '+33612345678', '-3,5']) expect(neutraliseFormula(text)).toBe(text);
    for (const text of ['--1', '-1+1', '+1-2', '=-1', '-A1']) expect(neutraliseFormula(text)).toBe(`'${text}`);
  });
  it('leaves other text alone', () => {
    expect(neutraliseFormula('Club = escalade')).toBe('Club = escalade');
    expect(neutraliseFormula('')).toBe('');
  });
});

describe('dates (R-EXP-13: shown in Europe/Paris whatever the machine zone)', () => {
  it('are shown the French way, JJ/MM/AAAA HH:MM, midnight included and seconds dropped (R-EXP-12)', () => {
    expect(formatExportDate(new Date('2024-03-01T00:00:00+01:00'))).toBe('01/03/2024 00:00');
    expect(formatExportDate(new Date('2024-03-01T14:05:00+01:00'))).toBe('01/03/2024 14:05');
    expect(formatExportDate(new Date('2024-03-01T14:05:09+01:00'))).toBe('01/03/2024 14:05');
  });
  it('use the Paris day, summer time included, not the UTC one', () => {
    expect(formatExportDate(new Date('2024-02-29T23:30:00Z'))).toBe('01/03/2024 00:30');
    expect(formatExportDate(new Date('2024-06-30T22:00:00Z'))).toBe('01/07/2024 00:00');
    expect(toWallClock(new Date('2024-03-31T01:00:00Z')).toISOString()).toBe('2024-03-31T03:00:00.000Z');
    expect(toWallClock(new Date('2024-03-31T00:59:00Z')).toISOString()).toBe('2024-03-31T01:59:00.000Z');
  });
  it('follow the timeZone option', () => {
    expect(formatExportDate(new Date('2024-03-01T00:00:00Z'), 'UTC')).toBe('01/03/2024 00:00');
    expect(formatExportDate(new Date('2024-03-01T00:00:00Z'), 'America/Guadeloupe')).toBe('29/02/2024 20:00');
  });
  it('map to the Excel serial of their Paris wall-clock time', () => {
    expect(excelDateSerial(new Date('2024-03-01T00:00:00+01:00'))).toBe(45352);
    expect(excelDateSerial(new Date('2024-03-01T12:00:00+01:00'))).toBe(45352.5);
  });
  it('cellText writes numbers with a point (or the decimal comma asked), booleans and null plainly', () => {
    expect(cellText(-1234.5)).toBe('-1234.5');
    expect(cellText(-1234.5, undefined, ',')).toBe('-1234,5');
    expect(cellText(1747.2, undefined, ',', true)).toBe('1747,20');
    expect(cellText(true)).toBe('true');
    expect(cellText(null)).toBe('');
  });
});

describe('looksLikeNumber (text a spreadsheet would turn into a number or a date)', () => {
  it('flags digits, decimals and dates, so a licence keeps its leading zero', () => {
    for (const text of ['086002', '12,5', '-3.2', '01/02', '1 000', '12%']) expect(looksLikeNumber(text)).toBe(true);
  });
  it('leaves words, codes with letters and empty text alone', () => {
    for (const text of ['Club 86', 'FFME', '', 'N.C', '-']) expect(looksLikeNumber(text)).toBe(false);
  });
});
