import type { MailDeliveryType } from '@gdf/domain';
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

export interface RecapMailRow extends RecipientRow {
  number: string;
  month: string;
  resteDuCents: number;
}

/** R-RECAP-07: a 'Récapitulatif mensuel' in scope, or null. */
export async function findRecapMailDocument(
  database: Reader,
  scope: RequestScope,
  recapId: number,
): Promise<RecapMailRow | null> {
  const params: unknown[] = [recapId];
  const [row] = await database.query<RecapMailRow>(
    `SELECT ${RECIPIENT_COLUMNS}, d."Numero" AS number, d."Empreinte" AS month,
            d."SoldeFinalCentimes"::bigint::float8 AS "resteDuCents"
       FROM "RM_RecapitulatifMensuelEmis" d ${RECIPIENT_JOIN}
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
  type: MailDeliveryType,
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
  if (type === 'recapitulatif')
    return database.query<StoredAttachment>(
      `SELECT "ID_ContenuPdf" AS "contentId", "Sha256Pdf" AS sha256, 'recapitulatif-mensuel-' || "Numero" || '.pdf' AS "fileName",
              'application/pdf' AS "mimeType"
         FROM "RM_RecapitulatifMensuelEmis" WHERE id = $1`,
      [documentId],
    );
  return database.query<StoredAttachment>(
    `SELECT "ID_Contenu" AS "contentId", "Sha256" AS sha256, "NomFichier" AS "fileName", 'application/pdf' AS "mimeType"
       FROM "MKP_Relance" WHERE id = $1`,
    [documentId],
  );
}
