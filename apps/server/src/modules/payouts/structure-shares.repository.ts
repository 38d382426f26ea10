import { fluxPieceRef, type ShareLevel, type ShareMovementView } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';

// A ligue's or a comité's share movements (R-PAY-03), read by its payee column.

const PAYEE_COLUMN: Record<ShareLevel, string> = { ligue: '"ID_Ligue"', comite: '"ID_Comite"' };
const SHARE_COLUMN: Record<ShareLevel, string> = { ligue: '"PartLigue"', comite: '"PartComite"' };

export async function shareTotals(
  database: Queryable,
  level: ShareLevel,
  structureId: number,
  from: string,
  to: string,
): Promise<{ period: number; cumulative: number }> {
  const [row] = await database.query<{ period: string; cumulative: string }>(
    `SELECT COALESCE(sum(m.${SHARE_COLUMN[level]}) FILTER (WHERE m."Jour" >= $2), 0)::text AS period,
            COALESCE(sum(m.${SHARE_COLUMN[level]}), 0)::text AS cumulative
       FROM "REV_MouvementQuotePart" m WHERE m.${PAYEE_COLUMN[level]} = $1 AND m."Jour" <= $3`,
    [structureId, from, to],
  );
  return { period: Number(row?.period ?? 0), cumulative: Number(row?.cumulative ?? 0) };
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
