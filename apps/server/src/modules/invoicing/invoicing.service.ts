import type { draftRequestSchema } from '@gdf/domain';
import {
  INVOICING_MESSAGES,
  INVOICING_WRITE,
  ModuleSlug,
  avoirAmountProblem,
  avoirLines,
  avoirSepaBatchProblem,
  draftAsFlux,
  draftEditRefusal,
  draftProblems,
  draftTotal,
  fluxWriteProblems,
  formatEuros,
  invoiceNumber,
  parisToday,
  recipientRefusal,
  resteDuByFlux,
  type AvoirRequest,
  type DraftLine,
  type DraftView,
  type IssuedInvoiceView,
  type IssueMailOutcome,
  type TarifOption,
  type DraftSummary,
} from '@gdf/domain';
import type { z } from 'zod';
import { writeAuditRows } from '../../db/audit-log';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-errors';
import { issueFluxDocuments, type IssuanceSettings } from '../flux-documents/issue-documents';
import { uncommittedInvoiceInput } from '../flux-documents/invoice-preview';
import { requireSendGrant, type MailService } from '../mail/mail.service';
import { createReceivablesService } from '../receivables/receivables.service';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { inThreadRenderer, type DocumentRenderer } from '../../render/render-pool';
import {
  billableStructures,
  deleteDraft,
  existingTarifs,
  findDraft,
  insertDraft,
  insertInvoiceFlux,
  invoiceLines,
  listDrafts,
  listTarifs,
  lockInvoice,
  markDraftIssued,
  seasonExists,
  updateDraft,
  type BillableStructure,
  type DraftValues,
  type StoredDraft,
} from './invoicing.repository';
import { invoicingMessages as m } from './messages';

type DraftInput = z.infer<typeof draftRequestSchema>;

export const INVOICING_AUDIT = {
  draftCreated: 'creation_brouillon_facture',
  draftChanged: 'modification_brouillon_facture',
  draftDeleted: 'suppression_brouillon_facture',
  invoiceIssued: 'emission_facture',
  avoirIssued: 'emission_avoir',
  bulkStarted: 'facturation_en_lot',
} as const;

const DRAFTS_LISTED = 200;
const conflict = (message: string) => new HttpError(409, message, 'conflict');
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export interface InvoicingSettings {
  issuance: IssuanceSettings;
  renderer?: DocumentRenderer;
  /** Tests: the instant invoices are issued and due dates checked at. */
  clock?: () => Date;
}

/** The request's draft in the domain's terms. */
export function draftValues(input: Omit<DraftInput, 'structureId'> & { structureId: number }): DraftValues {
  return {
    structureId: input.structureId,
    label: input.libelle,
    category: input.categorie,
    dueDate: input.echeance,
    note: input.note,
    lines: input.lignes.map((line) => ({
      label: line.libelle,
      tarifId: line.tarifId,
      unitPriceCents: line.prixUnitaireCentimes,
      quantity: line.quantite,
    })),
  };
}

/**
 * R-INV-01 to R-INV-05 for one structure: in the caller's scope, never the caller's own
 * structure (R-PERM-07: a structure never sets what it owes), neither blocked nor without an
 * address (R-INV-08), every rule of the draft, its tarifs known. Returns the structure's billing facts.
 */
export async function checkInvoiceFor(
  tx: Queryable,
  scope: RequestScope,
  values: DraftValues,
  now: Date,
): Promise<BillableStructure> {
  const [structure] = await billableStructures(tx, scope, [values.structureId]);
  if (!structure) throw forbidden(m.outOfScope);
  if (structure.id === scope.currentStructureId) throw forbidden(m.ownStructure);
  // R-INV-08: what leaves a structure out of a lot refuses its invoice by hand too.
  const refusal = recipientRefusal(structure);
  const problems = [
    ...(refusal ? [`${refusal}.`] : []),
    ...draftProblems(values, { hasMandate: structure.hasMandate, now }),
  ];
  if (problems.length > 0) throw badRequest(problems.join(' '));
  await requireTarifs(tx, values.lines);
  return structure;
}

