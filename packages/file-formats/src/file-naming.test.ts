import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPORT_NAME,
  DEFAULT_EXPORT_TYPE,
  DEFAULT_WORKSHEET,
  exportFileName,
  exportMimeType,
  extraLines,
  safeWorksheetName,
} from './file-naming';

describe('export defaults (R-EXP-02)', () => {
  it('xls is the default type, data.xls the default name, Sheet1 the default worksheet', () => {
    expect(DEFAULT_EXPORT_TYPE).toBe('xls');
    expect(DEFAULT_EXPORT_NAME).toBe('data.xls');
    expect(DEFAULT_WORKSHEET).toBe('Sheet1');
  });
});

describe('exportFileName (R-EXP-02: html and csv exports swap the extension)', () => {
  it('keeps data.xls for xls and swaps the extension for the other types', () => {
    expect(exportFileName(undefined, 'xls')).toBe('data.xls');
    expect(exportFileName(undefined, 'csv')).toBe('data.csv');
    expect(exportFileName('data.xls', 'html')).toBe('data.html');
    expect(exportFileName('data.xls', 'xlsx')).toBe('data.xlsx');
  });
  it('swaps only the LAST extension (R-EXP-02)', () => {
    expect(exportFileName('flux.2024.xls', 'csv')).toBe('flux.2024.csv');
    expect(exportFileName('export.xls.xls', 'csv')).toBe('export.xls.csv');
    expect(exportFileName('Flux.XLS', 'xlsx')).toBe('Flux.xlsx');
  });
  it('adds the extension when the name has none, without eating a date', () => {
    expect(exportFileName('flux-financiers', 'csv')).toBe('flux-financiers.csv');
    expect(exportFileName('flux 01.03.2024', 'xlsx')).toBe('flux 01.03.2024.xlsx');
  });
  it('falls back to data.<type> for an empty name', () => {
    expect(exportFileName('  ', 'csv')).toBe('data.csv');
    expect(exportFileName(null, 'xlsx')).toBe('data.xlsx');
  });
});

describe('exportMimeType (R-EXP-01)', () => {
  it('serves each type with its MIME type', () => {
    expect(exportMimeType('xls')).toBe('application/vnd.ms-excel');
    expect(exportMimeType('html')).toBe('text/html');
    expect(exportMimeType('csv')).toBe('text/csv;charset=utf-8');
    expect(exportMimeType('xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});

describe('safeWorksheetName (worksheet option, default Sheet1)', () => {
  it('keeps a valid name and defaults to Sheet1', () => {
    expect(safeWorksheetName('Flux financiers')).toBe('Flux financiers');
    expect(safeWorksheetName(undefined)).toBe('Sheet1');
    expect(safeWorksheetName('')).toBe('Sheet1');
  });
  it('removes characters Excel refuses and cuts at 31 characters', () => {
    expect(safeWorksheetName('Flux [2024/2025]: *?')).toBe('Flux  2024 2025');
    expect(safeWorksheetName('x'.repeat(40))).toHaveLength(31);
    expect(safeWorksheetName("'quoted'")).toBe('quoted');
  });
});

describe('extraLines (header / footer: a string or an array of strings, one line each)', () => {
  it('turns a string into one line and an array into lines, skipping empty ones', () => {
    expect(extraLines('Titre')).toEqual(['Titre']);
    expect(extraLines(['Ligne 1', '', 'Ligne 2'])).toEqual(['Ligne 1', 'Ligne 2']);
    expect(extraLines(null)).toEqual([]);
    expect(extraLines('')).toEqual([]);
  });
});
