import { centsToDecimal, type DraftLine } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import { intArray } from '../../db/sql-arrays';
import { SEPA_BATCH_TYPE } from '../../db/sepa-records';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

/** What an invoice or avoir flux is made of, whatever made it. */
export interface InvoiceFluxValues {
  label: string;
  category: number;
  seasonId: number;
  createdAt: Date;
  dueDate: string | null;
  isDebit: boolean;
  /** An avoir's invoice (ID_FluxFinancierDebit). */
  creditFor: number | null;
  lines: readonly DraftLine[];
}

/**
 * Inserts one flux per structure, each with the same lines, in one statement each (set-based:
 * one invoice or a step of a bulk invoicing). Returns (structure, flux) in structure order.
 */
export async function insertInvoiceFlux(
  tx: Queryable,
  structureIds: readonly number[],
  values: InvoiceFluxValues,
): Promise<Array<{ structureId: number; fluxId: number }>> {
  if (structureIds.length === 0) return [];
  const total = values.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const amount = centsToDecimal(total);
  const created = await tx.query<{ structureId: number; fluxId: number }>(
    `INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "Z_DateCreation", "MontantHT", "MontantTVA", "MontantTTC",
            "EST_Debit", "EST_Reglement", "ID_CategoryFlux", "ID_FluxFinancierDebit", "ID_Saison", "ID_Structure",
            "DateEcheance")
     SELECT $2::text, $3::timestamptz, $4::numeric, 0, $4::numeric, $5::boolean, false, $6::int, $7::int, $8::int,
            s.id, $9::date
       FROM unnest($1::int[]) WITH ORDINALITY AS s(id, n)
      ORDER BY s.n
     RETURNING "ID_Structure" AS "structureId", id AS "fluxId"`,
    [
      intArray(structureIds),
      values.label,
      values.createdAt.toISOString(),
      amount,
      values.isDebit,
      values.category,
      values.creditFor,
      values.seasonId,
      values.dueDate,
    ],
  );
  await tx.query(
    `INSERT INTO "MKP_FluxFinancierDetail" ("ID_FluxFinancier", "NomFluxFinancierDetail", "PrixUnitaire", "Quantite",
            "MontantHT", "MontantTTC", "EST_Debit", "ID_Tarif", "Z_DateCreation")
     SELECT f.id, x.label, x."unitPriceCents" / 100.0, x.quantity, x."unitPriceCents" * x.quantity / 100.0,
            x."unitPriceCents" * x.quantity / 100.0, $3::boolean, x."tarifId", $4::timestamptz
       FROM unnest($1::int[]) AS f(id)
       CROSS JOIN jsonb_to_recordset($2::jsonb)
         AS x(label text, "tarifId" integer, "unitPriceCents" bigint, quantity integer, n integer)
      ORDER BY f.id, x.n`,
    [
      intArray(created.map((row) => row.fluxId)),
      JSON.stringify(
        values.lines.map(({ label, tarifId, unitPriceCents, quantity }, n) => ({
          label,
          tarifId,
          unitPriceCents,
          quantity,
          n,
        })),
      ),
      values.isDebit,
      values.createdAt.toISOString(),
    ],
  );
  return created.sort((a, b) => a.fluxId - b.fluxId);
}

/** An issued flux an avoir may be made on, locked (FOR UPDATE) so two avoirs take turns (R-INV-07). */
export interface LockedInvoice {
  id: number;
  structureId: number;
  seasonId: number;
  label: string;
  isDebit: boolean;
  category: number;
  /** A relaunch copy (an avis de prélèvement): the original's ID_FluxFinancierRelance names it. */
  isAvis: boolean;
  issued: boolean;
  /** R-INV-11: in a SEPA batch generated and not cancelled (the bank collects its whole amount). */
  inSepaBatch: boolean;
}

export async function lockInvoice(tx: Queryable, scope: RequestScope, fluxId: number): Promise<LockedInvoice | null> {
  const params: unknown[] = [fluxId];
  const [row] = await tx.query<LockedInvoice>(
    `SELECT f.id, f."ID_Structure" AS "structureId", f."ID_Saison" AS "seasonId", f."NomFluxFinancier" AS label,
            f."EST_Debit" AS "isDebit", f."ID_CategoryFlux" AS category,
            EXISTS (SELECT 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id) AS "isAvis",
            EXISTS (SELECT 1 FROM "MKP_FluxEmission" e WHERE e."ID_FluxFinancier" = f.id) AS issued,
            EXISTS (SELECT 1 FROM "MKP_Traitement" t WHERE t.id = f."ID_Traitement"
                     AND t."TypeTraitement" = $${params.push(SEPA_BATCH_TYPE)} AND t."DateAnnulation" IS NULL) AS "inSepaBatch"
       FROM "MKP_FluxFinancier" f
      WHERE f.id = $1 AND ${structureScopeCondition(scope, 'f."ID_Structure"', params)}
      FOR UPDATE OF f`,
    params,
  );
  return row ?? null;
}

/** The invoice's lines as issued (its first NbLignes detail rows), in rank order. */
export async function invoiceLines(
  tx: Queryable,
  fluxId: number,
): Promise<Array<{ rank: number; label: string; unitPriceCents: number; quantity: number; tarifId: number | null }>> {
  const rows = await tx.query<{ label: string; unitPriceCents: string; quantity: number; tarifId: number | null }>(
    `SELECT d."NomFluxFinancierDetail" AS label, (d."PrixUnitaire" * 100)::bigint::text AS "unitPriceCents",
            d."Quantite" AS quantity, d."ID_Tarif" AS "tarifId"
       FROM "MKP_FluxFinancierDetail" d
      WHERE d."ID_FluxFinancier" = $1
      ORDER BY d.id
      LIMIT (SELECT e."NbLignes" FROM "MKP_FluxEmission" e WHERE e."ID_FluxFinancier" = $1)`,
    [fluxId],
  );
  return rows.map((row, index) => ({ ...row, rank: index + 1, unitPriceCents: Number(row.unitPriceCents) }));
}
