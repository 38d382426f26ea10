import {
  nextParisDayStart,
  parisDayStart,
  toCents,
  type AccountFlux,
  type AccountStatementParts,
  type StatementPeriod,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

export interface StatementStructure {
  id: number;
  name: string;
  /** Federal code then address lines, as the documents' structure block shows them. */
  lines: string[];
}

/** The structure when the caller's scope reaches it, else null (the route says "not found"). */
export async function findStatementStructure(
  database: Pick<Database, 'query'>,
  scope: RequestScope,
  structureId: number,
): Promise<StatementStructure | null> {
  const params: unknown[] = [structureId];
  const [row] = await database.query<{
    name: string;
    code: string | null;
    a1: string | null;
    a2: string | null;
    cp: string | null;
    ville: string | null;
  }>(
    `SELECT s."NomStructure" AS name, s."ID_CodeFederal" AS code, a."Adresse1" AS a1, a."Adresse2" AS a2,
        a."CodePostal" AS cp, a."Ville" AS ville
       FROM "STR_Structure" s LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
      WHERE s.id = $1 AND ${structureScopeCondition(scope, 's.id', params)}`,
    params,
  );
  if (!row) return null;
  const town = [row.cp, row.ville].filter(Boolean).join(' ');
  return {
    id: structureId,
    name: row.name,
    lines: [row.code ? `Code fédéral : ${row.code}` : '', row.a1 ?? '', row.a2 ?? '', town].filter(
      (line) => line !== '',
    ),
  };
}

/** A season's bounds (`seasonId`), else the current season's (EST_SaisonCourante); null when none. */
export async function seasonBounds(
  database: Pick<Database, 'query'>,
  seasonId?: number,
): Promise<{ from: string; to: string } | null> {
  const [row] = await database.query<{ from: string; to: string }>(
    `SELECT "DateDebut"::text AS "from", "DateFin"::text AS "to" FROM "FEDE_Saison"
      WHERE ${seasonId === undefined ? '"EST_SaisonCourante"' : 'id = $1'} ORDER BY id DESC LIMIT 1`,
    seasonId === undefined ? [] : [seasonId],
  );
  return row ?? null;
}

interface FluxRow {
  id: number;
  createdAt: Date | string;
  label: string;
  isDebit: boolean;
  ttc: string;
  dueDate: string | null;
  settled: boolean;
  relaunchedBy: number | null;
  returnType: 'rejet' | 'retour' | null;
  reasonCode: string | null;
  returnDate: string | null;
}

/**
 * A structure's balance before an instant (Σ débit − Σ crédit), summed from
 * mkp_flux_structure_date_idx alone, which carries the sign and the amount (migration 0030).
 */
export const OPENING_BALANCE_SQL = `SELECT COALESCE(SUM(CASE WHEN "EST_Debit" THEN "MontantTTC" ELSE -"MontantTTC" END), 0)::text AS total
  FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "Z_DateCreation" < $2::timestamptz`;

/**
 * What the statement of `period` is built from, in two statements run side by side: the
 * balance of every flux before the period summed by the database (never read one by one: the
 * largest structure has ~77,000 flux over the seasons), then the period's flux and the earlier
 * ones still owed (neither settled nor relaunched, as mayStillBeOwed says), from
 * mkp_flux_structure_date_idx.
 */
export async function loadStatementParts(
  database: Pick<Database, 'query'>,
  structureId: number,
  period: StatementPeriod,
): Promise<AccountStatementParts> {
  const start = parisDayStart(period.from);
  const [[opening], rows] = await Promise.all([
    database.query<{ total: string }>(OPENING_BALANCE_SQL, [structureId, start]),
    database.query<FluxRow>(
      `SELECT f.id, f."Z_DateCreation" AS "createdAt", f."NomFluxFinancier" AS label, f."EST_Debit" AS "isDebit",
          f."MontantTTC"::text AS ttc, f."DateEcheance"::text AS "dueDate", f."EST_Reglement" AS settled,
          f."ID_FluxFinancierRelance" AS "relaunchedBy", r."TypeRetour" AS "returnType", r."CodeRaison" AS "reasonCode",
          r."DateRetour"::text AS "returnDate"
         FROM "MKP_FluxFinancier" f
         LEFT JOIN "MKP_RetourPrelevement" r ON r."ID_FluxFinancier" = f.id
        WHERE f."ID_Structure" = $1 AND f."Z_DateCreation" < $3::timestamptz
          AND (f."Z_DateCreation" >= $2::timestamptz OR (NOT f."EST_Reglement" AND f."ID_FluxFinancierRelance" IS NULL))`,
      [structureId, start, nextParisDayStart(period.to)],
    ),
  ]);
  const startTime = Date.parse(start);
  const periodFlux: AccountFlux[] = [];
  const earlierOpenFlux: AccountFlux[] = [];
  for (const row of rows) {
    const flux = toAccountFlux(row);
    (flux.createdAt.getTime() >= startTime ? periodFlux : earlierOpenFlux).push(flux);
  }
  return { openingBalance: toCents(opening?.total ?? '0'), periodFlux, earlierOpenFlux };
}

function toAccountFlux(row: FluxRow): AccountFlux {
  return {
    id: row.id,
    createdAt: new Date(row.createdAt),
    label: row.label,
    isDebit: row.isDebit,
    amountTTC: toCents(row.ttc),
    dueDate: row.dueDate,
    settled: row.settled,
    relaunchedBy: row.relaunchedBy,
    bankReturn:
      row.returnType === null ? null : { type: row.returnType, reasonCode: row.reasonCode, date: row.returnDate ?? '' },
  };
}
