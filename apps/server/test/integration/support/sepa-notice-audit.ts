import type { Queryable } from '../../../src/db/queryable';

export interface SepaNoticeAudit {
  /** Transactions of every SEPA file generated in this database (cancelled batches too). */
  transactions: number;
  /** Those collected before the day their invoice announced: must be 0 (R-SEPA-11). */
  violations: number;
}

/**
 * R-SEPA-11, checked in SQL over every file ever generated, independently of the code that
 * selects the flux: each recorded transaction (MKP_PrelevementSepa) against its batch's
 * collection date (the generation's audit row) and what its invoice announced, from the facts
 * the invoice is built from (MKP_FluxEmission when issued, else the flux's own): never before
 * its due date or the batch date it was issued with, never before its document's Paris day
 * plus the 14 calendar days of SEPA pre-notification. A collection date is a TARGET day, so
 * the comparison needs no calendar.
 */
export async function auditSepaNotice(db: Queryable): Promise<SepaNoticeAudit> {
  const [row] = await db.query<SepaNoticeAudit>(
    `SELECT count(*)::int AS transactions,
            count(*) FILTER (WHERE c.collected < GREATEST(c.fixed_day, c.issue_day + 14))::int AS violations
       FROM (
         SELECT (a."Details"->>'dateEcheance')::date AS collected,
                (coalesce(e."DateFlux", f."Z_DateCreation") AT TIME ZONE 'Europe/Paris')::date AS issue_day,
                CASE WHEN e."ID_FluxFinancier" IS NULL THEN f."DateEcheance"
                     ELSE coalesce(e."DateEcheance", e."DatePrelevementLot") END AS fixed_day
           FROM "MKP_PrelevementSepa" p
           JOIN "APP_AuditLog" a
             ON a."TableCible" = 'MKP_Traitement' AND a."ID_Cible" = p."ID_Traitement" AND a."Action" = 'export_sepa'
           JOIN "MKP_FluxFinancier" f ON f.id = p."ID_FluxFinancier"
           LEFT JOIN "MKP_FluxEmission" e ON e."ID_FluxFinancier" = f.id) c`,
  );
  return { transactions: row?.transactions ?? 0, violations: row?.violations ?? 0 };
}
