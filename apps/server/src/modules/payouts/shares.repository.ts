import { toCents, type DatedShareRule, type ReceivableFlux, type ShareLevel, type ShareMode } from '@gdf/domain';
import { ACTIVE_PARTS_SQL, partsByFlux } from '../../db/settled-parts';
import type { Queryable } from '../../db/queryable';
import { intArray } from '../../db/sql-arrays';

// The SQL of the shares' sync (R-PAY-04): the marked flux, the facts of their sales, what is
// recorded of them, and the movements written.

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

/**
 * The sales the marked flux belong to, each with the flux marked for it: an avoir's invoice,
 * and up a relaunch chain to the flux that was sold (R-PAY-02: a relaunch is not a sale). Only debits.
 */
export async function salesOf(
  tx: Queryable,
  fluxIds: readonly number[],
): Promise<Array<{ sale: number; marked: number }>> {
  return tx.query<{ sale: number; marked: number }>(
    `WITH RECURSIVE start AS (
       SELECT f.id AS marked, CASE WHEN f."EST_Debit" THEN f.id ELSE f."ID_FluxFinancierDebit" END AS id
         FROM "MKP_FluxFinancier" f WHERE f.id = ANY($1::int[])
       UNION
       SELECT q."ID_FluxFinancier", q."ID_FluxFinancier" FROM "REV_QuotePart" q WHERE q."ID_FluxFinancier" = ANY($1::int[])
     ), up(marked, id) AS (
       SELECT marked, id FROM start WHERE id IS NOT NULL
       UNION
       SELECT up.marked, p.id FROM up JOIN "MKP_FluxFinancier" p ON p."ID_FluxFinancierRelance" = up.id
     )
     SELECT up.id AS sale, up.marked FROM up JOIN "MKP_FluxFinancier" f ON f.id = up.id
      WHERE f."EST_Debit" AND NOT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" p WHERE p."ID_FluxFinancierRelance" = up.id)
         -- A flux with shares recorded that is no longer a sale (turned credit): brought to nothing.
         OR EXISTS (SELECT 1 FROM "REV_QuotePart" q WHERE q."ID_FluxFinancier" = up.id)`,
    [intArray(fluxIds)],
  );
}

/** A sale as its shares read it: what the balance rule needs, its lines and its payees. */
export interface SaleFacts {
  id: number;
  /** False for a former sale turned credit: it keeps nothing (R-PAY-03). */
  isDebit: boolean;
  seasonId: number;
  categoryId: number;
  amountCents: number;
  /** The sale, the relaunches carrying its debt and its avoirs, as the balance rule reads them. */
  flux: ReceivableFlux[];
  avoirsCents: number;
  lines: Array<{ amountCents: number; quantity: number; tarifId: number | null }>;
  ligueId: number | null;
  comiteId: number | null;
}

interface FluxRow {
  saleId: number;
  id: number;
  createdAt: Date | string;
  isDebit: boolean;
  ttc: string;
  settled: boolean;
  settledOn: string | null;
  relaunchedBy: number | null;
  relaunchedAt: Date | string | null;
  creditFor: number | null;
  seasonId: number;
  categoryId: number;
  ligueId: number | null;
  comiteId: number | null;
}

const FLUX_COLUMNS = `f.id, f."Z_DateCreation" AS "createdAt", f."EST_Debit" AS "isDebit", f."MontantTTC"::text AS ttc,
  f."EST_Reglement" AS settled, f."DateReglement"::text AS "settledOn", f."ID_FluxFinancierRelance" AS "relaunchedBy",
  (SELECT r."Z_DateCreation" FROM "MKP_FluxFinancier" r WHERE r.id = f."ID_FluxFinancierRelance") AS "relaunchedAt",
  f."ID_FluxFinancierDebit" AS "creditFor", f."ID_Saison" AS "seasonId", f."ID_CategoryFlux" AS "categoryId"`;

