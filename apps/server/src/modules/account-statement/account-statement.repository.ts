import {
  addCalendarDays,
  federalCodeLines,
  nextParisDayStart,
  parisDayStart,
  toCents,
  type AccountFlux,
  type AccountStatementParts,
  type SettledPart,
  type StatementPeriod,
} from '@gdf/domain';
import { stripHiddenCharacters } from '@gdf/file-formats';
import type { Database } from '../../db/database';
import { ACTIVE_PARTS_SQL, partsByFlux } from '../../db/settled-parts';
import { intArray } from '../../db/sql-arrays';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

export interface StatementStructure {
  id: number;
  name: string;
  /** Federal code then address lines, as the documents' structure block shows them. */
  lines: string[];
}

/** How many of `structureIds` the caller's scope reaches. */
export async function countStructuresInScope(
  database: Pick<Database, 'query'>,
  scope: RequestScope,
  structureIds: readonly number[],
): Promise<number> {
  const params: unknown[] = [intArray(structureIds)];
  const [visible] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "STR_Structure" s
      WHERE s.id = ANY($1::int[]) AND ${structureScopeCondition(scope, 's.id', params)}`,
    params,
  );
  return visible?.n ?? 0;
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
  // R-SEC-17: the relevé's and the reminder letters' party blocks hide no bidi or zero-width character.
  return {
    id: structureId,
    name: stripHiddenCharacters(row.name),
    // R-DUE-03: the head office ('000') prints no federal code.
    lines: [...federalCodeLines(row.code), row.a1 ?? '', row.a2 ?? '', town]
      .map(stripHiddenCharacters)
      .filter((line) => line !== ''),
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
  settledOn: string | null;
  relaunchedBy: number | null;
  relaunchedAt: Date | string | null;
  creditFor: number | null;
  returnType: 'rejet' | 'retour' | null;
  reasonCode: string | null;
  returnDate: string | null;
}

/** When the flux that relaunched f was created: looked up by its id, for a relaunched flux only. */
const RELAUNCHED_AT = `CASE WHEN f."ID_FluxFinancierRelance" IS NOT NULL THEN
    (SELECT rl."Z_DateCreation" FROM "MKP_FluxFinancier" rl WHERE rl.id = f."ID_FluxFinancierRelance") END`;

const STATEMENT_COLUMNS = `f.id, f."Z_DateCreation" AS "createdAt", f."NomFluxFinancier" AS label, f."EST_Debit" AS "isDebit",
    f."MontantTTC"::text AS ttc, f."DateEcheance"::text AS "dueDate", f."EST_Reglement" AS settled,
    f."DateReglement"::text AS "settledOn", f."ID_FluxFinancierRelance" AS "relaunchedBy", ${RELAUNCHED_AT} AS "relaunchedAt",
    f."ID_FluxFinancierDebit" AS "creditFor",
    r."TypeRetour" AS "returnType", r."CodeRaison" AS "reasonCode", r."DateRetour"::text AS "returnDate"`;

/** `structures`: one structure ($1 an integer) or several ($1 an integer array: a federation's recap, R-RECAP-01). */
type Structures = 'one' | 'many';
const withReturn = (structures: Structures, where: string) => `SELECT ${STATEMENT_COLUMNS}
   FROM "MKP_FluxFinancier" f LEFT JOIN "MKP_RetourPrelevement" r ON r."ID_FluxFinancier" = f.id
  WHERE ${structures === 'one' ? 'f."ID_Structure" = $1' : 'f."ID_Structure" = ANY($1::int[])'} AND ${where}`;

/**
 * A structure's flux up to the end of the period: those of the period, and the earlier ones
 * still owed when it starts (isOpenAtStartOf). The largest structure has ~77,000 flux over the
 * seasons, nearly all closed long ago: each kind of open flux is its own index range, so the
 * closed ones are never read (one OR of them read every flux of the structure: 250 ms).
 * - of the period: mkp_flux_structure_date_idx;
 * - unsettled and not relaunched: mkp_flux_saison_impaye_idx (partial);
 * - settled on or after the first day: DateReglement, checked inside mkp_flux_structure_date_idx
 *   (DateReglement is set only on a settled flux: trigger of migration 0019);
 * - relaunched on or after the first day: the few relaunched flux, mkp_flux_relance_uq.
 * A flux settled with no day recorded counts as settled on its own day: closed before the period.
 * The period's flux are read a month at a time ($2, $3: the month's bounds), the earlier open
 * ones in one statement ($2: the period's first instant, $3: its first day): on PGlite one
 * statement of a club's year held the embedded database and the event loop for 0.4-0.7 s
 * (R-OPS-10).
 */
const periodFluxSql = (structures: Structures) =>
  withReturn(structures, `f."Z_DateCreation" >= $2::timestamptz AND f."Z_DateCreation" < $3::timestamptz`);
const earlierOpenFluxSql = (structures: Structures) =>
  [
    withReturn(
      structures,
      `f."Z_DateCreation" < $2::timestamptz AND NOT f."EST_Reglement" AND f."ID_FluxFinancierRelance" IS NULL`,
    ),
    withReturn(
      structures,
      `f."Z_DateCreation" < $2::timestamptz AND f."DateReglement" >= $3::date AND f."EST_Reglement"`,
    ),
    withReturn(
      structures,
      `f."Z_DateCreation" < $2::timestamptz AND f."ID_FluxFinancierRelance" IS NOT NULL AND NOT f."EST_Reglement"
    AND (SELECT rl."Z_DateCreation" FROM "MKP_FluxFinancier" rl WHERE rl.id = f."ID_FluxFinancierRelance") >= $2::timestamptz`,
    ),
  ].join('\n  UNION ALL\n');
const FLUX_SQL = {
  one: { period: periodFluxSql('one'), earlierOpen: earlierOpenFluxSql('one') },
  many: { period: periodFluxSql('many'), earlierOpen: earlierOpenFluxSql('many') },
};

/** Days of the period read per statement, and flux whose settled parts are read per statement. */
const PERIOD_SLICE_DAYS = 31;
const PARTS_SLICE_FLUX = 2_000;

/**
 * What the statement of `period` is built from (AccountStatementParts): one structure's flux, or
 * the flux of several structures taken as one account (a federation's recap, R-RECAP-01).
 */
export async function loadStatementParts(
  database: Pick<Database, 'query'>,
  structureId: number | readonly number[],
  period: StatementPeriod,
): Promise<AccountStatementParts> {
  const sql = typeof structureId === 'number' ? FLUX_SQL.one : FLUX_SQL.many;
  const structures = typeof structureId === 'number' ? structureId : intArray(structureId);
  const start = parisDayStart(period.from);
  const rows: FluxRow[] = [];
  for (let day = period.from; day <= period.to; day = addCalendarDays(day, PERIOD_SLICE_DAYS)) {
    const last = [addCalendarDays(day, PERIOD_SLICE_DAYS - 1), period.to].sort()[0]!;
    const slice = [structures, parisDayStart(day), nextParisDayStart(last)];
    rows.push(...(await database.query<FluxRow>(sql.period, slice)));
  }
  rows.push(...(await database.query<FluxRow>(sql.earlierOpen, [structures, start, period.from])));
  type PartRow = { fluxId: number; cents: string; day: string };
  const partRows: PartRow[] = [];
  for (let index = 0; index < rows.length; index += PARTS_SLICE_FLUX) {
    const ids = rows.slice(index, index + PARTS_SLICE_FLUX).map((row) => row.id);
    partRows.push(...(await database.query<PartRow>(ACTIVE_PARTS_SQL('f.id = ANY($1::int[])'), [intArray(ids)])));
  }
  const parts = partsByFlux(partRows);
  const startTime = Date.parse(start);
  const periodFlux: AccountFlux[] = [];
  const earlierOpenFlux: AccountFlux[] = [];
  for (const row of rows) {
    const flux = toAccountFlux(row, parts.get(row.id) ?? []);
    (flux.createdAt.getTime() >= startTime ? periodFlux : earlierOpenFlux).push(flux);
  }
  return { periodFlux, earlierOpenFlux };
}

function toAccountFlux(row: FluxRow, settledParts: SettledPart[]): AccountFlux {
  return {
    id: row.id,
    createdAt: new Date(row.createdAt),
    // R-SEC-17: the relevé's PDF prints the label.
    label: stripHiddenCharacters(row.label),
    isDebit: row.isDebit,
    amountTTC: toCents(row.ttc),
    dueDate: row.dueDate,
    settled: row.settled,
    settledOn: row.settledOn,
    relaunchedBy: row.relaunchedBy,
    relaunchedAt: row.relaunchedAt === null ? null : new Date(row.relaunchedAt),
    settledParts,
    creditFor: row.creditFor,
    bankReturn:
      row.returnType === null ? null : { type: row.returnType, reasonCode: row.reasonCode, date: row.returnDate ?? '' },
  };
}
