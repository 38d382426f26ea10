import {
  addDays,
  encodeLatin9,
  entryTotals,
  FEC_HEADER,
  fecFileName,
  FecChecker,
  fecLines,
  fiscalYearsBetween,
  layoutLabelWidth,
  DEFAULT_PNM_LAYOUT,
  ModuleSlug,
  parisToday,
  pnmLines,
  provisionalFecFileName,
  SAGE_CSV_HEADER,
  sageCsvLines,
  type AccountingEntry,
  type AccountingFileFormat,
  type ExportPreview,
  type ExportQuery,
  type FecQuery,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { badRequest, notFound } from '../../lib/http-errors';
import type { Queryable } from '../../db/queryable';
import { fiscalYearsOf, lockedFiscalYears, type FiscalYearRow } from '../ledger/fiscal-years.service';
import type { Books, BooksOwner } from '../ledger/ledger.service';
import {
  booksOwner,
  booksScope,
  ledgerEntries,
  openBooks,
  openingEntries,
  stagedEntries,
  stageUnbookedEntries,
} from '../ledger/ledger.service';
import { requireModule, type RequestScope } from '../scope/scope';
import { unmappedFlux } from './exports-sage.repository';
import { recordExportFile, type FileChecker, type RecordedFile } from './export-history';

const UNMAPPED_LISTED = 100;

function fecChecker(): FileChecker {
  const checker = new FecChecker();
  return {
    push: (text) => checker.push(text),
    finish: () => checker.finish().map((p) => (p.line === null ? p.message : `ligne ${p.line} : ${p.message}`)),
  };
}
/** A provisional file may look ahead (future-dated flux), within reason: five years. */
const MAX_DAYS_AHEAD = 1_827;

interface Range {
  from: string;
  to: string;
  journals?: readonly string[];
}

/**
 * The structure's years, with the years after the last one drawn in memory up to `to`
 * (a provisional file may look ahead; only validation creates rows that matter).
 */
async function yearsUpTo(tx: Queryable, owner: BooksOwner, to: string, today: string): Promise<FiscalYearRow[]> {
  if (to > addDays(today, MAX_DAYS_AHEAD)) {
    throw badRequest('Période invalide : la date de fin dépasse de plus de cinq ans la date du jour.');
  }
  const years = await lockedFiscalYears(tx, owner, today);
  const last = years[years.length - 1];
  if (!last || last.fin >= to) return years;
  const next = fiscalYearsBetween(last.fin, to, Number(last.debut.slice(5, 7))).slice(1);
  return [
    ...years,
    ...next.map((y, index) => ({
      ...y,
      id: -(index + 1),
      statut: 'ouvert' as const,
      valideJusquau: null,
      dateCloture: null,
    })),
  ];
}

/** Every day of the range is validated: the file reads only the validated ledger. */
function isValidatedRange(years: readonly FiscalYearRow[], from: string, to: string): boolean {
  const overlapping = years.filter((y) => y.debut <= to && y.fin >= from);
  if (overlapping.length === 0 || overlapping[0]!.debut > from || overlapping.some((y) => y.id < 0)) return false;
  return overlapping.every((y) => y.valideJusquau !== null && y.valideJusquau >= (y.fin < to ? y.fin : to));
}

/**
 * The entries of the range in file order: per fiscal year, the validated ones (never
 * changed), then those not validated yet (later dates by construction: R-LEDG-08).
 */
async function* booksEntries(tx: Queryable, books: Books, range: Range): AsyncGenerator<AccountingEntry[]> {
  const { staged } = await stageUnbookedEntries(tx, books, range.from, range.to);
  for (const year of books.years.filter((y) => y.debut <= range.to && y.fin >= range.from)) {
    const from = year.debut > range.from ? year.debut : range.from;
    const to = year.fin < range.to ? year.fin : range.to;
    // The year's opening entry first (R-LEDG-13): dated its first day, it opens its files.
    if (year.id > 0 && from === year.debut) {
      const opening = await openingEntries(tx, year.id, range.journals);
      if (opening.length > 0) yield opening;
    }
    yield* ledgerEntries(tx, books.owner.structureId, from, to, range.journals);
    if (staged === 0) continue;
    // Not validated: no sequence of its own (PNM NumeroPiece falls back to the flux id).
    for await (const batch of stagedEntries(tx, books, from, to, range.journals)) {
      yield batch.map((s) => ({ ...s.entry, sequence: null }));
    }
  }
}

/** `today`: 'YYYY-MM-DD' in Europe/Paris (which fiscal years exist). */
export async function previewExport(
  database: Database,
  scope: RequestScope,
  query: ExportQuery,
  today = parisToday(),
): Promise<ExportPreview> {
  requireModule(scope, ModuleSlug.ExportSage);
  const preview: ExportPreview = {
    entryCount: 0,
    lineCount: 0,
    totalDebitCents: 0,
    totalCreditCents: 0,
    journals: [],
    unmappedCount: 0,
    valide: false,
    unmapped: [],
  };
  const journals = new Set<string>();
  await database.transaction(async (tx) => {
    const owner = booksOwner(scope);
    const years = await yearsUpTo(tx, owner, query.to, today);
    preview.valide = isValidatedRange(years, query.from, query.to);
    const books = await openBooks(tx, owner, years);
    for await (const batch of booksEntries(tx, books, { from: query.from, to: query.to, journals: query.journaux })) {
      for (const entry of batch) {
        const totals = entryTotals(entry);
        preview.entryCount += 1;
        preview.lineCount += entry.lines.length;
        preview.totalDebitCents += totals.debitCents;
        preview.totalCreditCents += totals.creditCents;
        journals.add(entry.journal);
      }
    }
  });
  const unmapped = await unmappedFlux(database, booksScope(booksOwner(scope)), query, UNMAPPED_LISTED);
  return { ...preview, journals: [...journals].sort(), unmappedCount: unmapped.count, unmapped: unmapped.first };
}

export interface ExportFile extends RecordedFile {
  unmappedCount: number;
}

interface FileRequest extends Range {
  format: AccountingFileFormat;
  today: string;
  /** The FEC's fiscal year; a SAGE file names itself after its range. */
  fileName: (valid: boolean, siren: string) => string;
}

/**
 * Produces a SAGE (PNM, CSV) or FEC file, records it in the export history with its
 * SHA-256, and gives its bytes. A validated range reads the validated ledger only, so the
 * same request gives the same bytes whatever changed since.
 */
async function produceFile(database: Database, scope: RequestScope, request: FileRequest): Promise<ExportFile> {
  requireModule(scope, ModuleSlug.ExportSage);
  const { count } = await unmappedFlux(
    database,
    booksScope(booksOwner(scope)),
    { from: request.from, to: request.to },
    0,
  );
  const labelWidth = layoutLabelWidth(DEFAULT_PNM_LAYOUT);
  const [header, lines] =
    request.format === 'fec'
      ? [FEC_HEADER, fecLines]
      : request.format === 'csv'
        ? [SAGE_CSV_HEADER, (e: AccountingEntry) => sageCsvLines(e, labelWidth)]
        : ['', (e: AccountingEntry) => pnmLines(e)];
  const recorded = await database.transaction(async (tx) => {
    const owner = booksOwner(scope);
    const years = await yearsUpTo(tx, owner, request.to, request.today);
    const valid = isValidatedRange(years, request.from, request.to);
    const books = await openBooks(tx, owner, years);
    async function* text(): AsyncGenerator<{ text: string; entries: number }> {
      if (header) yield { text: header, entries: 0 };
      for await (const batch of booksEntries(tx, books, request)) {
        yield { text: batch.map(lines).join(''), entries: batch.length };
      }
    }
    const siren = books.rule.siren;
    if (request.format === 'fec' && !siren) {
      throw badRequest(
        'SIREN absent : renseignez-le (Paramétrages comptables > Flux financier) avant de produire un FEC.',
      );
    }
    return recordExportFile(tx, scope, {
      // A FEC leaves only once article A47 A-1's rules hold on every line; a brouillard is not a FEC.
      checker: request.format === 'fec' && valid ? fecChecker() : undefined,
      format: request.format,
      from: request.from,
      to: request.to,
      journals: request.journals ?? null,
      valid,
      fileName: request.fileName(valid, siren ?? ''),
      chunks: text(),
      encode: encodeLatin9,
    });
  });
  return { ...recorded, unmappedCount: count };
}

export function exportSageFile(
  database: Database,
  scope: RequestScope,
  query: ExportQuery,
  today = parisToday(),
): Promise<ExportFile> {
  const compact = (day: string) => day.replaceAll('-', '');
  return produceFile(database, scope, {
    today,
    format: query.format,
    from: query.from,
    to: query.to,
    journals: query.journaux,
    fileName: (valid) =>
      `SAGE_${valid ? '' : 'BROUILLARD_'}${compact(query.from)}_${compact(query.to)}.${query.format === 'csv' ? 'csv' : 'pnm'}`,
  });
}

/** The FEC of one fiscal year (article A47 A-1), named after its closing date; a brouillard until validated to its end. */
export async function exportFecFile(
  database: Database,
  scope: RequestScope,
  query: FecQuery,
  today = parisToday(),
): Promise<ExportFile> {
  requireModule(scope, ModuleSlug.ExportSage);
  const years = await fiscalYearsOf(database, scope.currentStructureId);
  const year = years.find((y) => y.id === query.exercice);
  if (!year) throw notFound('Exercice introuvable');
  return produceFile(database, scope, {
    today,
    format: 'fec',
    from: year.debut,
    to: year.fin,
    fileName: (valid, siren) => (valid ? fecFileName(siren, year.fin) : provisionalFecFileName(siren, year.fin)),
  });
}
