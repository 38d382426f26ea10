import {
  BANK_JOURNAL,
  DEFAULT_SHARE_ACCOUNT,
  DEFAULT_SHARE_ACCOUNT_LABEL,
  SHARE_JOURNAL,
  type ShareAccount,
} from '@gdf/domain';
import type { Queryable } from '../../db/queryable';

/*
 * The entries of the levels' shares and their payouts (R-PAY-10, ADR 0061), in the head office's
 * books only: each share movement (REV_MouvementQuotePart, append-only) is booked once, on its
 * day; each transfer (REV_VersementLigne) of a file not cancelled once, on the file's execution
 * day, and reversed once if its file is cancelled after it was validated. CPT_Ecriture names what
 * it books (ID_MouvementQuotePart, ID_VersementLigne): staging never takes a booked one again.
 */

/** The payout file type and the audit action of its generation, which records the execution day. */
const PAYOUT_BATCH_TYPE = 'virement_sepa';
const PAYOUT_GENERATION = 'virement_sepa.generation';

const SHARE_FINGERPRINT_SQL = `md5(concat_ws('|', 'quote-part', m.id, m."PartLigue", m."PartComite", m."Jour"))`;
const TRANSFER_FINGERPRINT_SQL = `md5(concat_ws('|', 'versement', v.id, v."Nature", v."Montant", x.jour))`;

/** Each transfer's execution day: the one its file's generation recorded. */
const EXECUTION_DAY_SQL = `JOIN LATERAL (SELECT (g."Details"->>'dateExecution')::date AS jour FROM "APP_AuditLog" g
       WHERE g."Action" = '${PAYOUT_GENERATION}' AND g."TableCible" = 'MKP_Traitement' AND g."ID_Cible" = t.id
       ORDER BY g.id LIMIT 1) x ON true`;

/**
 * The share and transfer entries to stage, in the stage's columns (the staging query's parameters:
 * $1 the books' structure, $2/$3 the days and their entry dates, $4 the last day, $5 the first
 * day): nothing outside the head office's books.
 */
export function shareCandidatesSql(headOffice: boolean): string {
  if (!headOffice) {
    return `SELECT NULL::int, NULL::int, NULL::date, NULL::date, NULL::text, NULL::text, NULL::bigint, NULL::int,
           false, NULL::int, NULL::int WHERE false`;
  }
  // Each level's movements are read through its own (payee, day) index: a movement with a share has its payee.
  const inRange = (payee: string) => `(m."${payee}" IS NOT NULL AND m."Jour" BETWEEN $5::date AND $4::date)`;
  return `SELECT m."ID_FluxFinancier" AS flux_id, NULL::int AS rapprochement_id, j.jour, j.date_ecriture,
         '${SHARE_JOURNAL}' AS journal, ${SHARE_FINGERPRINT_SQL} AS empreinte, NULL::bigint AS extourne_de, 1 AS sorte,
         false AS hors_rapprochement, m.id AS mouvement_id, NULL::int AS versement_id
    FROM "REV_MouvementQuotePart" m
    JOIN unnest($2::date[], $3::date[]) AS j(jour, date_ecriture) ON j.jour = m."Jour"
    JOIN "MKP_FluxFinancier" f ON f.id = m."ID_FluxFinancier"
    JOIN "CPT_MappingFlux" mp ON mp."ID_Structure" = $1 AND mp."ID_CategoryFlux" = f."ID_CategoryFlux"
   WHERE (${inRange('ID_Ligue')} OR ${inRange('ID_Comite')}) AND (m."PartLigue" <> 0 OR m."PartComite" <> 0)
     AND NOT EXISTS (SELECT 1 FROM "CPT_Ecriture" c WHERE c."ID_MouvementQuotePart" = m.id AND c."ID_Structure" = $1)
  UNION ALL
  SELECT NULL::int, NULL::int, j.jour, j.date_ecriture, '${BANK_JOURNAL}', ${TRANSFER_FINGERPRINT_SQL}, NULL::bigint, 1,
         false, NULL::int, v.id
    FROM "MKP_Traitement" t
    JOIN "REV_VersementLigne" v ON v."ID_Traitement" = t.id
    ${EXECUTION_DAY_SQL}
    JOIN unnest($2::date[], $3::date[]) AS j(jour, date_ecriture) ON j.jour = x.jour
   WHERE t."TypeTraitement" = '${PAYOUT_BATCH_TYPE}' AND t."DateAnnulation" IS NULL AND x.jour BETWEEN $5::date AND $4::date
     AND NOT EXISTS (SELECT 1 FROM "CPT_Ecriture" c WHERE c."ID_VersementLigne" = v.id AND c."ID_Structure" = $1)
  UNION ALL
  SELECT NULL::int, NULL::int, j.jour, j.date_ecriture, c."JournalCode", c."Empreinte", c.id, 0, false, NULL::int, v.id
    FROM "MKP_Traitement" t
    JOIN "REV_VersementLigne" v ON v."ID_Traitement" = t.id
    -- through the transfers' own index, never the books' millions of entries
    JOIN "CPT_Ecriture" c ON c."ID_VersementLigne" = v.id AND c."ID_VersementLigne" IS NOT NULL
    JOIN unnest($2::date[], $3::date[]) AS j(jour, date_ecriture) ON j.jour = c."PieceDate"
   WHERE t."TypeTraitement" = '${PAYOUT_BATCH_TYPE}' AND t."DateAnnulation" IS NOT NULL
     AND c."ID_Structure" = $1 AND NOT c."EST_Extourne"
     AND NOT EXISTS (SELECT 1 FROM "CPT_Ecriture" r WHERE r."ID_VersementLigne" = v.id AND r."ID_Structure" = $1
                       AND r."EST_Extourne")`;
}

