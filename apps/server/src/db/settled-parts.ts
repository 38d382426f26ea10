import type { SettledPart } from '@gdf/domain';

/**
 * The confirmed parts (reconciliations not undone) of bank credits given to flux: what R-BAL-01
 * subtracts from a flux' amount, on the bank's booking day. `fluxCondition` narrows the flux (alias f).
 */
export const ACTIVE_PARTS_SQL = (fluxCondition: string) => `SELECT rf."ID_FluxFinancier" AS "fluxId",
        (rf."Montant" * 100)::bigint::text AS cents, e."DateComptable"::text AS day
   FROM "BQE_RapprochementFlux" rf
   JOIN "BQE_Rapprochement" ra ON ra.id = rf."ID_Rapprochement" AND ra."DateAnnulation" IS NULL
   JOIN "BQE_EcritureBancaire" e ON e.id = ra."ID_EcritureBancaire"
   JOIN "MKP_FluxFinancier" f ON f.id = rf."ID_FluxFinancier"
  WHERE ${fluxCondition}`;

/** Each flux's parts, by flux id, from rows of ACTIVE_PARTS_SQL. */
export function partsByFlux(
  rows: ReadonlyArray<{ fluxId: number; cents: string; day: string }>,
): Map<number, SettledPart[]> {
  const parts = new Map<number, SettledPart[]>();
  for (const row of rows) {
    const part = { amount: Number(row.cents), day: row.day };
    const list = parts.get(row.fluxId);
    if (list) list.push(part);
    else parts.set(row.fluxId, [part]);
  }
  return parts;
}