export async function requireTarifs(tx: Queryable, lines: readonly DraftLine[]): Promise<void> {
  const wanted = [...new Set(lines.flatMap((line) => (line.tarifId === null ? [] : [line.tarifId])))];
  const known = await existingTarifs(tx, wanted);
  const missing = wanted.filter((id) => !known.has(id));
  if (missing.length > 0) throw badRequest(m.unknownTarifs(missing));
}

/** R-INV-05: the flux a draft becomes, checked whole by the flux rules; its season must exist. */
export async function invoiceFluxFor(
  tx: Queryable,
  values: Pick<DraftValues, 'label' | 'dueDate' | 'lines'>,
  now: Date,
) {
  const { flux, lines } = draftAsFlux(values, now);
  const problems = fluxWriteProblems(flux, lines);
  if (problems.length > 0) throw badRequest(problems.join(' '));
  if (!(await seasonExists(tx, flux.ID_Saison))) throw conflict(m.noSeason(flux.ID_Saison));
  return flux;
}

export function toDraftView(draft: StoredDraft): DraftView {
  return {
    id: draft.id,
    structureId: draft.structureId,
    structure: draft.structure,
    libelle: draft.label,
    categorie: draft.category as 4 | 5,
    echeance: draft.dueDate,
    note: draft.note,
    lignes: draft.lines.map((line) => ({
      rang: line.rank,
      libelle: line.label,
      tarifId: line.tarifId,
      prixUnitaireCentimes: Number(line.unitPriceCents),
      quantite: line.quantity,
    })),
    totalCentimes: draftTotal(draft.lines.map((line) => ({ ...line, unitPriceCents: Number(line.unitPriceCents) }))),
    version: draft.version,
    creeLe: iso(draft.createdAt),
    modifieLe: iso(draft.updatedAt),
    fluxId: draft.fluxId,
    numero: draft.fluxId !== null && draft.seasonId !== null ? invoiceNumber(draft.seasonId, draft.fluxId) : null,
  };
}

/** Thrown inside a preview's transaction so that it rolls back with what it read. */
class PreviewRead extends Error {
  constructor(readonly input: NonNullable<Awaited<ReturnType<typeof uncommittedInvoiceInput>>>) {
    super('preview');
  }
}

/**
 * 'Création factures' (R-INV-01 to R-INV-07, R-INV-10): reading needs the module, every write
 * its grant, then one transaction with its audit rows.
 */
