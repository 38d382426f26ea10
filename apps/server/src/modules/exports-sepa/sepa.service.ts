import {
  collectionDateRefusal,
  debitCollectionWindow,
  DEFAULT_PAIN008_VERSION,
  earliestCollectionDate,
  ModuleSlug,
  parisToday,
  SEPA_DEFAULT_CATEGORIES,
  SEPA_WRITE,
  type Pain008Version,
  type SepaCalendar,
  type SepaGenerated,
  type SepaPreview,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { badRequest, HttpError } from '../../lib/http-errors';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { resolveCreditor } from './sepa-creditor';
import { classifyDebtors } from './sepa-debtors';
import { CONTENT_NATURE, insertContent } from '../../db/content-store';
import type { SepaSettings } from './sepa-settings';
import { assembleBatch, type AssembledBatch } from './sepa-batch';
import { pain008XmlProblems } from './sepa-file-check';
import {
  claimLockedFlux,
  completeBatch,
  findDebtorsDue,
  insertBatch,
  insertBatchTransactions,
  lastPresentedAccounts,
  lockCollectableFlux,
} from './sepa.repository';

// The federation's account and name: the credit transfers pay from it (R-PAY-05).
export { resolveCreditor } from './sepa-creditor';
export type { SepaSettings } from './sepa-settings';

export interface SepaRequest {
  dateEcheance: string;
  saison?: number | undefined;
  categories?: number[] | undefined;
  version?: Pain008Version | undefined;
}
export interface SepaDependencies {
  database: Database;
  settings: SepaSettings;
}

const NOTHING_TO_COLLECT =
  'Aucun prélèvement à générer : aucun flux à prélever pour cette sélection (déjà dans un fichier SEPA ou structures exclues).';

/**
 * Permission first, then the collection date: a TARGET day at least SEPA_MIN_LEAD_DAYS TARGET
 * days after today in Paris (EPC SDD Core D-1), which the preview checks too so that what it
 * shows can be generated; then which flux a file on that date may collect (R-SEPA-11).
 */
function checkRequest(deps: SepaDependencies, scope: RequestScope, request: SepaRequest, now: Date) {
  requireModule(scope, ModuleSlug.ExportSepa);
  const { minLeadDays } = deps.settings;
  const refusal = collectionDateRefusal(request.dateEcheance, parisToday(now), minLeadDays);
  if (refusal) throw badRequest(refusal);
  return {
    selection: { categories: request.categories ?? [...SEPA_DEFAULT_CATEGORIES], saison: request.saison },
    // R-SEPA-11: only the flux whose invoice announced this date or an earlier one.
    window: debitCollectionWindow(request.dateEcheance, minLeadDays),
  };
}

/** The structures of the selection, sorted into those a file on the date collects and those it leaves out. */
async function classifiedDebtors(
  db: Queryable,
  deps: SepaDependencies,
  scope: RequestScope,
  request: SepaRequest,
  checked: ReturnType<typeof checkRequest>,
) {
  const rows = await findDebtorsDue(db, scope, checked.selection, checked.window);
  return classifyDebtors(rows, request.dateEcheance, deps.settings.minLeadDays);
}

/** What the date picker needs: today in Paris, the lead time and the first allowed collection date. */
export function sepaCalendar(deps: SepaDependencies, scope: RequestScope, now = new Date()): SepaCalendar {
  requireModule(scope, ModuleSlug.ExportSepa);
  const today = parisToday(now);
  const { minLeadDays } = deps.settings;
  return { today, minLeadDays, earliestDate: earliestCollectionDate(today, minLeadDays) };
}

export async function previewSepa(
  deps: SepaDependencies,
  scope: RequestScope,
  request: SepaRequest,
  now = new Date(),
): Promise<SepaPreview> {
  const checked = checkRequest(deps, scope, request, now);
  const { eligible, excluded } = await classifiedDebtors(deps.database, deps, scope, request, checked);
  return {
    dateEcheance: request.dateEcheance,
    nbFlux: eligible.reduce((sum, s) => sum + s.nbFlux, 0),
    totalCents: eligible.reduce((sum, s) => sum + s.totalCents, 0),
    structures: eligible.map(({ row: _row, ...summary }) => summary),
    exclues: excluded,
  };
}

/** A file that fails its last checks: nothing is stored, nothing claimed (the transaction rolls back). */
const invalidFile = (problems: string[]) =>
  new HttpError(
    422,
    `Le fichier SEPA n’a pas été généré car il ne respecte pas les règles SEPA ; aucun flux n’a été rattaché. ${problems.join(' ')}`,
    'sepa-invalid',
  );

/**
 * One transaction, in this order: the debtors the EPC rules exclude are set aside (with
 * their French reason), the flux of the others are locked, the file is built and checked
 * (pre-flight rules, XSD, NbOfTxs/CtrlSum); only then are the flux claimed, the
 * transactions recorded (for the next mandate amendment), the file stored and the batch
 * audited. Any failure rolls everything back: no batch, no file, no claim.
 */
export async function generateSepa(
  deps: SepaDependencies,
  scope: RequestScope,
  request: SepaRequest,
  now = new Date(),
): Promise<SepaGenerated> {
  requireGrant(scope, SEPA_WRITE); // the file claims what it collects: a write of its own
  const checked = checkRequest(deps, scope, request, now);
  const version = request.version ?? DEFAULT_PAIN008_VERSION;
  return deps.database.transaction(async (tx) => {
    const creditor = await resolveCreditor(tx, deps.settings);
    const { eligible, excluded } = await classifiedDebtors(tx, deps, scope, request, checked);
    if (eligible.length === 0) throw new HttpError(409, NOTHING_TO_COLLECT, 'conflict');
    const structureIds = eligible.map((s) => s.ID_Structure);
    const batchId = await insertBatch(tx, scope.currentStructureId, scope.actor.userId);
    const flux = await lockCollectableFlux(tx, scope, checked.selection, checked.window, structureIds);
    let batch: AssembledBatch;
    try {
      batch = assembleBatch({
        batchId,
        version,
        sequenceType: deps.settings.sequenceType,
        createdAt: now,
        collectionDate: request.dateEcheance,
        creditor,
        debtors: new Map(eligible.map((s) => [s.ID_Structure, s.row])),
        flux,
        lastAccounts: await lastPresentedAccounts(tx, structureIds),
      });
    } catch (error) {
      if (error instanceof RangeError) throw invalidFile([error.message]); // file-level rules (creditor...)
      throw error;
    }
    const exclues = [...excluded, ...batch.excluded].sort((a, b) => a.NomStructure.localeCompare(b.NomStructure));
    if (batch.xml === null) throw new HttpError(409, NOTHING_TO_COLLECT, 'conflict');
    const problems = await pain008XmlProblems(batch.xml, version);
    if (problems.length > 0) throw invalidFile(problems);
    const fluxIds = batch.transactions.map((t) => t.fluxId);
    if ((await claimLockedFlux(tx, batchId, fluxIds)) !== fluxIds.length) {
      throw new HttpError(409, 'Des flux ont été pris par un autre fichier SEPA : recommencez.', 'conflict');
    }
    await insertBatchTransactions(tx, batchId, batch.transactions);
    const fileName = `prelevements-sepa-${batchId}-${request.dateEcheance}.xml`;
    // Kept with the batch, in the database: any server process serves it again.
    const content = await insertContent(tx, {
      nature: CONTENT_NATURE.sepa,
      bytes: Buffer.from(batch.xml, 'utf8'),
      mimeType: 'application/xml',
    });
    const totalCents = batch.transactions.reduce((sum, t) => sum + t.amountCents, 0);
    await completeBatch(tx, {
      id: batchId,
      fileName,
      contentId: content.id,
      structureId: scope.currentStructureId,
      userId: scope.actor.userId,
      details: {
        nbFlux: batch.transactions.length,
        totalCents,
        version,
        dateEcheance: request.dateEcheance,
        exclues: exclues.map((s) => ({ ID_Structure: s.ID_Structure, code: s.code })),
      },
    });
    return { batchId, fileName, xml: batch.xml, nbFlux: batch.transactions.length, totalCents, exclues };
  });
}
