import { nextParisDayStart, toCents, type AccountFlux } from '@gdf/domain';
import { stripHiddenCharacters } from '@gdf/file-formats';
import { ACTIVE_PARTS_SQL, partsByFlux } from '../../db/settled-parts';
import type { Database } from '../../db/database';
import { intArray } from '../../db/sql-arrays';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

/** An open flux as the balance rule (R-BAL-01) reads it, with where it belongs. */
export interface OpenFlux extends AccountFlux {
  structureId: number;
  seasonId: number;
}

interface OpenFluxRow {
  id: number;
  structureId: number;
  seasonId: number;
  createdAt: Date | string;
  label: string;
  isDebit: boolean;
  ttc: string;
  dueDate: string | null;
  creditFor: number | null;
  relaunchedBy: number | null;
  relaunchedAt: Date | string | null;
  returnType: 'rejet' | 'retour' | null;
  reasonCode: string | null;
  returnDate: string | null;
}

/** When the flux that relaunched f was created (its replacement is dated a month after the relaunch). */
const RELAUNCHED_AT = `(SELECT rl."Z_DateCreation" FROM "MKP_FluxFinancier" rl WHERE rl.id = f."ID_FluxFinancierRelance")`;

/**
 * The open flux (neither settled nor relaunched, debits and credits) of the caller's scope, of
 * some structures or all, created by the end of `asOf`: everything a structure's balance and its
 * overdue flux are drawn from (a closed flux owes nothing). A flux has one bank return at most
 * (mkp_retour_prelevement_flux_uq): a plain join, which PostgreSQL hashes. No ORDER BY: the
 * domain orders what it shows. `withLabels` reads the labels (a letter cites them; a list does not).
 */
export async function loadOpenFlux(
  database: Pick<Database, 'query'>,
  scope: RequestScope,
  asOf: string,
  options: { structureIds?: readonly number[]; withLabels?: boolean } = {},
): Promise<OpenFlux[]> {
  const params: unknown[] = [nextParisDayStart(asOf)];
  const only = options.structureIds
    ? `AND f."ID_Structure" = ANY($${params.push(intArray(options.structureIds))}::int[])`
    : '';
  // A relaunched flux owes until its replacement exists (dated a month on, R-BAL-01).
  const open = `NOT f."EST_Reglement"
        AND (f."ID_FluxFinancierRelance" IS NULL OR ${RELAUNCHED_AT} >= $1::timestamptz)
        AND f."Z_DateCreation" < $1::timestamptz
        AND ${structureScopeCondition(scope, 'f."ID_Structure"', params)} ${only}`;
  const [rows, partRows] = await Promise.all([
    database.query<OpenFluxRow>(
      `SELECT f.id, f."ID_Structure" AS "structureId", f."ID_Saison" AS "seasonId", f."Z_DateCreation" AS "createdAt",
          ${options.withLabels ? 'f."NomFluxFinancier"' : "''"} AS label, f."EST_Debit" AS "isDebit",
          f."MontantTTC"::text AS ttc, f."DateEcheance"::text AS "dueDate", f."ID_FluxFinancierDebit" AS "creditFor",
          f."ID_FluxFinancierRelance" AS "relaunchedBy", ${RELAUNCHED_AT} AS "relaunchedAt",
          r."TypeRetour" AS "returnType", r."CodeRaison" AS "reasonCode", r."DateRetour"::text AS "returnDate"
         FROM "MKP_FluxFinancier" f
         LEFT JOIN "MKP_RetourPrelevement" r ON r."ID_FluxFinancier" = f.id
        WHERE ${open}`,
      params,
    ),
    database.query<{ fluxId: number; cents: string; day: string }>(ACTIVE_PARTS_SQL(open), params),
  ]);
  const parts = partsByFlux(partRows);
  return rows.map((row) => ({
    id: row.id,
    structureId: row.structureId,
    seasonId: row.seasonId,
    createdAt: new Date(row.createdAt),
    // R-SEC-17: a reminder letter's PDF prints the label.
    label: stripHiddenCharacters(row.label),
    isDebit: row.isDebit,
    amountTTC: toCents(row.ttc),
    dueDate: row.dueDate,
    settled: false,
    settledOn: null,
    relaunchedBy: row.relaunchedBy,
    relaunchedAt: row.relaunchedAt === null ? null : new Date(row.relaunchedAt),
    settledParts: parts.get(row.id) ?? [],
    creditFor: row.creditFor,
    bankReturn:
      row.returnType === null ? null : { type: row.returnType, reasonCode: row.reasonCode, date: row.returnDate ?? '' },
  }));
}