export function createInvoicingService(database: Database, settings: InvoicingSettings) {
  const now = () => settings.clock?.() ?? new Date();
  const renderer = settings.renderer ?? inThreadRenderer;

  async function visibleDraft(tx: Queryable, scope: RequestScope, id: number, lock = false): Promise<StoredDraft> {
    const draft = await findDraft(tx, scope, id, { lock });
    if (!draft) throw notFound(m.draftNotFound);
    return draft;
  }

  /** An open draft at the version the caller read (R-INV-06). */
  function requireEditable(draft: StoredDraft, version: number): void {
    const refusal = draftEditRefusal({ issuedFluxId: draft.fluxId });
    if (refusal) throw conflict(refusal);
    if (draft.version !== version) throw conflict(INVOICING_MESSAGES.staleVersion);
  }

  /** R-MAIL-09: the invoice a draft became when it was issued from this very version (a retried request), or null. */
  async function retriedIssue(scope: RequestScope, id: number, version: number): Promise<IssuedInvoiceView | null> {
    const draft = await findDraft(database, scope, id);
    if (!draft || draft.fluxId === null || draft.seasonId === null || draft.version !== version + 1) return null;
    const { totalCentimes } = toDraftView(draft);
    return { fluxId: draft.fluxId, numero: invoiceNumber(draft.seasonId, draft.fluxId), totalCentimes };
  }

  return {
    async tarifs(scope: RequestScope): Promise<TarifOption[]> {
      requireModule(scope, ModuleSlug.CreationFactures);
      return (await listTarifs(database)).map((tarif) => ({
        ...tarif,
        prixUnitaireCentimes: Number(tarif.prixUnitaireCentimes),
      }));
    },

    async list(scope: RequestScope): Promise<DraftSummary[]> {
      requireModule(scope, ModuleSlug.CreationFactures);
      return (await listDrafts(database, scope, DRAFTS_LISTED)).map((draft) => {
        const { lignes: _lines, note: _note, ...summary } = toDraftView(draft);
        return summary;
      });
    },

    async get(scope: RequestScope, id: number): Promise<DraftView> {
      requireModule(scope, ModuleSlug.CreationFactures);
      return toDraftView(await visibleDraft(database, scope, id));
    },

    async create(scope: RequestScope, input: DraftInput): Promise<DraftView> {
      requireGrant(scope, INVOICING_WRITE);
      const values = draftValues(input);
      return database.transaction(async (tx) => {
        await checkInvoiceFor(tx, scope, values, now());
        const id = await insertDraft(tx, scope, values);
        await audit(tx, scope, INVOICING_AUDIT.draftCreated, 'FAC_Brouillon', id, {
          structure: values.structureId,
          totalCentimes: draftTotal(values.lines),
        });
        return toDraftView((await findDraft(tx, scope, id))!);
      });
    },

    async update(scope: RequestScope, id: number, input: DraftInput & { version: number }): Promise<DraftView> {
      requireGrant(scope, INVOICING_WRITE);
      const values = draftValues(input);
      return database.transaction(async (tx) => {
        const draft = await visibleDraft(tx, scope, id, true);
        requireEditable(draft, input.version);
        await checkInvoiceFor(tx, scope, values, now());
        if (!(await updateDraft(tx, id, input.version, values))) throw conflict(INVOICING_MESSAGES.staleVersion);
        const before = storedDraftValues(draft);
        await audit(tx, scope, INVOICING_AUDIT.draftChanged, 'FAC_Brouillon', id, {
          avant: {
            structure: before.structureId,
            totalCentimes: draftTotal(before.lines),
            lignes: before.lines.length,
          },
          apres: {
            structure: values.structureId,
            totalCentimes: draftTotal(values.lines),
            lignes: values.lines.length,
          },
          version: input.version + 1,
        });
        return toDraftView((await findDraft(tx, scope, id))!);
      });
    },

    async remove(scope: RequestScope, id: number, version: number): Promise<void> {
      requireGrant(scope, INVOICING_WRITE);
      await database.transaction(async (tx) => {
        const draft = await visibleDraft(tx, scope, id, true);
        requireEditable(draft, version);
        if (!(await deleteDraft(tx, id, version))) throw conflict(INVOICING_MESSAGES.staleVersion);
        await audit(tx, scope, INVOICING_AUDIT.draftDeleted, 'FAC_Brouillon', id, {
          structure: draft.structureId,
          libelle: draft.label,
        });
      });
    },

    /**
     * R-INV-05: the invoice the draft would issue now, marked 'BROUILLON': its flux is made and
     * issued in a transaction that is rolled back once read, so nothing is stored or numbered.
     */
    async preview(scope: RequestScope, id: number): Promise<{ fileName: string; pdf: Buffer }> {
      // It runs a whole issue (then rolled back): preparing an invoice, a writer's act (R-INV-10).
      requireGrant(scope, INVOICING_WRITE);
      const at = now();
      let read: PreviewRead['input'] | null = null;
      try {
        await database.transaction(async (tx) => {
          const draft = await visibleDraft(tx, scope, id);
          const values = storedDraftValues(draft);
          await checkInvoiceFor(tx, scope, values, at);
          const flux = await invoiceFluxFor(tx, values, at);
          const [created] = await insertInvoiceFlux(
            tx,
            [values.structureId],
            invoiceValues(values, flux.ID_Saison, at),
          );
          await issueFluxDocuments(tx, { fromId: created!.fluxId, toId: created!.fluxId + 1 }, settings.issuance);
          const input = await uncommittedInvoiceInput(tx, scope, created!.fluxId);
          if (!input) throw new Error(`Aperçu du brouillon ${id} : émission impossible`);
          throw new PreviewRead(input);
        });
      } catch (error) {
        if (!(error instanceof PreviewRead)) throw error;
        read = error.input;
      }
      const rendered = await renderer.render({
        kind: 'facture-brouillon',
        invoice: read!.invoice,
        issuedAt: read!.issuedAt,
        fileName: m.previewFileName(id),
      });
      return { fileName: rendered.fileName, pdf: Buffer.from(rendered.pdf) };
    },

    /**
     * R-INV-05: 'Émettre': the draft checked again on the issue day, its flux and lines made and
     * issued (R-DOC-01: numbered, mentions and parties frozen) in one transaction with the
     * draft marked issued (R-INV-06) and the audit row.
     */
    async issue(scope: RequestScope, id: number, version: number): Promise<IssuedInvoiceView> {
      requireGrant(scope, INVOICING_WRITE);
      const at = now();
      return database.transaction(async (tx) => {
        const draft = await visibleDraft(tx, scope, id, true);
        requireEditable(draft, version);
        const values = storedDraftValues(draft);
        await checkInvoiceFor(tx, scope, values, at);
        const flux = await invoiceFluxFor(tx, values, at);
        const [created] = await insertInvoiceFlux(tx, [values.structureId], invoiceValues(values, flux.ID_Saison, at));
        const fluxId = created!.fluxId;
        await markDraftIssued(tx, id, fluxId);
        await audit(tx, scope, INVOICING_AUDIT.invoiceIssued, 'MKP_FluxFinancier', fluxId, {
          brouillon: id,
          structure: values.structureId,
          totalCentimes: flux.MontantTTC,
          lignes: values.lines.length,
        });
        await issueFluxDocuments(tx, { fromId: fluxId, toId: fluxId + 1 }, settings.issuance);
        return { fluxId, numero: invoiceNumber(flux.ID_Saison, fluxId), totalCentimes: flux.MontantTTC };
      });
    },

    /**
     * R-MAIL-09: 'Émettre et envoyer': both grants checked before anything is issued, the draft
     * issued as by 'Émettre', then its facture (a category-5 one is its SEPA pre-notification,
     * R-FACT-10) queued for its structure's address under a key made of the draft and the
     * version asked, so the same request again answers with the same delivery (`nouveau` false).
     * A structure without an address has its invoice issued and the answer gives the reason.
     */
    async issueAndSend(
      scope: RequestScope,
      id: number,
      version: number,
      mail: Pick<MailService, 'sendIfAddressed' | 'deliveryOfKey'>,
    ): Promise<IssuedInvoiceView & { envoiEmail: IssueMailOutcome; nouveau: boolean }> {
      requireGrant(scope, INVOICING_WRITE);
      requireSendGrant(scope, 'facture');
      const cle = issueMailKey(id, version);
      let issued: IssuedInvoiceView;
      try {
        issued = await this.issue(scope, id, version);
      } catch (error) {
        const retried =
          error instanceof HttpError && error.statusCode === 409 && (await retriedIssue(scope, id, version));
        if (!retried) throw error;
        const known = await mail.deliveryOfKey(scope, { type: 'facture', id: retried.fluxId, cle });
        if (!known) throw error;
        return { ...retried, envoiEmail: known, nouveau: false };
      }
      const envoiEmail = await mail.sendIfAddressed(scope, { type: 'facture', id: issued.fluxId, cle });
      return { ...issued, envoiEmail, nouveau: true };
    },

    /**
     * R-INV-07: an avoir on an issued invoice, total or by lines, never more than its reste dû
     * (R-BAL-01, R-BAL-02) read under the invoice's lock, never while a SEPA batch collects it
     * (R-INV-11); a credit flux naming the invoice,
     * issued the same way.
     */
    async avoir(scope: RequestScope, request: AvoirRequest): Promise<IssuedInvoiceView> {
      requireGrant(scope, INVOICING_WRITE);
      const at = now();
      return database.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, scope, request.factureId);
        if (!invoice) throw notFound(m.invoiceNotFound);
        if (invoice.structureId === scope.currentStructureId) throw forbidden(m.ownStructure);
        if (!invoice.isDebit) throw badRequest(INVOICING_MESSAGES.avoirNotInvoice);
        if (invoice.isAvis) throw badRequest(INVOICING_MESSAGES.avoirOfAvis);
        // A flux the backfill has not reached yet is issued first: the avoir cites what was issued.
        if (!invoice.issued)
          await issueFluxDocuments(tx, { fromId: invoice.id, toId: invoice.id + 1 }, settings.issuance);
        const chosen = avoirLines(await invoiceLines(tx, invoice.id), request);
        if ('problem' in chosen) throw badRequest(chosen.problem);
        const total = draftTotal(chosen.lines);
        const day = parisToday(at);
        const open = await createReceivablesService(tx).openFluxByStructure(scope, day, {
          structureIds: [invoice.structureId],
        });
        const left = resteDuByFlux(open.get(invoice.structureId) ?? [], day).get(invoice.id) ?? 0;
        const problem = avoirSepaBatchProblem(invoice, left) ?? avoirAmountProblem(total, left, formatEuros);
        if (problem) throw new HttpError(409, problem, 'conflict');
        const label = m.avoirLabel(invoiceNumber(invoice.seasonId, invoice.id));
        const asDebit = draftAsFlux({ label, dueDate: '', lines: chosen.lines }, at);
        const credit = { ...asDebit.flux, EST_Debit: false, DateEcheance: null };
        const lines = asDebit.lines.map((line) => ({ ...line, EST_Debit: false }));
        const problems = fluxWriteProblems(credit, lines);
        if (problems.length > 0) throw badRequest(problems.join(' '));
        if (!(await seasonExists(tx, credit.ID_Saison))) throw conflict(m.noSeason(credit.ID_Saison));
        const [created] = await insertInvoiceFlux(tx, [invoice.structureId], {
          label,
          category: invoice.category,
          seasonId: credit.ID_Saison,
          createdAt: at,
          dueDate: null,
          isDebit: false,
          creditFor: invoice.id,
          lines: chosen.lines,
        });
        const fluxId = created!.fluxId;
        await audit(tx, scope, INVOICING_AUDIT.avoirIssued, 'MKP_FluxFinancier', fluxId, {
          facture: invoice.id,
          structure: invoice.structureId,
          mode: request.mode,
          totalCentimes: total,
          resteDuAvant: left,
        });
        await issueFluxDocuments(tx, { fromId: fluxId, toId: fluxId + 1 }, settings.issuance);
        return { fluxId, numero: invoiceNumber(credit.ID_Saison, fluxId), totalCentimes: total };
      });
    },
  };
}