/**
 * A flux claimed by a payout file (a club's refund, R-PAY-07) is settled by its transfer's entry:
 * the settlement entries of R-BANK-06 and R-LEDG-14 leave it out, so it is never paid twice in the
 * books (`alias`: the flux). A cancelled file released its flux (ID_Traitement cleared).
 */
export const claimedByPayoutSql = (alias: string) =>
  `EXISTS (SELECT 1 FROM "MKP_Traitement" pt WHERE pt.id = ${alias}."ID_Traitement"
     AND pt."TypeTraitement" = '${PAYOUT_BATCH_TYPE}')`;

export interface ShareMovementRow {
  movementId: number;
  fluxId: number;
  seasonId: number;
  day: string;
  ligueCents: string;
  comiteCents: string;
  ligueCode: string | null;
  ligueName: string | null;
  comiteCode: string | null;
  comiteName: string | null;
  account: string;
  accountLabel: string | null;
  section: string | null;
  fingerprint: string;
}

/** The facts of these share movements, with the account their sale's category credits in these books. */
export function readShareMovementRows(tx: Queryable, structureId: number, ids: number[]): Promise<ShareMovementRow[]> {
  return tx.query<ShareMovementRow>(
    `SELECT m.id AS "movementId", m."ID_FluxFinancier" AS "fluxId", f."ID_Saison" AS "seasonId", m."Jour"::text AS day,
            m."PartLigue"::text AS "ligueCents", m."PartComite"::text AS "comiteCents",
            l."ID_CodeFederal" AS "ligueCode", l."NomStructure" AS "ligueName",
            co."ID_CodeFederal" AS "comiteCode", co."NomStructure" AS "comiteName",
            mp."CompteNumero" AS account, a."Libelle" AS "accountLabel", mp."CodeSection" AS section,
            ${SHARE_FINGERPRINT_SQL} AS fingerprint
       FROM "REV_MouvementQuotePart" m
       JOIN "MKP_FluxFinancier" f ON f.id = m."ID_FluxFinancier"
       JOIN "CPT_MappingFlux" mp ON mp."ID_Structure" = $1 AND mp."ID_CategoryFlux" = f."ID_CategoryFlux"
       LEFT JOIN "CPT_Compte" a ON a."ID_Structure" = $1 AND a."Numero" = mp."CompteNumero"
       LEFT JOIN "STR_Structure" l ON l.id = m."ID_Ligue"
       LEFT JOIN "STR_Structure" co ON co.id = m."ID_Comite"
      WHERE m.id = ANY($2::int[])`,
    [structureId, ids],
  );
}

export interface PayoutTransferRow {
  transferId: number;
  nature: 'quote_part' | 'remboursement';
  cents: string;
  reference: string;
  executionDay: string;
  payeeCode: string | null;
  payeeName: string;
  fingerprint: string;
}

/** The facts of these transfers, with their file's execution day. */
export function readPayoutTransferRows(tx: Queryable, ids: number[]): Promise<PayoutTransferRow[]> {
  return tx.query<PayoutTransferRow>(
    `SELECT v.id AS "transferId", v."Nature" AS nature, v."Montant"::text AS cents, v."EndToEndId" AS reference,
            x.jour::text AS "executionDay", s."ID_CodeFederal" AS "payeeCode", s."NomStructure" AS "payeeName",
            ${TRANSFER_FINGERPRINT_SQL} AS fingerprint
       FROM "REV_VersementLigne" v
       JOIN "MKP_Traitement" t ON t.id = v."ID_Traitement"
       ${EXECUTION_DAY_SQL}
       JOIN "STR_Structure" s ON s.id = v."ID_Structure"
      WHERE v.id = ANY($1::int[])`,
    [ids],
  );
}

/** The books' debt account of the levels' shares (R-PAY-10), as Paramétrages comptables sets it. */
export async function loadShareAccount(db: Queryable, structureId: number): Promise<ShareAccount> {
  const [row] = await db.query<ShareAccount>(
    `SELECT "CompteQuotesParts" AS account, "LibelleQuotesParts" AS label FROM "CPT_Parametres" WHERE "ID_Structure" = $1`,
    [structureId],
  );
  return row ?? { account: DEFAULT_SHARE_ACCOUNT, label: DEFAULT_SHARE_ACCOUNT_LABEL };
}
