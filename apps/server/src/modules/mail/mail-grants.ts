import {
  actionGrant,
  FLUX_WRITE,
  ModuleSlug,
  PermissionAction,
  RECAP_WRITE,
  REMINDER_LETTER,
  type MailDeliveryType,
  type MailDeliveryView,
} from '@gdf/domain';
import { HttpError } from '../../lib/http-errors';
import { hasGrant, requireGrant, requireModule, type RequestScope } from '../scope/scope';
import type { DeliveryRow } from './mail.repository';
import { mailMessages as m } from './messages';

/** R-MAIL-07: who changes a structure's billing address: the holders of the flux settings' write grant. */
export const BILLING_EMAIL_WRITE = actionGrant(ModuleSlug.ParamFluxFinancier, PermissionAction.Ecriture);

/**
 * R-MAIL-05: sending a document is a write of the module it belongs to: a flux's documents need
 * the flux write grant, a relevé what issuing one needs (the flux module), a reminder letter
 * the letters' grant (Impayés), a 'Récapitulatif mensuel' the recap's write grant (R-RECAP-07).
 */
export function requireSendGrant(scope: RequestScope, type: MailDeliveryType): void {
  if (type === 'facture') requireGrant(scope, FLUX_WRITE, m.noFluxWrite);
  else if (type === 'releve') requireModule(scope, ModuleSlug.FluxFinanciers);
  else if (type === 'recapitulatif') requireGrant(scope, RECAP_WRITE);
  else requireGrant(scope, REMINDER_LETTER);
}

function hasSendGrant(scope: RequestScope, type: MailDeliveryType): boolean {
  try {
    requireSendGrant(scope, type);
    return true;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

/**
 * R-MAIL-05: the server's answer and who asked are shown to the holders of the document's send
 * grant; a structure reading the deliveries of its own documents sees their status and dates
 * only, unless it asked them itself (its own relevé).
 */
export function deliveryViewFor(scope: RequestScope, row: DeliveryRow): MailDeliveryView {
  const view = deliveryView(row);
  let shown = hasSendGrant(scope, row.type);
  if (shown && row.structureId === scope.currentStructureId && !hasGrant(scope, FLUX_WRITE))
    shown = row.userId === scope.actor.userId;
  return shown ? view : { ...view, reponseServeur: null, demandePar: null };
}

/** A known key answers only to a caller who sees its structure (never another scope's delivery). */
export function canSee(scope: RequestScope, row: DeliveryRow): boolean {
  return scope.unrestricted || row.userId === scope.actor.userId;
}

function deliveryView(row: DeliveryRow): MailDeliveryView {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    id: row.id,
    structureId: row.structureId,
    typeDocument: row.type,
    documentId: row.documentId,
    destinataire: row.to,
    objet: row.subject,
    statut: row.status,
    tentatives: row.attempts,
    idMessage: row.messageId,
    reponseServeur: row.answer,
    demandeLe: iso(row.createdAt)!,
    derniereTentativeLe: iso(row.lastAttemptAt),
    envoyeLe: iso(row.sentAt),
    demandePar: row.userName,
    renvoiDe: row.resentFrom,
  };
}
