import type { Queryable } from '../../db/queryable';
import { booksCondition, type BooksOwner } from './books';
import type { FiscalYearRow } from './fiscal-years.repository';
import {
  settlementCandidatesSql,
  unreconciledCandidatesSql,
  unreconciledSettlementsCte,
} from './settlement-entries.repository';
import { shareCandidatesSql } from './share-entries.repository';

/**
 * The digest of the flux facts an entry is built from: a flux whose digest changed after
 * its entry was validated is booked again (reversal, then the new entry) in the open period.
 */
export const FINGERPRINT_SQL = `md5(concat_ws('|', (f."MontantTTC" * 100)::bigint, f."EST_Debit", f."ID_CategoryFlux",
  f."ID_Structure", f."NomFluxFinancier", f."ID_Saison", (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date))`;

/**
 * Where staged entries go: a temporary table, dropped at commit unless `keep`. Its name is
 * ours (a constant or a job's number), never user text.
 */
export interface StageTable {
  name: string;
  keep: boolean;
  /** Entries stagedEntries reads, builds and yields at a time; ENTRY_BATCH by default. */
  batch?: number;
}

export const COMMIT_STAGE: StageTable = { name: 'cpt_stage', keep: false };

/** The columns of cpt_stage, as the staging query makes them (StageRow). */
const EMPTY_STAGE_COLUMNS = `flux_id int, rapprochement_id int, jour date, date_ecriture date, journal text, empreinte text,
  extourne_de bigint, sorte int, hors_rapprochement boolean, mouvement_id int, versement_id int, exercice_id int,
  exercice_fin date, sequence int`;

/** What staging reads of the books: whose, from which point of view, their fiscal years (oldest first). */
export interface StagingBooks {
  owner: BooksOwner;
  pointOfView: 'federation' | 'membre';
  years: FiscalYearRow[];
}

/**
 * Stages the entries of these flux days (`days`, each with its entry date in `dates`,
 * ascending) up to `upTo` (stageUnbookedEntries says what and how).
 */
