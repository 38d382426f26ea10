import { fluxPieceRef, type ShareLevel, type ShareMovementView } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';

// A ligue's or a comité's share movements (R-PAY-03) and transfers received, read by its payee column.

export const PAYEE_COLUMN: Record<ShareLevel, string> = { ligue: '"ID_Ligue"', comite: '"ID_Comite"' };
export const SHARE_COLUMN: Record<ShareLevel, string> = { ligue: '"PartLigue"', comite: '"PartComite"' };

/**
 * The payee's ($1) transfers received (R-PAY-07): the lines of non-cancelled payout files, on their
 * execution day (as the generation's audit row recorded it, as the files' list reads it).
 */
export const RECEIVED_TRANSFERS = `SELECT l.id, (g."Details"->>'dateExecution')::date AS jour, t."NomFichier" AS fichier,
         l."EndToEndId" AS e2e, l."Montant" AS montant
    FROM "REV_VersementLigne" l
    JOIN "MKP_Traitement" t ON t.id = l."ID_Traitement" AND t."DateAnnulation" IS NULL AND t."ID_Contenu" IS NOT NULL
    JOIN "APP_AuditLog" g ON g."Action" = 'virement_sepa.generation' AND g."TableCible" = 'MKP_Traitement' AND g."ID_Cible" = t.id
   WHERE l."ID_Structure" = $1 AND l."Nature" = 'quote_part'`;

/** Earned and received over the period [$2, $3], and since the first share up to its end. */
export interface ShareTotals {
  earned: number;
  earnedCumulative: number;
  received: number;
  receivedCumulative: number;
}

export async function shareTotals(
  database: Queryable,
  level: ShareLevel,
  structureId: number,
  from: string,
  to: string,
): Promise<ShareTotals> {
  const [row] = await database.query<Record<keyof ShareTotals, string>>(
    `SELECT e.period::text AS earned, e.cumulative::text AS "earnedCumulative",
            r.period::text AS received, r.cumulative::text AS "receivedCumulative"
       FROM (SELECT COALESCE(sum(m.${SHARE_COLUMN[level]}) FILTER (WHERE m."Jour" >= $2), 0) AS period,
                    COALESCE(sum(m.${SHARE_COLUMN[level]}), 0) AS cumulative
               FROM "REV_MouvementQuotePart" m WHERE m.${PAYEE_COLUMN[level]} = $1 AND m."Jour" <= $3) e,
            (SELECT COALESCE(sum(x.montant) FILTER (WHERE x.jour >= $2), 0) AS period,
                    COALESCE(sum(x.montant), 0) AS cumulative
               FROM (${RECEIVED_TRANSFERS}) x WHERE x.jour <= $3) r`,
    [structureId, from, to],
  );
  return {
    earned: Number(row?.earned ?? 0),
    earnedCumulative: Number(row?.earnedCumulative ?? 0),
    received: Number(row?.received ?? 0),
    receivedCumulative: Number(row?.receivedCumulative ?? 0),
  };
}

export async function shareMovements(
  database: Queryable,
  level: ShareLevel,
  structureId: number,
  from: string,
  to: string,
  limit: number,
): Promise<ShareMovementView[]> {
  const rows = await database.query<{
    jour: string;
    fluxId: number;
    seasonId: number;
    club: string;
    base: string;
    part: string;
  }>(
    `SELECT m."Jour"::text AS jour, m."ID_FluxFinancier" AS "fluxId", f."ID_Saison" AS "seasonId", s."NomStructure" AS club,
            m."Base"::text AS base, m.${SHARE_COLUMN[level]}::text AS part
       FROM "REV_MouvementQuotePart" m
       JOIN "MKP_FluxFinancier" f ON f.id = m."ID_FluxFinancier"
       JOIN "STR_Structure" s ON s.id = f."ID_Structure"
      WHERE m.${PAYEE_COLUMN[level]} = $1 AND m."Jour" BETWEEN $2 AND $3 AND m.${SHARE_COLUMN[level]} <> 0
      ORDER BY m."Jour" DESC, m.id DESC LIMIT $4`,
    [structureId, from, to, limit],
  );
  return rows.map((row) => ({
    jour: row.jour,
    fluxId: row.fluxId,
    facture: fluxPieceRef({ seasonId: row.seasonId, id: row.fluxId }),
    club: row.club,
    baseCentimes: Number(row.base),
    partCentimes: Number(row.part),
  }));
}

/** The structure's type and whether it is a payee (a ligue or a comité), if it exists. */
export async function structureType(database: Queryable, structureId: number): Promise<number | null> {
  const [row] = await database.query<{ type: number }>(
    `SELECT "ID_TypeStructure" AS type FROM "STR_Structure" WHERE id = $1`,
    [structureId],
  );
  return row?.type ?? null;
}
