import { type DatedShareRule, type ShareLevel, type ShareMode } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import { intArray } from '../../db/sql-arrays';

// The SQL of the shares' sync (R-PAY-04): the marked flux, the rules, what is recorded of
// the sales, and the movements written (the sales' facts: sale-facts.repository.ts).

/** A marked flux and the instant it was first marked. */
export interface Mark {
  id: number;
  markedAt: Date | string;
}

/** Takes up to `limit` marked flux, skipping those another sync holds (two instances). */
export async function claimMarked(tx: Queryable, limit: number): Promise<Mark[]> {
  return tx.query<Mark>(
    `DELETE FROM "REV_QuotePartAVerifier" WHERE "ID_FluxFinancier" IN (
       SELECT "ID_FluxFinancier" FROM "REV_QuotePartAVerifier" ORDER BY 1 LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING "ID_FluxFinancier" AS id, "Z_DateMarque" AS "markedAt"`,
    [limit],
  );
}

/** Every share rule, each with its target: a handful of rows. */
export interface ShareRuleRow extends DatedShareRule {
  categoryId: number | null;
  tarifId: number | null;
}

export async function loadShareRules(tx: Queryable): Promise<ShareRuleRow[]> {
  const rows = await tx.query<{
    categoryId: number | null;
    tarifId: number | null;
    level: ShareLevel;
    mode: ShareMode;
    value: string;
    fromSeason: number;
  }>(
    `SELECT "ID_CategoryFlux" AS "categoryId", "ID_Tarif" AS "tarifId", "Niveau" AS level, "Mode" AS mode,
            "Valeur"::text AS value, "ID_SaisonDebut" AS "fromSeason"
       FROM "REV_RegleQuotePart"`,
  );
  return rows.map((row) => ({ ...row, value: Number(row.value) }));
}

/**
 * R-PAY-04: one sync at a time, across instances, taken before its marks: two syncs reaching one
 * sale through different marks (its avoir, its relaunch) would both see no state and both write
 * its first movement. One lock, not one per sale: a season's sales in one transaction (a rule's
 * save, a payout file) would fill PostgreSQL's lock table ('out of shared memory').
 */
