import {
  parseSepaEndToEndId,
  SEPA_WRITE,
  sepaReturnAnomalies,
  sepaReturnReasonLabel,
  toCents,
  type SepaReturnAlreadyRejected,
  type SepaReturnImportResult,
  type SepaReturnLine,
  type SepaReturnReport,
  type SepaReturnUnknown,
  centsToDecimal,
} from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import type { Database } from '../../db/database';
import { CONTENT_NATURE, insertContent, sha256Hex } from '../../db/content-store';
import type { Queryable } from '../../db/queryable';
import { requireGrant, type RequestScope } from '../scope/scope';
import { parseReturnReport, type ReportedReturn } from './parse-return-report';
import {
  attachImportContent,
  findCollectedFlux,
  importIdOfFile,
  insertImport,
  insertReturns,
  lockReturnImports,
  markUnpaid,
  SEPA_RETURN_AUDIT_ACTION,
  type ReturnedFluxRow,
} from './sepa-returns.repository';

export interface ReturnFile {
  fileName: string;
  bytes: Buffer;
}

/** R-RET-05: returns that do not fit their debit are applied only when the import confirms them. */
export interface ImportOptions {
  confirmAnomalies: boolean;
}

interface Classified {
  lines: SepaReturnLine[];
  alreadyRejected: SepaReturnAlreadyRejected[];
  unknown: SepaReturnUnknown[];
}

/**
 * What importing the file would change, without writing anything: the flux that become
 * 'rejeté', those rejected already, and the EndToEndIds that name no flux of ours in scope.
 * Reading a report is the first step of a SEPA write: same grant as the import.
 */
export async function previewReturnFile(
  database: Database,
  scope: RequestScope,
  file: ReturnFile,
): Promise<SepaReturnReport> {
  requireGrant(scope, SEPA_WRITE);
  const parsed = parseReturnReport(file.bytes);
  const sha256 = sha256Hex(file.bytes);
  const imported = (await importIdOfFile(database, sha256)) !== null;
  const classified = await classify(database, scope, parsed.returns);
  return {
    format: parsed.format,
    nomFichier: file.fileName,
    sha256,
    nbTransactions: parsed.returns.length,
    nbIgnorees: parsed.ignored,
    // 'Already imported' only when nothing is left to record for this caller (no leak of
    // another scope's import, and a narrower earlier import does not hide the rest).
    dejaImporte: imported && classified.lines.length === 0,
    flux: classified.lines,
    dejaRejetes: classified.alreadyRejected,
    inconnus: classified.unknown,
  };
}

/**
 * One transaction, serialised with other imports: the import row (unique SHA-256: the same
 * file again, even at the same time, changes nothing), its bytes, one return per flux
 * (unique flux), the paid flag cleared where it was set (a returned debit is unpaid, so
 * the relaunch applies: R-RET-04), and the audit rows. A return with anomalies (R-RET-05)
 * is applied only when `confirmAnomalies` is set; otherwise it is reported in `nonAppliques`
 * and the same file imported again with the confirmation applies it.
 */
export async function importReturnFile(
  database: Database,
  scope: RequestScope,
  file: ReturnFile,
  options: ImportOptions = { confirmAnomalies: false },
): Promise<SepaReturnImportResult> {
  requireGrant(scope, SEPA_WRITE);
  const parsed = parseReturnReport(file.bytes);
  const sha256 = sha256Hex(file.bytes);
  const report = { format: parsed.format, nomFichier: file.fileName, sha256 };
  const counts = { nbTransactions: parsed.returns.length, nbIgnorees: parsed.ignored };
  return database.transaction(async (tx) => {
    await lockReturnImports(tx);
    const classified = await classify(tx, scope, parsed.returns);
    const importId = await insertImport(tx, {
      sha256,
      fileName: file.fileName,
      format: parsed.format,
      structureId: scope.currentStructureId,
      userId: scope.actor.userId,
    });
    // The same file imported before (by this scope or a narrower one): its returns not yet
    // recorded for flux in this caller's scope still are; the unique flux index keeps the rest.
    const fileId = importId ?? (await importIdOfFile(tx, sha256));
    if (fileId === null) throw new Error(`MKP_ImportRetour ${sha256} : conflit sans ligne`);
    if (importId !== null) {
      const content = await insertContent(tx, {
        nature: CONTENT_NATURE.sepaReturn,
        bytes: file.bytes,
        mimeType: 'application/xml',
      });
      await attachImportContent(tx, importId, content.id);
    }
    const applied = (line: SepaReturnLine) => line.anomalies.length === 0 || options.confirmAnomalies;
    const nonAppliques = classified.lines.filter((line) => !applied(line));
    const toApply = classified.lines.filter(applied);
    const changed = new Set(await insertReturns(tx, fileId, toApply.map(toNewReturn)));
    if (importId === null && changed.size === 0) {
      return { ...report, ...counts, dejaImporte: true, idImport: null, flux: [], nonAppliques, ...rest(classified) };
    }
    const lines = toApply.filter((line) => changed.has(line.ID_FluxFinancier));
    // Every changed flux: the UPDATE re-checks the paid flag under its row lock.
    const unpaid = await markUnpaid(
      tx,
      lines.map((line) => line.ID_FluxFinancier),
    );
    await audit(tx, scope, fileId, report, { lines, unpaid, nonAppliques, classified });
    return {
      ...report,
      ...counts,
      dejaImporte: false,
      idImport: fileId,
      flux: lines,
      nonAppliques,
      ...rest(classified),
    };
  });
}

