import {
  buildPain008,
  DEFAULT_PAIN008_VERSION,
  ModuleSlug,
  SEPA_DEFAULT_CATEGORIES,
  SEPA_WRITE,
  sepaEndToEndId,
  toCents,
  usableBic,
  type Pain008Version,
  type SepaDirectDebit,
  type SepaPreview,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { badRequest, HttpError } from '../../lib/http-errors';
import { inTransaction } from '../flux/transaction';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { resolveCreditor } from './sepa-creditor';
import { classifyDebtors } from './sepa-debtors';
import { CONTENT_NATURE, insertContent } from '../document-store/content.repository';
import type { SepaSettings } from './sepa-settings';
import {
  claimFlux,
  completeBatch,
  findDebtorsDue,
  insertBatch,
  type ClaimedFluxRow,
  type DebtorDueRow,
} from './sepa.repository';

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

const parisDay = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);

/** Permission first, then the collection date, which a bank refuses in the past. */
function checkRequest(scope: RequestScope, request: SepaRequest, now: Date) {
  requireModule(scope, ModuleSlug.ExportSepa);
  if (request.dateEcheance < parisDay(now)) {
    throw badRequest("Date d'échéance invalide : elle ne peut pas être dans le passé.");
  }
  return { categories: request.categories ?? [...SEPA_DEFAULT_CATEGORIES], saison: request.saison };
}

export async function previewSepa(
  deps: SepaDependencies,
  scope: RequestScope,
  request: SepaRequest,
  now = new Date(),
): Promise<SepaPreview> {
  const selection = checkRequest(scope, request, now);
  const { eligible, excluded } = classifyDebtors(await findDebtorsDue(deps.database, scope, selection));
  return {
    dateEcheance: request.dateEcheance,
    nbFlux: eligible.reduce((sum, s) => sum + s.nbFlux, 0),
    totalCents: eligible.reduce((sum, s) => sum + s.totalCents, 0),
    structures: eligible.map(({ row: _row, ...summary }) => summary),
    exclues: excluded,
  };
}

function toDirectDebit(batchId: number, flux: ClaimedFluxRow, debtor: DebtorDueRow): SepaDirectDebit {
  return {
    endToEndId: sepaEndToEndId(batchId, flux.id),
    amountCents: toCents(flux.amount),
    mandateReference: debtor.MandatRUM as string,
    mandateSignedOn: debtor.MandatDateSignature as string,
    debtorName: debtor.Titulaire ?? debtor.NomStructure,
    debtorIban: debtor.IBAN as string,
    debtorBic: usableBic(debtor.BIC),
    debtorAddress: {
      street: debtor.Adresse1,
      postCode: debtor.CodePostal,
      town: debtor.Ville as string,
      country: debtor.Pays as string,
    },
    remittance: `${flux.NomFluxFinancier} - flux ${flux.id}`,
  };
}

/**
 * One transaction: a batch row, the claim of the flux still free (so concurrent or
 * repeated generations never share a flux), the file built only from the claimed rows,
 * stored (DOC_Contenu), and audited. Nothing to claim rolls everything back.
 */
export async function generateSepa(
  deps: SepaDependencies,
  scope: RequestScope,
  request: SepaRequest,
  now = new Date(),
) {
  requireGrant(scope, SEPA_WRITE); // the file claims what it collects: a write of its own
  const selection = checkRequest(scope, request, now);
  const version = request.version ?? DEFAULT_PAIN008_VERSION;
  return inTransaction(deps.database, async (tx) => {
    const creditor = await resolveCreditor(tx, deps.settings);
    const { eligible } = classifyDebtors(await findDebtorsDue(tx, scope, selection));
    if (eligible.length === 0) throw new HttpError(409, NOTHING_TO_COLLECT, 'conflict');
    const batchId = await insertBatch(tx, scope.currentStructureId, scope.actor.userId);
    const claimed = await claimFlux(
      tx,
      scope,
      selection,
      eligible.map((s) => s.ID_Structure),
      batchId,
    );
    if (claimed.length === 0) throw new HttpError(409, NOTHING_TO_COLLECT, 'conflict');
    const debtors = new Map(eligible.map((s) => [s.ID_Structure, s.row]));
    const transactions = claimed
      .sort((a, b) => a.ID_Structure - b.ID_Structure || a.id - b.id)
      .map((flux) => toDirectDebit(batchId, flux, debtors.get(flux.ID_Structure) as DebtorDueRow));
    const xml = buildPain008({
      version,
      messageId: `GDF-SEPA-${batchId}`,
      paymentInfoId: `GDF-SEPA-${batchId}-1`,
      createdAt: now,
      requestedCollectionDate: request.dateEcheance,
      sequenceType: deps.settings.sequenceType,
      creditor,
      transactions,
    });
    const fileName = `prelevements-sepa-${batchId}-${request.dateEcheance}.xml`;
    // Kept with the batch, in the database: any server process serves it again.
    const content = await insertContent(tx, {
      nature: CONTENT_NATURE.sepa,
      bytes: Buffer.from(xml, 'utf8'),
      mimeType: 'application/xml',
    });
    const totalCents = transactions.reduce((sum, t) => sum + t.amountCents, 0);
    await completeBatch(tx, {
      id: batchId,
      fileName,
      contentId: content.id,
      structureId: scope.currentStructureId,
      userId: scope.actor.userId,
      details: { nbFlux: transactions.length, totalCents, version, dateEcheance: request.dateEcheance },
    });
    return { batchId, fileName, xml };
  });
}
