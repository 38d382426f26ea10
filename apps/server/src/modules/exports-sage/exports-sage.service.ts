import {
  allocate,
  booksEntry,
  buildEntry,
  encodeLatin9,
  entryTotals,
  FEC_HEADER,
  fecFileName,
  fecLines,
  ModuleSlug,
  pnmLines,
  SAGE_CSV_HEADER,
  sageCsvLines,
  StructureType,
  type AccountingEntry,
  type CounterpartAllocation,
  type ExportPreview,
  type ExportQuery,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { badRequest } from '../../lib/http-errors';
import { requireModule, type RequestScope } from '../scope/scope';
import {
  auditExport,
  BATCH_SIZE,
  fluxIdRange,
  hasTarifMappings,
  loadThirdPartyRule,
  mappedFluxBatch,
  tarifParts,
  unmappedFlux,
  type TarifPartRow,
} from './exports-sage.repository';

const UNMAPPED_LISTED = 100;

/** The entries of the period, batch after batch: never more than one batch in memory. */
export async function* accountingEntries(
  database: Database,
  scope: RequestScope,
  query: ExportQuery,
): AsyncGenerator<AccountingEntry[]> {
  const rule = await loadThirdPartyRule(database, scope.currentStructureId);
  if (!rule) {
    throw badRequest(
      'Paramètres comptables absents : renseignez la règle du compte tiers (Paramétrages comptables > Flux financier).',
    );
  }
  const pointOfView = scope.currentStructureType === StructureType.Federation ? 'federation' : 'membre';
  const withTarifs = await hasTarifMappings(database, scope.currentStructureId);
  const range = await fluxIdRange(database, scope, query);
  if (!range) return;
  // Adaptive id windows: wider where the scope's flux are sparse (a club), narrower when full.
  let afterId = range.min - 1;
  let width = BATCH_SIZE;
  while (afterId < range.max) {
    const uptoId = Math.min(afterId + width, range.max);
    const rows = await mappedFluxBatch(database, scope, query, query.journaux, afterId, uptoId);
    if (rows.length === BATCH_SIZE) {
      afterId = rows[rows.length - 1]!.id;
      width = Math.max(BATCH_SIZE, Math.floor(width / 2));
    } else {
      afterId = uptoId;
      if (rows.length < BATCH_SIZE / 2) width *= 2;
    }
    // A relaunch copy presents the original's debt again: one sale, booked on the original.
    const booked = rows.filter(booksEntry);
    if (booked.length === 0) continue;
    const parts = withTarifs
      ? groupByFlux(
          await tarifParts(
            database,
            scope.currentStructureId,
            booked.map((r) => r.id),
          ),
        )
      : new Map<number, CounterpartAllocation[]>();
    yield booked.map((row) => {
      const amountCents = Number(row.cents);
      const category = { account: row.account, accountLabel: row.accountLabel ?? row.account, section: row.section };
      const flux = { ...row, amountCents };
      return buildEntry(flux, pointOfView, rule, row.journal, allocate(amountCents, category, parts.get(row.id) ?? []));
    });
  }
}

function groupByFlux(rows: TarifPartRow[]): Map<number, CounterpartAllocation[]> {
  const byFlux = new Map<number, CounterpartAllocation[]>();
  for (const r of rows) {
    const list = byFlux.get(r.fluxId) ?? [];
    list.push({
      account: r.account,
      accountLabel: r.accountLabel ?? r.account,
      section: r.section,
      amountCents: Number(r.cents),
    });
    byFlux.set(r.fluxId, list);
  }
  return byFlux;
}

export async function previewExport(
  database: Database,
  scope: RequestScope,
  query: ExportQuery,
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
  for await (const batch of accountingEntries(database, scope, query)) {
    for (const entry of batch) {
      const totals = entryTotals(entry);
      preview.entryCount += 1;
      preview.lineCount += entry.lines.length;
      preview.totalDebitCents += totals.debitCents;
      preview.totalCreditCents += totals.creditCents;
      journals.add(entry.journal);
    }
  }
  const unmapped = await unmappedFlux(database, scope, query, UNMAPPED_LISTED);
  return { ...preview, journals: [...journals].sort(), unmappedCount: unmapped.count, unmapped: unmapped.first };
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  unmappedCount: number;
  /** Latin-9 bytes, produced batch by batch as the reply consumes them. */
  body: AsyncGenerator<Uint8Array>;
}

export async function exportFile(
  database: Database,
  scope: RequestScope,
  kind: 'sage' | 'fec',
  query: ExportQuery,
): Promise<ExportFile> {
  requireModule(scope, ModuleSlug.ExportSage);
  const rule = await loadThirdPartyRule(database, scope.currentStructureId);
  const { count } = await unmappedFlux(database, scope, query, 0);
  const format = kind === 'fec' ? 'fec' : query.format;
  await auditExport(database, scope, `export_${format}`, {
    from: query.from,
    to: query.to,
    journaux: query.journaux ?? null,
    unmapped: count,
  });
  const compactEnd = query.to.replaceAll('-', '');
  const fileName =
    kind === 'fec'
      ? fecFileName(rule?.siren ?? '000000000', query.to)
      : `SAGE_${query.from.replaceAll('-', '')}_${compactEnd}.${format === 'csv' ? 'csv' : 'pnm'}`;
  const [header, lines] =
    format === 'fec'
      ? [FEC_HEADER, fecLines]
      : format === 'csv'
        ? [SAGE_CSV_HEADER, sageCsvLines]
        : ['', (e: AccountingEntry) => pnmLines(e)];
  async function* body(): AsyncGenerator<Uint8Array> {
    if (header) yield encodeLatin9(header);
    for await (const batch of accountingEntries(database, scope, query)) {
      yield encodeLatin9(batch.map(lines).join(''));
    }
  }
  const contentType = format === 'csv' ? 'text/csv; charset=iso-8859-15' : 'text/plain; charset=iso-8859-15';
  return { fileName, contentType, unmappedCount: count, body: body() };
}
