import type { MailDeliveryType, MailStatus } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

type Reader = Pick<Database, 'query'> | Queryable;

/** A row of MEL_Envoi as the service reads it. */
export interface DeliveryRow {
  id: number;
  structureId: number;
  type: MailDeliveryType;
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
  COALESCE(e."ID_FluxFinancier", e."ID_ReleveCompte", e."ID_Relance", e."ID_RecapitulatifMensuel") AS "documentId",
  e."Destinataire" AS "to", e."Objet" AS subject, e."Statut" AS status, e."Tentatives" AS attempts,
  e."IdMessageSmtp" AS "messageId", e."ReponseServeur" AS answer, e."CleDemande" AS key,
  e."ID_Utilisateur" AS "userId", CASE WHEN u.id IS NULL THEN NULL ELSE u."CT_Prenom" || ' ' || u."CT_Nom" END AS "userName",
  e."ID_EnvoiRenvoye" AS "resentFrom", e."Z_DateCreation" AS "createdAt",
  e."DateDerniereTentative" AS "lastAttemptAt", e."DateEnvoi" AS "sentAt"`;
const DELIVERY_FROM = `"MEL_Envoi" e LEFT JOIN "UTI_Utilisateur" u ON u.id = e."ID_Utilisateur"`;

/** The column of MEL_Envoi naming a document of `type` (a whitelist: never the caller's text). */
const DOCUMENT_COLUMN: Record<MailDeliveryType, string> = {
  facture: '"ID_FluxFinancier"',
  releve: '"ID_ReleveCompte"',
  relance: '"ID_Relance"',
  recapitulatif: '"ID_RecapitulatifMensuel"',
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
  type: MailDeliveryType,
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

/** A delivery to write: its document, address, subject and key, who asked and what it repeats. */
export interface NewDelivery {
  structureId: number;
  type: MailDeliveryType;
  documentId: number;
  to: string;
  subject: string;
  key: string;
  userId: number | null;
  resentFrom: number | null;
}

export async function insertDelivery(tx: Queryable, delivery: NewDelivery): Promise<DeliveryRow> {
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
  type: MailDeliveryType,
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

/** The job a batch key started (R-MAIL-03: the same batch asked again answers with it). */
export async function jobIdOfKey(database: Reader, jobKey: string): Promise<number | null> {
  const [row] = await database.query<{ id: number }>(
    `SELECT id FROM "APP_Traitement" WHERE "Cle" = $1 ORDER BY id DESC LIMIT 1`,
    [jobKey],
  );
  return row?.id ?? null;
}

/**
 * Serialises the transactions about one key (a document, a batch's job key) until they commit
 * (R-MAIL-03): the second waits for the first and then sees what it wrote.
 */
export async function lockMailKey(tx: Queryable, key: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [key]);
}
