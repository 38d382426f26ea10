import type { MailDeliveryView, MailDocumentType, MailStatus } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

type Reader = Pick<Database, 'query'> | Queryable;

/** A structure's billing address and its correspondent's (R-MAIL-01). */
export interface RecipientRow {
  structureId: number;
  name: string;
  billingEmail: string | null;
  hasCorrespondent: boolean;
  correspondentEmail: string | null;
}

const RECIPIENT_COLUMNS = `s.id AS "structureId", s."NomStructure" AS name, s."CT_EmailFacturation" AS "billingEmail",
  s."ID_Correspondant" IS NOT NULL AS "hasCorrespondent", u."CT_Email" AS "correspondentEmail"`;
const RECIPIENT_JOIN = `JOIN "STR_Structure" s ON s.id = d."ID_Structure"
  LEFT JOIN "UTI_Utilisateur" u ON u.id = s."ID_Correspondant"`;

/** A flux's document to e-mail: what its e-mail says, and its structure (R-MAIL-02). */
export interface FluxMailRow extends RecipientRow {
  fluxId: number;
  seasonId: number;
  isDebit: boolean;
  categoryId: number;
  ttc: string;
  dueDay: string | null;
  /** The flux this one presents again (a relaunch's original), or null. */
  originId: number | null;
  originSeasonId: number | null;
}

/** The flux in scope, or null (missing or out of scope: "not found"). */
export async function findFluxMailDocument(
  database: Reader,
  scope: RequestScope,
  fluxId: number,
): Promise<FluxMailRow | null> {
  const params: unknown[] = [fluxId];
  const [row] = await database.query<FluxMailRow>(
    `SELECT ${RECIPIENT_COLUMNS}, d.id AS "fluxId", d."ID_Saison" AS "seasonId", d."EST_Debit" AS "isDebit",
            d."ID_CategoryFlux" AS "categoryId", d."MontantTTC"::text AS ttc, d."DateEcheance"::text AS "dueDay",
            o.id AS "originId", o."ID_Saison" AS "originSeasonId"
       FROM "MKP_FluxFinancier" d ${RECIPIENT_JOIN}
       LEFT JOIN "MKP_FluxFinancier" o ON o."ID_FluxFinancierRelance" = d.id
      WHERE d.id = $1 AND ${structureScopeCondition(scope, 'd."ID_Structure"', params)}`,
    params,
  );
  return row ?? null;
}

export interface StatementMailRow extends RecipientRow {
  number: string;
  from: string;
  to: string;
  balanceCents: number;
}

export async function findStatementMailDocument(
  database: Reader,
  scope: RequestScope,
  statementId: number,
): Promise<StatementMailRow | null> {
  const params: unknown[] = [statementId];
  const [row] = await database.query<StatementMailRow>(
    `SELECT ${RECIPIENT_COLUMNS}, d."Numero" AS number, d."DateDebut"::text AS "from", d."DateFin"::text AS "to",
            d."SoldeFinalCentimes"::bigint::float8 AS "balanceCents"
       FROM "MKP_ReleveCompteEmis" d ${RECIPIENT_JOIN}
      WHERE d.id = $1 AND ${structureScopeCondition(scope, 'd."ID_Structure"', params)}`,
    params,
  );
  return row ?? null;
}

export interface ReminderMailRow extends RecipientRow {
  level: number;
  day: string;
  cents: number;
}

export async function findReminderMailDocument(
  database: Reader,
  scope: RequestScope,
  reminderId: number,
): Promise<ReminderMailRow | null> {
  const params: unknown[] = [reminderId];
  const [row] = await database.query<ReminderMailRow>(
    `SELECT ${RECIPIENT_COLUMNS}, d."Niveau"::int AS level, d."DateRelance"::text AS day,
            d."CentimesTotal"::bigint::float8 AS cents
       FROM "MKP_Relance" d ${RECIPIENT_JOIN}
      WHERE d.id = $1 AND ${structureScopeCondition(scope, 'd."ID_Structure"', params)}`,
    params,
  );
  return row ?? null;
}

/** A structure in scope with its addresses, or null. */
export async function findRecipient(
  database: Reader,
  scope: RequestScope,
  structureId: number,
): Promise<RecipientRow | null> {
  const params: unknown[] = [structureId];
  const [row] = await database.query<RecipientRow>(
    `SELECT ${RECIPIENT_COLUMNS}
       FROM (SELECT $1::integer AS "ID_Structure") d ${RECIPIENT_JOIN}
      WHERE ${structureScopeCondition(scope, 's.id', params)}`,
    params,
  );
  return row ?? null;
}

export async function structureName(database: Reader, structureId: number): Promise<string> {
  const [row] = await database.query<{ name: string }>(
    `SELECT "NomStructure" AS name FROM "STR_Structure" WHERE id = $1`,
    [structureId],
  );
  return row?.name ?? '';
}