/** The facts of these sales, read in four statements whatever their number. */
export async function loadSales(tx: Queryable, saleIds: readonly number[]): Promise<SaleFacts[]> {
  const ids = intArray(saleIds);
  const fluxRows = await tx.query<FluxRow>(
    `WITH RECURSIVE chain(sale, id) AS (
       SELECT id, id FROM "MKP_FluxFinancier" WHERE id = ANY($1::int[])
       UNION ALL
       SELECT chain.sale, f."ID_FluxFinancierRelance" FROM chain JOIN "MKP_FluxFinancier" f ON f.id = chain.id
        WHERE f."ID_FluxFinancierRelance" IS NOT NULL
     ), members(sale, id) AS (
       SELECT sale, id FROM chain
       UNION ALL
       -- The avoirs made on the sale or on a relaunch carrying its debt.
       SELECT chain.sale, a.id FROM chain JOIN "MKP_FluxFinancier" a
           ON a."ID_FluxFinancierDebit" = chain.id AND NOT a."EST_Debit"
     )
     SELECT m.sale AS "saleId", ${FLUX_COLUMNS}, d."ID_Ligue" AS "ligueId", d."ID_Comite" AS "comiteId"
       FROM members m JOIN "MKP_FluxFinancier" f ON f.id = m.id
       JOIN "STR_Structure" s ON s.id = f."ID_Structure"
       LEFT JOIN "ADR_Departement" d ON d.id = s."ID_Departement"`,
    [ids],
  );
  const fluxIds = intArray(fluxRows.map((row) => row.id));
  const [partRows, lineRows] = await Promise.all([
    tx.query<{ fluxId: number; cents: string; day: string }>(ACTIVE_PARTS_SQL('f.id = ANY($1::int[])'), [fluxIds]),
    tx.query<{ saleId: number; ttc: string; quantity: number; tarifId: number | null; sameSide: boolean }>(
      `SELECT d."ID_FluxFinancier" AS "saleId", d."MontantTTC"::text AS ttc, d."Quantite" AS quantity,
              d."ID_Tarif" AS "tarifId", d."EST_Debit" AS "sameSide"
         FROM "MKP_FluxFinancierDetail" d WHERE d."ID_FluxFinancier" = ANY($1::int[]) ORDER BY d.id`,
      [ids],
    ),
  ]);
  return assemble(saleIds, fluxRows, partsByFlux(partRows), lineRows);
}

function assemble(
  saleIds: readonly number[],
  fluxRows: FluxRow[],
  parts: ReturnType<typeof partsByFlux>,
  lineRows: Array<{ saleId: number; ttc: string; quantity: number; tarifId: number | null; sameSide: boolean }>,
): SaleFacts[] {
  const sales = new Map<number, SaleFacts>();
  for (const row of fluxRows) {
    const flux: ReceivableFlux = {
      id: row.id,
      createdAt: new Date(row.createdAt),
      isDebit: row.isDebit,
      amountTTC: toCents(row.ttc),
      settled: row.settled,
      settledOn: row.settledOn,
      relaunchedBy: row.relaunchedBy,
      relaunchedAt: row.relaunchedAt === null ? null : new Date(row.relaunchedAt),
      settledParts: parts.get(row.id) ?? [],
      creditFor: row.creditFor,
    };
    const sale = sales.get(row.saleId) ?? emptySale(row.saleId);
    sales.set(row.saleId, sale);
    sale.flux.push(flux);
    if (row.id === row.saleId) Object.assign(sale, saleOwnFacts(row, flux.amountTTC));
    else if (!row.isDebit) sale.avoirsCents += flux.amountTTC;
  }
  for (const line of lineRows) {
    const amount = toCents(line.ttc);
    sales.get(line.saleId)?.lines.push({
      amountCents: line.sameSide ? amount : -amount,
      quantity: line.quantity,
      tarifId: line.tarifId,
    });
  }
  return saleIds.flatMap((id) => sales.get(id) ?? []);
}

const emptySale = (id: number): SaleFacts => ({
  id,
  isDebit: false,
  seasonId: 0,
  categoryId: 0,
  amountCents: 0,
  flux: [],
  avoirsCents: 0,
  lines: [],
  ligueId: null,
  comiteId: null,
});

const saleOwnFacts = (row: FluxRow, amountCents: number) => ({
  isDebit: row.isDebit,
  seasonId: row.seasonId,
  categoryId: row.categoryId,
  amountCents,
  ligueId: row.ligueId,
  comiteId: row.comiteId,
});

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
 * R-PAY-04: one sync at a time per sale, across instances: two syncs reaching one sale through
 * different marks (its avoir, its relaunch) would both see no state and both write its first
 * movement. Taken in id order, so two syncs never wait on each other in a cycle.
 */
export async function lockSales(tx: Queryable, saleIds: readonly number[]): Promise<void> {
  await tx.query(
    `SELECT pg_advisory_xact_lock(${SHARES_LOCK_SPACE}, id) FROM (SELECT DISTINCT id FROM unnest($1::int[]) AS id ORDER BY id) ids`,
    [intArray(saleIds)],
  );
}

/** The first key of the sales' advisory locks (the second is the sale's id). */
const SHARES_LOCK_SPACE = 4_401;

