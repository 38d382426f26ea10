import { toCents, type ReceivableFlux } from '@gdf/domain';
import { ACTIVE_PARTS_SQL, partsByFlux } from '../../db/settled-parts';
import type { Queryable } from '../../db/queryable';
import { intArray } from '../../db/sql-arrays';

/**
 * The sales whose shares a sync brings up to date, read in a few statements whatever their
 * number (R-PAY-02, R-PAY-03): which sale each marked flux belongs to, and each sale's facts.
 */

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
       -- Lookups by key, one per row (LIMIT keeps them from being planned as a join that scans
       -- every flux; a flux is relaunched once at most).
       SELECT up.marked, p.id FROM up CROSS JOIN LATERAL (
         SELECT p.id FROM "MKP_FluxFinancier" p WHERE p."ID_FluxFinancierRelance" = up.id LIMIT 1) p
     )
     SELECT up.id AS sale, up.marked FROM up
      WHERE (SELECT f."EST_Debit" FROM "MKP_FluxFinancier" f WHERE f.id = up.id)
        AND NOT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" p WHERE p."ID_FluxFinancierRelance" = up.id)
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
       -- Lookups by key, one per row: LIMIT and OFFSET keep each from being planned as a join
       -- that scans every flux (a season's sales are read in batches of thousands).
       SELECT chain.sale, r.next FROM chain CROSS JOIN LATERAL (
         SELECT f."ID_FluxFinancierRelance" AS next FROM "MKP_FluxFinancier" f
          WHERE f.id = chain.id AND f."ID_FluxFinancierRelance" IS NOT NULL LIMIT 1) r
     ), members(sale, id) AS (
       SELECT sale, id FROM chain
       UNION ALL
       -- The avoirs made on the sale or on a relaunch carrying its debt.
       SELECT chain.sale, a.id FROM chain CROSS JOIN LATERAL (
         SELECT a.id FROM "MKP_FluxFinancier" a WHERE a."ID_FluxFinancierDebit" = chain.id AND NOT a."EST_Debit" OFFSET 0) a
     )
     SELECT m.sale AS "saleId", x.* FROM members m CROSS JOIN LATERAL (
       SELECT ${FLUX_COLUMNS}, d."ID_Ligue" AS "ligueId", d."ID_Comite" AS "comiteId"
         FROM "MKP_FluxFinancier" f JOIN "STR_Structure" s ON s.id = f."ID_Structure"
         LEFT JOIN "ADR_Departement" d ON d.id = s."ID_Departement"
        WHERE f.id = m.id LIMIT 1) x`,
    [ids],
  );
  const fluxIds = intArray(fluxRows.map((row) => row.id));
  // One query at a time: `tx` is one connection.
  const partRows = await tx.query<{ fluxId: number; cents: string; day: string }>(
    ACTIVE_PARTS_SQL('f.id = ANY($1::int[])'),
    [fluxIds],
  );
  const lineRows = await tx.query<{
    saleId: number;
    ttc: string;
    quantity: number;
    tarifId: number | null;
    sameSide: boolean;
  }>(
    `SELECT d."ID_FluxFinancier" AS "saleId", d."MontantTTC"::text AS ttc, d."Quantite" AS quantity,
            d."ID_Tarif" AS "tarifId", d."EST_Debit" AS "sameSide"
       FROM "MKP_FluxFinancierDetail" d WHERE d."ID_FluxFinancier" = ANY($1::int[]) ORDER BY d.id`,
    [ids],
  );
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