/** R-MAIL-07: the new billing address; the previous one is returned for the audit row. */
export async function updateBillingEmail(
  tx: Queryable,
  structureId: number,
  email: string | null,
): Promise<{ before: string | null } | null> {
  const [row] = await tx.query<{ before: string | null }>(
    `UPDATE "STR_Structure" s SET "CT_EmailFacturation" = $2
       FROM (SELECT "CT_EmailFacturation" AS before FROM "STR_Structure" WHERE id = $1 FOR UPDATE) old
      WHERE s.id = $1 RETURNING old.before`,
    [structureId, email],
  );
  return row ?? null;
}

/** A row of MEL_Envoi as the service reads it. */
export interface DeliveryRow {
  id: number;
  structureId: number;
  type: MailDocumentType;
  documentId: number;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  messageId: string | null;
  answer: string | null;
  key: string;
  userId: number | null;
  userName: string | null;
  resentFrom: number | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  sentAt: Date | null;
}

const DELIVERY_COLUMNS = `e.id, e."ID_Structure" AS "structureId", e."TypeDocument" AS type,
  COALESCE(e."ID_FluxFinancier", e."ID_ReleveCompte", e."ID_Relance") AS "documentId",
  e."Destinataire" AS "to", e."Objet" AS subject, e."Statut" AS status, e."Tentatives" AS attempts,
  e."IdMessageSmtp" AS "messageId", e."ReponseServeur" AS answer, e."CleDemande" AS key,
  e."ID_Utilisateur" AS "userId", CASE WHEN u.id IS NULL THEN NULL ELSE u."CT_Prenom" || ' ' || u."CT_Nom" END AS "userName",
  e."ID_EnvoiRenvoye" AS "resentFrom", e."Z_DateCreation" AS "createdAt",
  e."DateDerniereTentative" AS "lastAttemptAt", e."DateEnvoi" AS "sentAt"`;
const DELIVERY_FROM = `"MEL_Envoi" e LEFT JOIN "UTI_Utilisateur" u ON u.id = e."ID_Utilisateur"`;

/** The column of MEL_Envoi naming a document of `type` (a whitelist: never the caller's text). */
export const DOCUMENT_COLUMN: Record<MailDocumentType, string> = {
  facture: '"ID_FluxFinancier"',
  releve: '"ID_ReleveCompte"',
  relance: '"ID_Relance"',
};

export async function findDeliveryByKey(database: Reader, key: string): Promise<DeliveryRow | null> {
  const [row] = await database.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM ${DELIVERY_FROM} WHERE e."CleDemande" = $1`,
    [key],
  );
  return row ?? null;
}

/** R-MAIL-03: a delivery of this document to this address still queued. */
export async function findQueuedDelivery(
  database: Reader,
  type: MailDocumentType,
  documentId: number,
  to: string,
): Promise<DeliveryRow | null> {
  const [row] = await database.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM ${DELIVERY_FROM}
      WHERE e.${DOCUMENT_COLUMN[type]} = $1 AND e."TypeDocument" = $2 AND e."Statut" = 'en_attente'
        AND lower(e."Destinataire") = lower($3)
      ORDER BY e.id LIMIT 1`,
    [documentId, type, to],
  );
  return row ?? null;
}

export async function findDelivery(database: Reader, id: number): Promise<DeliveryRow | null> {
  const [row] = await database.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM ${DELIVERY_FROM} WHERE e.id = $1`, [
    id,
  ]);
  return row ?? null;
}

/** A delivery in the caller's scope (its structure's), or null. */
export async function findVisibleDelivery(
  database: Reader,
  scope: RequestScope,
  id: number,
): Promise<DeliveryRow | null> {
  const params: unknown[] = [id];
  const [row] = await database.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM ${DELIVERY_FROM}
      WHERE e.id = $1 AND ${structureScopeCondition(scope, 'e."ID_Structure"', params)}`,
    params,
  );
  return row ?? null;
}

export async function insertDelivery(
  tx: Queryable,
  delivery: {
    structureId: number;
    type: MailDocumentType;
    documentId: number;
    to: string;
    subject: string;
    key: string;
    userId: number | null;
    resentFrom: number | null;
  },
): Promise<DeliveryRow> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO "MEL_Envoi" ("ID_Structure", "TypeDocument", ${DOCUMENT_COLUMN[delivery.type]}, "Destinataire", "Objet",
                              "CleDemande", "ID_Utilisateur", "ID_EnvoiRenvoye")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      delivery.structureId,
      delivery.type,
      delivery.documentId,
      delivery.to,
      delivery.subject,
      delivery.key,
      delivery.userId,
      delivery.resentFrom,
    ],
  );
  return (await findDelivery(tx, row!.id))!;
}