const rest = (classified: Classified) => ({
  dejaRejetes: classified.alreadyRejected,
  inconnus: classified.unknown,
});

const toNewReturn = (line: SepaReturnLine) => ({
  fluxId: line.ID_FluxFinancier,
  type: line.type,
  code: line.code,
  date: line.dateRetour,
  amount: line.montantFichierCents === null ? null : centsToDecimal(line.montantFichierCents),
  endToEndId: line.endToEndId,
});

/**
 * Matches each reported EndToEndId (GDF-<batch>-<flux>) to the flux that batch collected,
 * within scope. The first report of an id in a file counts; a flux rejected before keeps
 * its first reason.
 */
async function classify(db: Queryable, scope: RequestScope, returns: readonly ReportedReturn[]): Promise<Classified> {
  const firstReports = new Map<string, ReportedReturn>();
  for (const item of returns) if (!firstReports.has(item.endToEndId)) firstReports.set(item.endToEndId, item);
  const unique = [...firstReports.values()];
  const references = unique.map((item) => ({ item, reference: parseSepaEndToEndId(item.endToEndId) }));
  const fluxIds = references.flatMap(({ reference }) => (reference ? [reference.fluxId] : []));
  const rows = new Map((await findCollectedFlux(db, scope, [...new Set(fluxIds)])).map((row) => [row.id, row]));
  const classified: Classified = { lines: [], alreadyRejected: [], unknown: [] };
  for (const { item, reference } of references) {
    const row = reference ? rows.get(reference.fluxId) : undefined;
    if (!reference || !row || row.ID_Traitement !== reference.batchId) {
      classified.unknown.push({
        endToEndId: item.endToEndId,
        code: item.code,
        motif: sepaReturnReasonLabel(item.code),
        montantFichierCents: item.amountCents,
      });
      continue;
    }
    const line = toLine(item, row);
    if (row.DateRetour === null) classified.lines.push(line);
    else {
      classified.alreadyRejected.push({
        ...line,
        codeExistant: row.CodeRaison,
        motifExistant: sepaReturnReasonLabel(row.CodeRaison),
        dateExistante: row.DateRetour,
      });
    }
  }
  return classified;
}

function toLine(item: ReportedReturn, row: ReturnedFluxRow): SepaReturnLine {
  const debitCents = toCents(row.amount);
  return {
    endToEndId: item.endToEndId,
    ID_FluxFinancier: row.id,
    NomFluxFinancier: row.NomFluxFinancier,
    ID_Structure: row.ID_Structure,
    NomStructure: row.NomStructure,
    montantCents: debitCents,
    montantFichierCents: item.amountCents,
    code: item.code,
    motif: sepaReturnReasonLabel(item.code),
    dateRetour: item.date,
    type: item.type,
    etaitRegle: row.EST_Reglement,
    anomalies: sepaReturnAnomalies({
      debitCents,
      reportedCents: item.amountCents,
      unreadableAmount: item.unreadableAmount,
      currency: item.currency,
      returnDate: item.date,
      collectionDate: row.DateEcheance,
    }),
  };
}

async function audit(
  tx: Queryable,
  scope: RequestScope,
  importId: number,
  report: { format: string; nomFichier: string; sha256: string },
  outcome: {
    lines: readonly SepaReturnLine[];
    unpaid: readonly number[];
    nonAppliques: readonly SepaReturnLine[];
    classified: Classified;
  },
) {
  const { lines, unpaid, nonAppliques, classified } = outcome;
  const who = { userId: scope.actor.userId, structureId: scope.currentStructureId };
  await writeAuditRows(tx, [
    {
      ...who,
      action: SEPA_RETURN_AUDIT_ACTION,
      table: 'MKP_ImportRetour',
      targetId: importId,
      details: {
        ...report,
        rejetes: lines.map((line) => ({ flux: line.ID_FluxFinancier, code: line.code, date: line.dateRetour })),
        // R-RET-05: anomalies applied on the user's confirmation, and those left out.
        anomaliesConfirmees: lines
          .filter((line) => line.anomalies.length > 0)
          .map((line) => ({ flux: line.ID_FluxFinancier, anomalies: line.anomalies.map((a) => a.code) })),
        anomaliesNonAppliquees: nonAppliques.map((line) => line.ID_FluxFinancier),
        dejaRejetes: classified.alreadyRejected.map((line) => line.ID_FluxFinancier),
        inconnus: classified.unknown.map((item) => item.endToEndId),
      },
    },
    // The paid flag's changes are audited as every other one is (reglement_flux).
    ...unpaid.map((fluxId) => ({
      ...who,
      action: 'reglement_flux',
      table: 'MKP_FluxFinancier',
      targetId: fluxId,
      details: { avant: true, apres: false, importRetour: importId },
    })),
  ]);
}

/**
 * Waits for any return import in progress and holds others off until `tx` ends: a SEPA
 * batch cancellation takes it, so a flux the bank rejected is never released meanwhile.
 */
export function waitForReturnImports(tx: Queryable): Promise<void> {
  return lockReturnImports(tx);
}