/** What is recorded for a sale (R-PAY-04). */
export interface RecordedShares {
  saleId: number;
  ligueId: number | null;
  comiteId: number | null;
  fullLigue: number;
  fullComite: number;
  base: number;
  ligue: number;
  comite: number;
}

export async function loadRecorded(tx: Queryable, saleIds: readonly number[]): Promise<Map<number, RecordedShares>> {
  const rows = await tx.query<Record<keyof RecordedShares, number | string | null>>(
    `SELECT "ID_FluxFinancier" AS "saleId", "ID_Ligue" AS "ligueId", "ID_Comite" AS "comiteId",
            "PartLigueEntiere" AS "fullLigue", "PartComiteEntiere" AS "fullComite", "Base" AS base,
            "PartLigue" AS ligue, "PartComite" AS comite
       FROM "REV_QuotePart" WHERE "ID_FluxFinancier" = ANY($1::int[]) FOR UPDATE`,
    [intArray(saleIds)],
  );
  const recorded = new Map<number, RecordedShares>();
  for (const row of rows) {
    const number = (value: number | string | null) => (value === null ? null : Number(value));
    recorded.set(Number(row.saleId), {
      saleId: Number(row.saleId),
      ligueId: number(row.ligueId),
      comiteId: number(row.comiteId),
      fullLigue: Number(row.fullLigue),
      fullComite: Number(row.fullComite),
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
  movement: { base: number; ligue: number; comite: number };
  /** The Paris day the movement is dated: the day its sale was first marked. */
  day: string;
}

export async function writeShares(tx: Queryable, writes: readonly SharesWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const column = <K extends keyof RecordedShares>(key: K) => writes.map((write) => write.state[key]);
  await tx.query(
    `INSERT INTO "REV_QuotePart" ("ID_FluxFinancier", "ID_Ligue", "ID_Comite", "PartLigueEntiere", "PartComiteEntiere",
                                  "Base", "PartLigue", "PartComite")
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[])
     ON CONFLICT ("ID_FluxFinancier") DO UPDATE SET "Base" = EXCLUDED."Base", "PartLigue" = EXCLUDED."PartLigue",
       "PartComite" = EXCLUDED."PartComite", "Z_DateModification" = now()`,
    [
      column('saleId'),
      column('ligueId'),
      column('comiteId'),
      column('fullLigue'),
      column('fullComite'),
      column('base'),
      column('ligue'),
      column('comite'),
    ],
  );
  await tx.query(
    `INSERT INTO "REV_MouvementQuotePart" ("ID_FluxFinancier", "Jour", "ID_Ligue", "ID_Comite", "Base", "PartLigue", "PartComite")
     SELECT s, d, l, c, b, pl, pc
       FROM unnest($1::date[], $2::int[], $3::int[], $4::int[], $5::bigint[], $6::bigint[], $7::bigint[])
       AS t(d, s, l, c, b, pl, pc)`,
    [
      writes.map((write) => write.day),
      column('saleId'),
      column('ligueId'),
      column('comiteId'),
      writes.map((write) => write.movement.base),
      writes.map((write) => write.movement.ligue),
      writes.map((write) => write.movement.comite),
    ],
  );
}

/**
 * R-PAY-01: a rule from season `fromSeason` on reaches the sales of its category or tarif in
 * those seasons that have earned nothing yet (a sale already earning keeps its frozen shares,
 * R-PAY-04): those that may have kept money (settled, relaunched, or with a reconciled part).
 */
export async function markSalesFrom(
  tx: Queryable,
  rule: { fromSeason: number; categoryId?: number; tarifId?: number },
): Promise<void> {
  const target = rule.tarifId
    ? `EXISTS (SELECT 1 FROM "MKP_FluxFinancierDetail" d WHERE d."ID_FluxFinancier" = f.id AND d."ID_Tarif" = $2)`
    : `f."ID_CategoryFlux" = $2`;
  await tx.query(
    `INSERT INTO "REV_QuotePartAVerifier" ("ID_FluxFinancier")
     SELECT f.id FROM "MKP_FluxFinancier" f
      WHERE f."ID_Saison" >= $1 AND f."EST_Debit" AND ${target}
        AND (f."EST_Reglement" OR f."ID_FluxFinancierRelance" IS NOT NULL
             OR EXISTS (SELECT 1 FROM "BQE_RapprochementFlux" rf WHERE rf."ID_FluxFinancier" = f.id))
        AND NOT EXISTS (SELECT 1 FROM "REV_QuotePart" q WHERE q."ID_FluxFinancier" = f.id)
     ON CONFLICT DO NOTHING`,
    [rule.fromSeason, rule.tarifId ?? rule.categoryId],
  );
}