/** The newest deliveries of one document (its log). */
export async function deliveriesOfDocument(
  database: Reader,
  type: MailDocumentType,
  documentId: number,
  limit: number,
): Promise<DeliveryRow[]> {
  return database.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM ${DELIVERY_FROM}
      WHERE e.${DOCUMENT_COLUMN[type]} = $1 AND e."TypeDocument" = $2 ORDER BY e.id DESC LIMIT $3`,
    [documentId, type, limit],
  );
}

export async function deliveriesOfStructure(
  database: Reader,
  structureId: number,
  limit: number,
): Promise<DeliveryRow[]> {
  return database.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM ${DELIVERY_FROM} WHERE e."ID_Structure" = $1 ORDER BY e.id DESC LIMIT $2`,
    [structureId, limit],
  );
}

/**
 * Sent: the server accepted it, or written to the local outbox ('boite_locale', R-MAIL-06): only
 * a queued row moves, and a row moves once.
 */
export async function markDelivered(
  tx: Queryable,
  id: number,
  handed: { messageId: string; response: string },
  status: Extract<MailStatus, 'envoye' | 'boite_locale'>,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE "MEL_Envoi" SET "Statut" = $4, "Tentatives" = "Tentatives" + 1, "IdMessageSmtp" = $2,
            "ReponseServeur" = $3, "DateDerniereTentative" = now(), "DateEnvoi" = now()
      WHERE id = $1 AND "Statut" = 'en_attente' RETURNING id`,
    [id, handed.messageId, handed.response, status],
  );
  return rows.length === 1;
}

/** A try that failed: counted with the server's answer, the row stays queued for the next try. */
export async function recordFailedAttempt(tx: Queryable, id: number, answer: string): Promise<void> {
  await tx.query(
    `UPDATE "MEL_Envoi" SET "Tentatives" = "Tentatives" + 1, "ReponseServeur" = $2, "DateDerniereTentative" = now()
      WHERE id = $1 AND "Statut" = 'en_attente'`,
    [id, answer],
  );
}

/**
 * After the last try: the deliveries still queued failed, with the last answer (or `reason` when
 * none came); `replace` writes `reason` over the last answer (a refusal of ours, not the server's).
 */
export async function markFailed(
  tx: Queryable,
  ids: readonly number[],
  reason: string,
  replace = false,
): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `UPDATE "MEL_Envoi" SET "Statut" = 'echec',
            "ReponseServeur" = CASE WHEN $3::boolean THEN $2 ELSE COALESCE("ReponseServeur", $2) END
      WHERE id = ANY($1::int[]) AND "Statut" = 'en_attente' RETURNING id`,
    [ids, reason, replace],
  );
  return rows.map((row) => row.id);
}

/** A stored file to attach: its bytes are read by the caller and checked against `sha256`. */
export interface StoredAttachment {
  contentId: number;
  sha256: string;
  fileName: string;
  mimeType: string;
}

/** R-MAIL-02: the stored files of a delivery's document, as issued: a facture's PDF then its Factur-X XML. */
export async function storedAttachments(
  database: Reader,
  type: MailDocumentType,
  documentId: number,
): Promise<StoredAttachment[]> {
  if (type === 'facture')
    return database.query<StoredAttachment>(
      `SELECT "ID_Contenu" AS "contentId", "Sha256" AS sha256, "NomFichier" AS "fileName",
              CASE "Type" WHEN 'facture_xml' THEN 'text/xml' ELSE 'application/pdf' END AS "mimeType"
         FROM "MKP_DocumentEmis" WHERE "ID_FluxFinancier" = $1 AND "Type" IN ('facture', 'facture_xml')
        ORDER BY "Type"`,
      [documentId],
    );
  if (type === 'releve')
    return database.query<StoredAttachment>(
      `SELECT "ID_ContenuPdf" AS "contentId", "Sha256Pdf" AS sha256, 'releve-de-compte-' || "Numero" || '.pdf' AS "fileName",
              'application/pdf' AS "mimeType"
         FROM "MKP_ReleveCompteEmis" WHERE id = $1`,
      [documentId],
    );
  return database.query<StoredAttachment>(
    `SELECT "ID_Contenu" AS "contentId", "Sha256" AS sha256, "NomFichier" AS "fileName", 'application/pdf' AS "mimeType"
       FROM "MKP_Relance" WHERE id = $1`,
    [documentId],
  );
}

/** The job a batch key started (R-MAIL-03: the same batch asked again answers with it). */
export async function jobIdOfKey(database: Reader, jobKey: string): Promise<number | null> {
  const [row] = await database.query<{ id: number }>(
    `SELECT id FROM "APP_Traitement" WHERE "Cle" = $1 ORDER BY id DESC LIMIT 1`,
    [jobKey],
  );
  return row?.id ?? null;
}

export function deliveryView(row: DeliveryRow): MailDeliveryView {
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