export async function stageEntryDays(
  tx: Queryable,
  books: StagingBooks,
  { days, dates }: { days: string[]; dates: string[] },
  upTo: string,
  stage: StageTable,
  append: boolean,
): Promise<{ staged: number; unmapped: number }> {
  const table = stage.name;
  const lifetime = stage.keep ? '' : 'ON COMMIT DROP';
  if (!append) await tx.query(`DROP TABLE IF EXISTS ${table}`);
  if (days.length === 0) {
    // Nothing left to stage (a year validated to its last day): an empty table all the same,
    // with every column stagedEntries reads.
    await tx.query(`CREATE TEMP TABLE ${table} (${EMPTY_STAGE_COLUMNS}) ${lifetime}`);
    // A job appends the next days to it: indexed as below.
    if (stage.keep) await indexStage(tx, table);
    return { staged: 0, unmapped: 0 };
  }
  // days is ascending: its first day bounds the scan from below (the date index serves it).
  const params: unknown[] = [books.owner.structureId, days, dates, upTo, days[0]];
  const scopeSql = booksCondition(books.owner, 'f."ID_Structure"', params);
  const years = books.years;
  params.push(
    years.map((y) => y.id),
    years.map((y) => y.debut),
    years.map((y) => y.fin),
  );
  const n = params.length;
  const fluxDays = `FROM "MKP_FluxFinancier" f
    JOIN unnest($2::date[], $3::date[]) AS j(jour, date_ecriture)
      ON j.jour = (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date`;
  const fluxFilter = `f."Z_DateCreation" >= ($5::date::timestamp AT TIME ZONE 'Europe/Paris')
      AND f."Z_DateCreation" < (($4::date + 1)::timestamp AT TIME ZONE 'Europe/Paris') AND ${scopeSql}
      AND NOT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id)
      AND f."MontantTTC" <> 0`; // a zero flux moves no money: no entry (a line is debit or credit)
  // Each journal's numbers go on from the fiscal year's last written, and when appending from the
  // last staged (written numbers are all below the staged ones).
  const lastWritten = `coalesce((SELECT max(e."Numero") FROM "CPT_Ecriture" e
                           WHERE e."ID_Exercice" = x.id AND e."JournalCode" = l.journal), 0)`;
  const lastNumber = append
    ? `greatest(${lastWritten}, coalesce((SELECT max(t.sequence) FROM ${table} t
                           WHERE t.exercice_id = x.id AND t.journal = l.journal), 0))`
    : lastWritten;
  const [inserted] = await tx.query<{ staged: number }>(
    `${append ? `WITH inserted AS (INSERT INTO ${table}` : `CREATE TEMP TABLE ${table} ${lifetime} AS`}
     WITH ${unreconciledSettlementsCte(scopeSql, books.pointOfView === 'federation')}, candidats AS (
       SELECT f.id AS flux_id, j.jour, j.date_ecriture, m."JournalCode" AS journal, ${FINGERPRINT_SQL} AS empreinte,
              b."ID_Ecriture" AS remplacee, b."Empreinte" AS comptabilisee
       ${fluxDays}
       JOIN "CPT_MappingFlux" m ON m."ID_Structure" = $1 AND m."ID_CategoryFlux" = f."ID_CategoryFlux"
       LEFT JOIN "CPT_FluxComptabilise" b ON b."ID_Structure" = $1 AND b."ID_FluxFinancier" = f.id
       WHERE ${fluxFilter}
     ), a_comptabiliser AS (
       SELECT c.flux_id, NULL::int AS rapprochement_id, c.jour, c.date_ecriture, c.journal, c.empreinte,
              NULL::bigint AS extourne_de, 1 AS sorte, false AS hors_rapprochement,
              NULL::int AS mouvement_id, NULL::int AS versement_id
         FROM candidats c WHERE c.comptabilisee IS DISTINCT FROM c.empreinte
       UNION ALL
       SELECT c.flux_id, NULL, c.jour, c.date_ecriture, e."JournalCode", c.empreinte, e.id, 0, false, NULL, NULL
         FROM candidats c JOIN "CPT_Ecriture" e ON e.id = c.remplacee
        WHERE c.comptabilisee <> c.empreinte
       UNION ALL
       ${settlementCandidatesSql(scopeSql)}
       UNION ALL
       ${unreconciledCandidatesSql()}
       UNION ALL
       ${shareCandidatesSql(books.pointOfView === 'federation')}
     )
     SELECT l.*, x.id AS exercice_id, x.fin AS exercice_fin,
            (row_number() OVER (PARTITION BY x.id, l.journal
                ORDER BY l.date_ecriture, l.jour, l.flux_id, l.rapprochement_id NULLS FIRST, l.hors_rapprochement,
                         l.mouvement_id NULLS FIRST, l.versement_id NULLS FIRST, l.sorte)
              + ${lastNumber})::int AS sequence
       FROM a_comptabiliser l
       JOIN unnest($${n - 2}::int[], $${n - 1}::date[], $${n}::date[]) AS x(id, debut, fin)
         ON l.date_ecriture BETWEEN x.debut AND x.fin
     ${append ? 'RETURNING 1) SELECT count(*)::int AS staged FROM inserted' : ''}`,
    params,
  );
  if (!append) {
    if (stage.keep) await indexStage(tx, table);
    else await tx.query(`CREATE INDEX ON ${table} (date_ecriture, journal, sequence)`);
    await tx.query(`ANALYZE ${table}`); // a temporary table has no statistics: the keyset reads use the index
  }
  const [counts] = await tx.query<{ staged: number; unmapped: number }>(
    `SELECT ${append ? `$${n - 2}::int` : `(SELECT count(*)::int FROM ${table})`} AS staged,
            (SELECT count(*)::int ${fluxDays} WHERE ${fluxFilter}
               AND NOT EXISTS (SELECT 1 FROM "CPT_MappingFlux" m WHERE m."ID_Structure" = $1
                                 AND m."ID_CategoryFlux" = f."ID_CategoryFlux")
               AND NOT EXISTS (SELECT 1 FROM "CPT_FluxComptabilise" b WHERE b."ID_Structure" = $1
                                 AND b."ID_FluxFinancier" = f.id)) AS unmapped`,
    append ? [...params.slice(0, n - 3), inserted?.staged ?? 0] : params.slice(0, n - 3),
  );
  return counts ?? { staged: 0, unmapped: 0 };
}

/** A job's stage: read in file order, and appended to (each journal's last staged number: one index probe, not a scan per row). */
async function indexStage(tx: Queryable, table: string): Promise<void> {
  await tx.query(`CREATE INDEX ON ${table} (date_ecriture, journal, sequence)`);
  await tx.query(`CREATE INDEX ON ${table} (exercice_id, journal, sequence)`);
}

export interface StageRow {
  flux_id: number;
  rapprochement_id: number | null;
  date_ecriture: string;
  journal: string;
  empreinte: string;
  extourne_de: string | null;
  sorte: number;
  hors_rapprochement: boolean;
  /** A share movement's entry (R-PAY-10). */
  mouvement_id: number | null;
  /** A payout transfer's entry or its reversal (R-PAY-10). */
  versement_id: number | null;
  exercice_id: number;
  exercice_fin: string;
  sequence: number;
}

/** The next `limit` staged rows dated in [from, to] after `after` (date, journal, number), in file order. */
export function readStageRows(
  tx: Queryable,
  stage: StageTable,
  range: { from: string; to: string; after: [string, string, number]; limit: number },
  journals?: readonly string[],
): Promise<StageRow[]> {
  const params: unknown[] = [range.from, range.to, ...range.after];
  const journalSql = journals ? `AND journal = ANY($${params.push(journals)}::text[])` : '';
  return tx.query<StageRow>(
    `SELECT flux_id, rapprochement_id, date_ecriture::text AS date_ecriture, journal, empreinte, extourne_de, sorte,
            hors_rapprochement, mouvement_id, versement_id, exercice_id,
            exercice_fin::text AS exercice_fin, sequence
       FROM ${stage.name}
      WHERE date_ecriture BETWEEN $1 AND $2 AND (date_ecriture, journal, sequence) > ($3::date, $4, $5) ${journalSql}
      ORDER BY date_ecriture, journal, sequence LIMIT ${range.limit}`,
    params,
  );
}

/** A job's stage, dropped when the job's session ends its work. */
export async function dropStage(session: Queryable, stage: StageTable): Promise<void> {
  await session.query(`DROP TABLE IF EXISTS ${stage.name}`);
}

/** Statistics of the whole stage, for the keyset reads of the steps. */
export async function analyzeStage(session: Queryable, stage: StageTable): Promise<void> {
  await session.query(`ANALYZE ${stage.name}`);
}

/** How many entries the stage holds per entry date, in date order. */
export function stagedDays(session: Queryable, stage: StageTable): Promise<{ day: string; entries: number }[]> {
  return session.query<{ day: string; entries: number }>(
    `SELECT date_ecriture::text AS day, count(*)::int AS entries FROM ${stage.name} GROUP BY 1 ORDER BY 1`,
  );
}
