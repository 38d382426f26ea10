import type { draftRequestSchema } from '@gdf/domain';
import {
  INVOICING_MESSAGES,
  draftAsFlux,
  draftEditRefusal,
  draftProblems,
  fluxWriteProblems,
  recipientRefusal,
  type DraftLine,
} from '@gdf/domain';
import type { z } from 'zod';
import { writeAuditRows } from '../../db/audit-log';
import type { Queryable } from '../../db/queryable';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-errors';
import type { IssuanceSettings } from '../flux-documents/flux-documents.service';
import type { DocumentRenderer } from '../../render/render-pool';
import type { RequestScope } from '../scope/scope';
import { findDraft, type DraftValues, type StoredDraft } from './draft.repository';
import { billableStructures, existingTarifs, seasonExists, type BillableStructure } from './invoicing.repository';
import { invoicingMessages as m } from './messages';

export type DraftInput = z.infer<typeof draftRequestSchema>;

export const INVOICING_AUDIT = {
  draftCreated: 'creation_brouillon_facture',
  draftChanged: 'modification_brouillon_facture',
  draftDeleted: 'suppression_brouillon_facture',
  invoiceIssued: 'emission_facture',
  avoirIssued: 'emission_avoir',
  bulkStarted: 'facturation_en_lot',
} as const;

export interface InvoicingSettings {
  issuance: IssuanceSettings;
  renderer?: DocumentRenderer;
  /** Tests: the instant invoices are issued and due dates checked at. */
  clock?: () => Date;
}

export const conflict = (message: string) => new HttpError(409, message, 'conflict');

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

/** A draft of the caller's structure in scope (locked for a write), or "not found". */
export async function visibleDraft(tx: Queryable, scope: RequestScope, id: number, lock = false): Promise<StoredDraft> {
  const draft = await findDraft(tx, scope, id, { lock });
  if (!draft) throw notFound(m.draftNotFound);
  return draft;
}

/** An open draft at the version the caller read (R-INV-06). */
export function requireEditable(draft: StoredDraft, version: number): void {
  const refusal = draftEditRefusal({ issuedFluxId: draft.fluxId });
  if (refusal) throw conflict(refusal);
  if (draft.version !== version) throw conflict(INVOICING_MESSAGES.staleVersion);
}

/** A stored draft in the domain's terms (its amounts as numbers). */
export function storedDraftValues(draft: StoredDraft): DraftValues {
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