export async function lockSharesSync(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('quotes_parts_synchronisation'))`);
}

/** What is recorded for a sale (R-PAY-04). */
export interface RecordedShares {
  saleId: number;
  ligueId: number | null;
  comiteId: number | null;
  fullLigue: number;
  fullComite: number;
  /** R-PAY-04: each level's share fixed by the first rule of that level that reached the sale. */
  ligueFixed: boolean;
  comiteFixed: boolean;
  base: number;
  ligue: number;
  comite: number;
}

export async function loadRecorded(tx: Queryable, saleIds: readonly number[]): Promise<Map<number, RecordedShares>> {
  const rows = await tx.query<Record<keyof RecordedShares, number | string | boolean | null>>(
    `SELECT "ID_FluxFinancier" AS "saleId", "ID_Ligue" AS "ligueId", "ID_Comite" AS "comiteId",
            "PartLigueEntiere" AS "fullLigue", "PartComiteEntiere" AS "fullComite",
            "PartLigueFixee" AS "ligueFixed", "PartComiteFixee" AS "comiteFixed", "Base" AS base,
            "PartLigue" AS ligue, "PartComite" AS comite
       FROM "REV_QuotePart" WHERE "ID_FluxFinancier" = ANY($1::int[]) FOR UPDATE`,
    [intArray(saleIds)],
  );
  const recorded = new Map<number, RecordedShares>();
  for (const row of rows) {
    const number = (value: number | string | boolean | null) => (value === null ? null : Number(value));
    recorded.set(Number(row.saleId), {
      saleId: Number(row.saleId),
      ligueId: number(row.ligueId),
      comiteId: number(row.comiteId),
      fullLigue: Number(row.fullLigue),
      fullComite: Number(row.fullComite),
      ligueFixed: row.ligueFixed === true,
      comiteFixed: row.comiteFixed === true,
      base: Number(row.base),
      ligue: Number(row.ligue),
      comite: Number(row.comite),
    });
  }
  return recorded;
}

/** One sale's new state and the movement that led to it, written together. */
export interface SharesWrite {
  state: RecordedShares;
  /** Null when only a level's fixing is written (a rule of nothing reached it, R-PAY-04). */
  movement: { base: number; ligue: number; comite: number } | null;
  /** The Paris day the movement is dated: the day its sale was first marked. */
  day: string;
}

export async function writeShares(tx: Queryable, writes: readonly SharesWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const column = <K extends keyof RecordedShares>(key: K) => writes.map((write) => write.state[key]);
  await tx.query(
    `INSERT INTO "REV_QuotePart" ("ID_FluxFinancier", "ID_Ligue", "ID_Comite", "PartLigueEntiere", "PartComiteEntiere",
                                  "PartLigueFixee", "PartComiteFixee", "Base", "PartLigue", "PartComite")
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::bigint[], $5::bigint[], $6::boolean[], $7::boolean[],
                          $8::bigint[], $9::bigint[], $10::bigint[])
     ON CONFLICT ("ID_FluxFinancier") DO UPDATE SET "Base" = EXCLUDED."Base", "PartLigue" = EXCLUDED."PartLigue",
       "PartComite" = EXCLUDED."PartComite", "PartLigueEntiere" = EXCLUDED."PartLigueEntiere",
       "PartComiteEntiere" = EXCLUDED."PartComiteEntiere", "PartLigueFixee" = EXCLUDED."PartLigueFixee",
       "PartComiteFixee" = EXCLUDED."PartComiteFixee", "Z_DateModification" = now()`,
    [
      column('saleId'),
      column('ligueId'),
      column('comiteId'),
      column('fullLigue'),
      column('fullComite'),
      column('ligueFixed'),
      column('comiteFixed'),
      column('base'),
      column('ligue'),
      column('comite'),
    ],
  );
  const moved = writes.flatMap((write) => (write.movement ? [{ ...write, movement: write.movement }] : []));
  if (moved.length === 0) return;
  const movedColumn = <K extends keyof RecordedShares>(key: K) => moved.map((write) => write.state[key]);
  await tx.query(
    `INSERT INTO "REV_MouvementQuotePart" ("ID_FluxFinancier", "Jour", "ID_Ligue", "ID_Comite", "Base", "PartLigue", "PartComite")
     SELECT s, d, l, c, b, pl, pc
       FROM unnest($1::date[], $2::int[], $3::int[], $4::int[], $5::bigint[], $6::bigint[], $7::bigint[])
       AS t(d, s, l, c, b, pl, pc)`,
    [
      moved.map((write) => write.day),
      movedColumn('saleId'),
      movedColumn('ligueId'),
      movedColumn('comiteId'),
      moved.map((write) => write.movement.base),
      moved.map((write) => write.movement.ligue),
      moved.map((write) => write.movement.comite),
    ],
  );
}

/**
 * R-PAY-01: a rule of a level from season `fromSeason` on reaches the sales of its category or
 * tarif in those seasons whose share of that level is not fixed yet (a fixed one never moves,
 * R-PAY-04): those that may have kept money (settled, relaunched, or with a reconciled part).
 */
export async function markSalesFrom(
  tx: Queryable,
  rule: { level: ShareLevel; fromSeason: number; categoryId?: number; tarifId?: number },
): Promise<void> {
  const fixed = rule.level === 'ligue' ? `q."PartLigueFixee"` : `q."PartComiteFixee"`;
  const target = rule.tarifId
    ? `EXISTS (SELECT 1 FROM "MKP_FluxFinancierDetail" d WHERE d."ID_FluxFinancier" = f.id AND d."ID_Tarif" = $2)`
    : `f."ID_CategoryFlux" = $2`;
  await tx.query(
    `INSERT INTO "REV_QuotePartAVerifier" ("ID_FluxFinancier")
     SELECT f.id FROM "MKP_FluxFinancier" f
      WHERE f."ID_Saison" >= $1 AND f."EST_Debit" AND ${target}
        AND (f."EST_Reglement" OR f."ID_FluxFinancierRelance" IS NOT NULL
             OR EXISTS (SELECT 1 FROM "BQE_RapprochementFlux" rf WHERE rf."ID_FluxFinancier" = f.id))
        AND NOT EXISTS (SELECT 1 FROM "REV_QuotePart" q WHERE q."ID_FluxFinancier" = f.id AND ${fixed})
     ON CONFLICT DO NOTHING`,
    [rule.fromSeason, rule.tarifId ?? rule.categoryId],
  );
}
