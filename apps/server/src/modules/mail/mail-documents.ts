import {
  billingRecipient,
  invoiceNumber,
  toCents,
  type MailDocument,
  type MailDocumentRef,
  type ReminderLevel,
} from '@gdf/domain';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { HttpError, notFound } from '../../lib/http-errors';
import type { FluxDocumentsService } from '../flux-documents/flux-documents.service';
import type { RequestScope } from '../scope/scope';
import {
  findFluxMailDocument,
  findRecapMailDocument,
  findReminderMailDocument,
  findStatementMailDocument,
  storedAttachments,
  type FluxMailRow,
  type RecipientRow,
} from './mail-documents.repository';
import { mailMessages as m } from './messages';

/** A document located in scope: its structure's addresses and what its e-mail says. */
export interface LocatedDocument {
  ref: MailDocumentRef;
  recipient: RecipientRow;
  mail: MailDocument;
}

/** R-MAIL-01: whom a structure's documents go to, or why nobody. */
export const recipientOf = (row: RecipientRow) =>
  billingRecipient({
    billingEmail: row.billingEmail,
    hasCorrespondent: row.hasCorrespondent,
    correspondentEmail: row.correspondentEmail,
  });

/** The address a document goes to, or a 409 naming its structure and why it has none. */
export function addressOrRefusal(located: LocatedDocument): string {
  const recipient = recipientOf(located.recipient);
  if (recipient.address === null)
    throw new HttpError(409, m.noAddress(located.recipient.name, recipient.reason), 'no-address');
  return recipient.address;
}

/** What a flux's e-mail says: a facture, an avoir, or the avis a relaunch presents again (R-MAIL-02). */
function fluxMail(row: FluxMailRow): MailDocument {
  const invoiceKind = !row.isDebit ? 'avoir' : row.originId !== null ? 'avis' : 'facture';
  const number =
    invoiceKind === 'avis'
      ? invoiceNumber(row.originSeasonId!, row.originId!)
      : invoiceNumber(row.seasonId, row.fluxId);
  return {
    kind: 'facture',
    invoiceKind,
    number,
    cents: toCents(row.ttc),
    directDebit: row.categoryId === 5,
    dueDay: row.dueDay,
  };
}

/** R-RECAP-07: what a 'Récapitulatif mensuel' e-mail says, the recap found in the caller's scope. */
export async function describeRecap(database: Database, scope: RequestScope, recapId: number) {
  const row = await findRecapMailDocument(database, scope, recapId);
  if (!row) throw notFound(m.documentNotFound.recapitulatif);
  const document: MailDocument = {
    kind: 'recapitulatif',
    number: row.number,
    month: row.month,
    resteDuCents: Number(row.resteDuCents),
  };
  return { document, structure: row.name };
}

/** The documents an e-mail carries, found in the caller's scope (out of scope: "not found"). */
export function createMailDocuments(database: Database, fluxDocuments: FluxDocumentsService) {
  return {
    async locate(scope: RequestScope, ref: MailDocumentRef): Promise<LocatedDocument> {
      if (ref.type === 'facture') {
        const row = await findFluxMailDocument(database, scope, ref.id);
        if (!row) throw notFound(m.documentNotFound.facture);
        return { ref, recipient: row, mail: fluxMail(row) };
      }
      if (ref.type === 'releve') {
        const row = await findStatementMailDocument(database, scope, ref.id);
        if (!row) throw notFound(m.documentNotFound.releve);
        const balanceCents = Number(row.balanceCents);
        return {
          ref,
          recipient: row,
          mail: { kind: 'releve', number: row.number, from: row.from, to: row.to, balanceCents },
        };
      }
      const row = await findReminderMailDocument(database, scope, ref.id);
      if (!row) throw notFound(m.documentNotFound.relance);
      return {
        ref,
        recipient: row,
        mail: { kind: 'relance', level: row.level as ReminderLevel, day: row.day, cents: Number(row.cents) },
      };
    },

    /** A flux's facture issued at its first download (R-DOC-02) is issued now, so the job attaches stored bytes only. */
    async ensureIssued(scope: RequestScope, ref: MailDocumentRef): Promise<void> {
      if (ref.type !== 'facture') return;
      if ((await storedAttachments(database, 'facture', ref.id)).length > 0) return;
      const issued = await fluxDocuments.download(scope, 'facture', ref.id, { audit: false });
      if (!Buffer.isBuffer(issued.body)) (issued.body as Readable).destroy();
    },
  };
}

export type MailDocuments = ReturnType<typeof createMailDocuments>;