export type InvoicingService = ReturnType<typeof createInvoicingService>;

/** R-MAIL-09: the e-mail key of 'Émettre et envoyer' (R-MAIL-03's form), made of the draft and the version asked. */
export const issueMailKey = (draftId: number, version: number) => `emission-facture-${draftId}-v${version}`;

function storedDraftValues(draft: StoredDraft): DraftValues {
  return {
    structureId: draft.structureId,
    label: draft.label,
    category: draft.category,
    dueDate: draft.dueDate,
    note: draft.note,
    lines: draft.lines.map(({ label, tarifId, unitPriceCents, quantity }) => ({
      label,
      tarifId,
      unitPriceCents: Number(unitPriceCents),
      quantity,
    })),
  };
}

export function invoiceValues(values: DraftValues, seasonId: number, at: Date) {
  return {
    label: values.label,
    category: values.category,
    seasonId,
    createdAt: at,
    dueDate: values.dueDate,
    isDebit: true,
    creditFor: null,
    lines: values.lines,
  };
}

export async function audit(
  tx: Queryable,
  scope: RequestScope,
  action: string,
  table: string,
  targetId: number,
  details: Record<string, unknown>,
): Promise<void> {
  await writeAuditRows(tx, [
    { userId: scope.actor.userId, structureId: scope.currentStructureId, action, table, targetId, details },
  ]);
}
