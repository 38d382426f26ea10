import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/database';
import { CONTENT_NATURE, sha256Hex } from '../../db/content-store';
import { documentsWithoutContent, moveInto, sepaBatchesOf } from './document-store.repository';

/** Where versions before ADR 0010 kept files: FILES_DIR (default DATA_DIR/files) and its sepa/ sibling. */
export interface DiskFileDirectories {
  filesDir: string;
  sepaDir: string;
}

export interface DiskMoveReport {
  /** Rows that now have their bytes in DOC_Contenu. */
  movedDocuments: number;
  movedSepaFiles: number;
  /** DOC_Document ids whose file is not on this disk (still without bytes). */
  missingDocuments: number[];
  /** DOC_Document ids whose file no longer matches its checksum, or could not be read. */
  unreadableDocuments: number[];
  /** SEPA files of no batch (a generation rolled back after writing its file). */
  orphanSepaFiles: string[];
}

/** Pino's shape (app.log); the tests pass nothing. */
export interface MoveLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The names the former disk storage gave: random, then the SHA-256 of the bytes. */
const STORED_NAME = /^[0-9a-f]{32}\.sha256-([0-9a-f]{64})$/;
const SEPA_FILE = /^(\d{1,9})\.xml$/;
const PAGE = 200;
const SHOWN_IDS = 20;

/**
 * One-time move, run at every start-up before the server listens: files an earlier
 * version wrote to the local disk go into DOC_Contenu and the rows point at them.
 * Idempotent (only rows without content are looked at), safe when several processes start
 * together (each move is one conditional statement), and never fatal: a missing or
 * altered file is logged and its row stays without bytes (its download answers 404).
 * Disk files are left in place: a database restored from a backup taken before the move
 * gets them again at its next start (ADR 0010).
 */
export async function moveDiskFilesIntoDatabase(
  database: Database,
  directories: DiskFileDirectories,
  log?: MoveLogger,
): Promise<DiskMoveReport> {
  const report: DiskMoveReport = {
    movedDocuments: 0,
    movedSepaFiles: 0,
    missingDocuments: [],
    unreadableDocuments: [],
    orphanSepaFiles: [],
  };
  await moveDocuments(database, directories.filesDir, report);
  await moveSepaFiles(database, directories.sepaDir, report);
  logReport(report, directories, log);
  return report;
}

async function moveDocuments(database: Database, filesDir: string, report: DiskMoveReport): Promise<void> {
  for (let after = 0; ;) {
    const rows = await documentsWithoutContent(database, after, PAGE);
    for (const row of rows) {
      after = row.id;
      const checksum = STORED_NAME.exec(row.Chemin)?.[1];
      // Only names the former storage produced become a path: nothing outside filesDir is read.
      const bytes = checksum ? await readIfPresent(path.join(filesDir, row.Chemin)) : 'unreadable';
      if (bytes === 'missing') report.missingDocuments.push(row.id);
      else if (bytes === 'unreadable' || sha256Hex(bytes) !== checksum) report.unreadableDocuments.push(row.id);
      else if (await moveInto(database, 'DOC_Document', row.id, CONTENT_NATURE.upload, bytes, row.TypeMime))
        report.movedDocuments += 1;
    }
    if (rows.length < PAGE) return;
  }
}

async function moveSepaFiles(database: Database, sepaDir: string, report: DiskMoveReport): Promise<void> {
  const names = await readdir(sepaDir).catch(() => [] as string[]);
  const ids = new Map(names.flatMap((name) => (SEPA_FILE.test(name) ? [[Number.parseInt(name, 10), name]] : [])));
  if (ids.size === 0) return;
  const batches = await sepaBatchesOf(database, [...ids.keys()]);
  const known = new Set(batches.map((batch) => batch.id));
  report.orphanSepaFiles = [...ids].filter(([id]) => !known.has(id)).map(([, name]) => name);
  for (const batch of batches.filter((b) => b.pending)) {
    const bytes = await readIfPresent(path.join(sepaDir, ids.get(batch.id) as string));
    if (typeof bytes === 'string') continue; // gone or unreadable since the listing: tried again next start
    if (await moveInto(database, 'MKP_Traitement', batch.id, CONTENT_NATURE.sepa, bytes, 'application/xml'))
      report.movedSepaFiles += 1;
  }
}

async function readIfPresent(file: string): Promise<Buffer | 'missing' | 'unreadable'> {
  try {
    return await readFile(file);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable';
  }
}

function logReport(report: DiskMoveReport, directories: DiskFileDirectories, log: MoveLogger | undefined): void {
  if (!log) return;
  if (report.movedDocuments + report.movedSepaFiles > 0)
    log.info(
      { documents: report.movedDocuments, sepa: report.movedSepaFiles, ...directories },
      'fichiers du disque copiés dans la base (DOC_Contenu) ; le disque peut être vidé une fois la base sauvegardée',
    );
  if (report.missingDocuments.length > 0)
    log.warn(
      { count: report.missingDocuments.length, ids: report.missingDocuments.slice(0, SHOWN_IDS), ...directories },
      'documents dont le fichier est absent de ce disque : ils restent sans contenu (404)',
    );
  if (report.unreadableDocuments.length > 0)
    log.error(
      { count: report.unreadableDocuments.length, ids: report.unreadableDocuments.slice(0, SHOWN_IDS) },
      'documents dont le fichier est illisible ou ne correspond plus à sa somme de contrôle : non copiés',
    );
  if (report.orphanSepaFiles.length > 0)
    log.info(
      { count: report.orphanSepaFiles.length, files: report.orphanSepaFiles.slice(0, SHOWN_IDS) },
      'fichiers SEPA sans traitement correspondant : ignorés',
    );
}
