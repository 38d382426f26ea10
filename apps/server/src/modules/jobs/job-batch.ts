import { neutraliseFormula, quoteCsvField } from '@gdf/file-formats';
import type { Queryable } from '../../db/queryable';
import type { JobOutcome } from './job-kind';
import { emptyZipParts, finishZipParts, type ZipParts } from './job-zip';

/**
 * A batch of documents, one step per structure (relevés, reminder letters): where it resumes,
 * what it issued and left out so far (its result), and its ZIP, stored a part per step.
 */
export interface BatchCheckpoint<Result> {
  /** Structures done, in the order asked. */
  done: number;
  result: Result;
  zip: ZipParts;
  /** The whole ZIP once the last step stored it. */
  contentId: number | null;
}

/** A structure the batch left out, with the reason in French: the result and the sommaire.csv name it. */
export interface LeftOutStructure {
  structureId: number;
  structure: string;
  raison: string;
}

/** Before the first structure: nothing done, `result` empty. */
export const firstCheckpoint = <Result>(result: Result): BatchCheckpoint<Result> => ({
  done: 0,
  result,
  zip: emptyZipParts(),
  contentId: null,
});

/** The structures left out, with one more: a new list, the checkpoint before it unchanged. */
export const withLeftOut = (leftOut: readonly LeftOutStructure[], structure: LeftOutStructure): LeftOutStructure[] => [
  ...leftOut,
  structure,
];

/** What the finished job shows: its result, and the ZIP to download. */
export const batchOutcome = (result: object, fileName: string, contentId: number): JobOutcome => ({
  summary: { ...result },
  file: { name: fileName, contentId },
});

/**
 * The batch's last step: the sommaire.csv (its header, then one line per structure asked) and
 * the central directory close the ZIP, stored whole; the checkpoint names it.
 */
export async function finishBatchZip<Checkpoint extends BatchCheckpoint<unknown>>(
  tx: Queryable,
  before: Checkpoint,
  summary: { header: readonly string[]; lines: ReadonlyArray<readonly string[]> },
  builtAt: Date,
): Promise<Checkpoint> {
  const entry = { name: 'sommaire.csv', bytes: Buffer.from(summaryCsv(summary.header, summary.lines), 'utf8') };
  const content = await finishZipParts(tx, before.zip, [entry], builtAt);
  return { ...before, zip: emptyZipParts(), contentId: content.id };
}

/** ';'-separated behind a BOM, as a French spreadsheet opens it; no cell read as a formula. */
function summaryCsv(header: readonly string[], lines: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) =>
    cells.map((cell) => quoteCsvField(neutraliseFormula(cell), ';')).join(';') + '\r\n';
  let text = `\uFEFF${header.join(';')}\r\n`;
  for (const cells of lines) text += line(cells);
  return text;
}
