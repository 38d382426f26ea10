import type { Queryable } from '../../db/queryable';
import { FINGERPRINT_SQL } from './ledger-stage.repository';

export interface FluxEntryRow {
  id: number;
  label: string;
  date: string;
  isDebit: boolean;
  cents: string;
  seasonId: number;
  structureCode: string | null;
  structureName: string;
  account: string;
  accountLabel: string | null;
  journal: string;
  section: string | null;
  settled: boolean;
  /** DateReglement of a flux a bank reconciliation settled (R-FLUX-09), else null. */
  bankDay: string | null;
  fingerprint: string;
  lastSettlement: Date | null;
  createdSettled: Date | null;
}

/** The live facts of these flux with the structure's current mappings, as their entries are built from. */
export function readFluxEntryRows(tx: Queryable, structureId: number, ids: number[]): Promise<FluxEntryRow[]> {
  return tx.query<FluxEntryRow>(
    `SELECT f.id, f."NomFluxFinancier" AS "label", f."EST_Debit" AS "isDebit", f."ID_Saison" AS "seasonId",
            to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS "date",
            (f."MontantTTC" * 100)::bigint::text AS "cents",
            s."ID_CodeFederal" AS "structureCode", s."NomStructure" AS "structureName",
            m."CompteNumero" AS "account", c."Libelle" AS "accountLabel", m."JournalCode" AS "journal",
            m."CodeSection" AS "section", f."EST_Reglement" AS "settled", ${FINGERPRINT_SQL} AS "fingerprint",
            CASE WHEN f."ID_EcritureBancaire" IS NOT NULL THEN f."DateReglement"::text END AS "bankDay",
            CASE WHEN f."EST_Reglement" AND f."ID_EcritureBancaire" IS NULL THEN (SELECT max(al."Z_DateCreation") FROM "APP_AuditLog" al
              WHERE al."TableCible" = 'MKP_FluxFinancier' AND al."ID_Cible" = f.id
                AND al."Action" = 'reglement_flux' AND al."Details"->>'apres' = 'true') END AS "lastSettlement",
            CASE WHEN f."EST_Reglement" AND f."ID_EcritureBancaire" IS NULL THEN (SELECT min(al."Z_DateCreation") FROM "APP_AuditLog" al
              WHERE al."TableCible" = 'MKP_FluxFinancier' AND al."ID_Cible" = f.id AND al."Action" = 'creation_flux'
                AND al."Details"->'colonnes' @> '["EST_Reglement"]'::jsonb) END AS "createdSettled"
       FROM "MKP_FluxFinancier" f
       JOIN "STR_Structure" s ON s.id = f."ID_Structure"
       JOIN "CPT_MappingFlux" m ON m."ID_Structure" = $1 AND m."ID_CategoryFlux" = f."ID_CategoryFlux"
       LEFT JOIN "CPT_Compte" c ON c."ID_Structure" = $1 AND c."Numero" = m."CompteNumero"
      WHERE f.id = ANY($2::int[])`,
    [structureId, ids],
  );
}

export interface LedgerEntryRow {
  id: string;
  yearId: number;
  fluxId: number | null;
  journal: string;
  number: string;
  sequence: number;
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  validDate: string;
  letteringCode: string | null;
  letteringDate: string | null;
}

export interface LedgerLineRow {
  entryId: string;
  account: string;
  auxAccount: string | null;
  section: string | null;
  debit: string;
  credit: string;
  lettered: boolean;
}

const LEDGER_ENTRY_COLUMNS = `e.id::text AS id, e."ID_Exercice" AS "yearId", e."ID_FluxFinancier" AS "fluxId", e."JournalCode" AS journal,
  e."EcritureNum" AS number, e."Numero" AS sequence, e."EcritureDate"::text AS date, e."PieceRef" AS "pieceRef",
  e."PieceDate"::text AS "pieceDate", e."Libelle" AS label, e."ValidDate"::text AS "validDate",
  e."Lettrage" AS "letteringCode", e."DateLettrage"::text AS "letteringDate"`;

/** The lines of these validated entries, in order. */
export function readEntryLines(tx: Queryable, entryIds: string[]): Promise<LedgerLineRow[]> {
  return tx.query<LedgerLineRow>(
    `SELECT l."ID_Ecriture"::text AS "entryId", l."CompteNum" AS account, l."CompAuxNum" AS "auxAccount",
            l."Section" AS section, l."Debit"::text AS debit, l."Credit"::text AS credit, l."EST_Lettree" AS lettered
       FROM "CPT_EcritureLigne" l WHERE l."ID_Ecriture" = ANY($1::bigint[])
      ORDER BY l."ID_Ecriture", l."Rang"`,
    [entryIds],
  );
}

/** The account labels these fiscal years froze. */
export function readFrozenLabels(
  tx: Queryable,
  yearIds: number[],
): Promise<{ yearId: number; nature: string; numero: string; libelle: string }[]> {
  return tx.query<{ yearId: number; nature: string; numero: string; libelle: string }>(
    `SELECT "ID_Exercice" AS "yearId", "Nature" AS nature, "Numero" AS numero, "Libelle" AS libelle
       FROM "CPT_EcritureCompte" WHERE "ID_Exercice" = ANY($1::int[])`,
    [yearIds],
  );
}

export function readEntryRowsById(tx: Queryable, ids: number[]): Promise<LedgerEntryRow[]> {
  return tx.query<LedgerEntryRow>(
    `SELECT ${LEDGER_ENTRY_COLUMNS} FROM "CPT_Ecriture" e WHERE e.id = ANY($1::bigint[])`,
    [ids],
  );
}

/** A fiscal year's validated opening entry (R-LEDG-13), if any. */
export function readOpeningEntryRows(db: Queryable, yearId: number): Promise<LedgerEntryRow[]> {
  return db.query<LedgerEntryRow>(
    `SELECT ${LEDGER_ENTRY_COLUMNS} FROM "CPT_Ecriture" e WHERE e."ID_Exercice" = $1
        AND e."ID_FluxFinancier" IS NULL AND e."ID_VersementLigne" IS NULL`,
    [yearId],
  );
}

/** The next `limit` validated entries (not opening ones) dated in [from, to] after `after`, in file order. */
export function readValidatedEntryRows(
  db: Queryable,
  structureId: number,
  range: { from: string; to: string; after: [string, string, number]; limit: number },
  journals?: readonly string[],
): Promise<LedgerEntryRow[]> {
  const params: unknown[] = [structureId, range.from, range.to, ...range.after];
  const journalSql = journals ? `AND e."JournalCode" = ANY($${params.push(journals)}::text[])` : '';
  return db.query<LedgerEntryRow>(
    `SELECT ${LEDGER_ENTRY_COLUMNS} FROM "CPT_Ecriture" e
      WHERE e."ID_Structure" = $1 AND e."EcritureDate" BETWEEN $2 AND $3
        AND (e."EcritureDate", e."JournalCode", e."Numero") > ($4::date, $5, $6) ${journalSql}
        AND (e."ID_FluxFinancier" IS NOT NULL OR e."ID_VersementLigne" IS NOT NULL)
      ORDER BY e."EcritureDate", e."JournalCode", e."Numero" LIMIT ${range.limit}`,
    params,
  );
}
