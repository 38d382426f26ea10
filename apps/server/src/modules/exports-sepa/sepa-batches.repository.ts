import type { Database } from '../../db/database';
import { structureScopeCondition, type RequestScope } from '../scope/scope';
import { SEPA_AUDIT_ACTION, SEPA_BATCH_TYPE } from './sepa.repository';

export interface SepaBatchRow {
  id: number;
  NomFichier: string | null;
  /** Its file (DOC_Contenu); null for the seeded history, which has none. */
  ID_Contenu: number | null;
  Z_DateCreation: Date | string;
  auteur: string | null;
  /** From the batch's audit row, so listing never scans the flux table. */
  nbFlux: number | null;
  totalCents: number | null;
}

/** SEPA batches made by structures within scope, newest first. */
export async function listSepaBatches(
  database: Database,
  scope: RequestScope,
  options: { id?: number; limit: number },
): Promise<SepaBatchRow[]> {
  const params: unknown[] = [SEPA_BATCH_TYPE, SEPA_AUDIT_ACTION, options.limit];
  const byId = options.id === undefined ? '' : `AND t.id = $${params.push(options.id)}`;
  return database.query<SepaBatchRow>(
    `SELECT t.id, t."NomFichier", t."ID_Contenu", t."Z_DateCreation",
            trim(coalesce(u."CT_Prenom", '') || ' ' || coalesce(u."CT_Nom", '')) AS auteur,
            -- Batches made before the audit row existed (seeded history) are counted from their flux.
            coalesce((l."Details"->>'nbFlux')::int,
                     (SELECT count(*)::int FROM "MKP_FluxFinancier" f WHERE f."ID_Traitement" = t.id)) AS "nbFlux",
            coalesce((l."Details"->>'totalCents')::bigint,
                     (SELECT (coalesce(sum(f."MontantTTC"), 0) * 100)::bigint FROM "MKP_FluxFinancier" f
                       WHERE f."ID_Traitement" = t.id))::int AS "totalCents"
       FROM "MKP_Traitement" t
       LEFT JOIN "UTI_Utilisateur" u ON u.id = t."ID_Utilisateur"
       LEFT JOIN "APP_AuditLog" l ON l."Action" = $2 AND l."TableCible" = 'MKP_Traitement' AND l."ID_Cible" = t.id
      WHERE t."TypeTraitement" = $1 AND ${structureScopeCondition(scope, 't."ID_Structure"', params)} ${byId}
      ORDER BY t.id DESC
      LIMIT $3`,
    params,
  );
}
