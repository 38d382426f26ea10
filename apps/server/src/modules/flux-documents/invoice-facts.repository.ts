import { settlementInstant, type InvoiceReference } from '@gdf/domain';
import type { Queryable } from '../flux/transaction';
import { SEPA_AUDIT_ACTION } from '../exports-sepa/sepa.repository';

/** What an invoice states besides its flux's own columns (issue 16's mentions). */
export interface InvoiceFacts {
  settledAt: Date | null;
  correctedInvoice: InvoiceReference | null;
  relaunchOf: InvoiceReference | null;
  mandateReference: string | null;
  batchCollectionDate: string | null;
}

/**
 * The first flux of the relaunch chain ending at `idSql` (each relaunch's original points
 * to its copy by ID_FluxFinancierRelance, a unique index), as {id, seasonId}; null when
 * the flux is no relaunch. A relaunch of a relaunch still presents the first invoice.
 */
const chainOriginSql = (idSql: string) => `(
  WITH RECURSIVE chain(id, "seasonId", depth) AS (
    SELECT o.id, o."ID_Saison", 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = ${idSql}
    UNION ALL
    SELECT o.id, o."ID_Saison", chain.depth + 1
      FROM chain JOIN "MKP_FluxFinancier" o ON o."ID_FluxFinancierRelance" = chain.id
     WHERE chain.depth < 100)
  SELECT json_build_object('id', id, 'seasonId', "seasonId") FROM chain ORDER BY depth DESC LIMIT 1)`;

interface FactsRow {
  lastSettlement: Date | string | null;
  createdSettled: Date | string | null;
  relaunchOf: InvoiceReference | null;
  debitOrigin: InvoiceReference | null;
  debit: InvoiceReference | null;
  mandateReference: string | null;
  batchCollectionDate: string | null;
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * One query on a flux the caller may already see:
 * - when it was settled (domain settlementInstant): the latest 'reglement_flux' audit row
 *   that set EST_Reglement, else the 'creation_flux' row of a flux created with it set;
 * - the original of a relaunched copy; for a credit, the debit it corrects (its original
 *   when that debit is itself a relaunch);
 * - the structure's mandate reference (its RIB, the valid newest first, as SEPA files
 *   pick it) and the collection date of the SEPA batch holding the flux.
 */
export async function findInvoiceFacts(db: Queryable, fluxId: number): Promise<InvoiceFacts> {
  const [row] = await db.query<FactsRow>(
    `SELECT
       (SELECT max(l."Z_DateCreation") FROM "APP_AuditLog" l
         WHERE l."TableCible" = 'MKP_FluxFinancier' AND l."ID_Cible" = f.id
           AND l."Action" = 'reglement_flux' AND l."Details"->>'apres' = 'true') AS "lastSettlement",
       (SELECT min(l."Z_DateCreation") FROM "APP_AuditLog" l
         WHERE l."TableCible" = 'MKP_FluxFinancier' AND l."ID_Cible" = f.id AND l."Action" = 'creation_flux'
           AND l."Details"->'colonnes' @> '["EST_Reglement"]'::jsonb
           AND NOT EXISTS (SELECT 1 FROM "APP_AuditLog" r WHERE r."TableCible" = 'MKP_FluxFinancier'
                            AND r."ID_Cible" = f.id AND r."Action" = 'reglement_flux')) AS "createdSettled",
       ${chainOriginSql('f.id')} AS "relaunchOf",
       ${chainOriginSql('d.id')} AS "debitOrigin",
       CASE WHEN d.id IS NULL THEN NULL ELSE json_build_object('id', d.id, 'seasonId', d."ID_Saison") END AS "debit",
       (SELECT rib."MandatRUM" FROM "STR_StructureRib" rib WHERE rib."ID_Structure" = f."ID_Structure"
         ORDER BY rib."EST_Valide" DESC, rib."Z_DateCreation" DESC, rib.id DESC LIMIT 1) AS "mandateReference",
       (SELECT l."Details"->>'dateEcheance' FROM "APP_AuditLog" l
         WHERE l."TableCible" = 'MKP_Traitement' AND l."ID_Cible" = f."ID_Traitement" AND l."Action" = $2
         ORDER BY l.id DESC LIMIT 1) AS "batchCollectionDate"
     FROM "MKP_FluxFinancier" f
     LEFT JOIN "MKP_FluxFinancier" d ON d.id = f."ID_FluxFinancierDebit" AND d."EST_Debit" AND NOT f."EST_Debit"
     WHERE f.id = $1`,
    [fluxId, SEPA_AUDIT_ACTION],
  );
  if (!row) throw new Error(`Flux ${fluxId} introuvable`);
  return {
    settledAt: settlementInstant(toDate(row.lastSettlement), toDate(row.createdSettled)),
    correctedInvoice: row.debitOrigin ?? row.debit,
    relaunchOf: row.relaunchOf,
    mandateReference: row.mandateReference,
    batchCollectionDate: row.batchCollectionDate,
  };
}
