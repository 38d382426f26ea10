import { getTableColumns, getTableName, is, type Column } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../../src/db/schema';
import type { Database } from '../../../src/db/database';

/**
 * What a user could have typed into any text the product later writes into a file: a formula
 * a spreadsheet would run, one hidden behind a zero-width space, '@' and '+' starts, bidi
 * overrides and isolates. Rows take them in turn, so every column holds each of them.
 */
export const HOSTILE_TEXTS = [
  "=cmd|' /C calc'!A0 \u202Eevil\u202C",
  '@SUM(1)\u200B fin',
  "\u200B=cmd|' /C calc'!A0",
  '\u202E+33 \u2066evil\u2069',
] as const;
/** What is left of them once guarded: proof that a file was built from hostile text. */
export const HOSTILE_MARK = /cmd\||SUM\(1\)|evil/;
/** Bidi controls and zero-width characters (R-SEC-17). */
export const HIDDEN = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;
/** The NUL attempt: PostgreSQL text cannot hold it, on both engines. */
export const NUL_TEXT = "=cmd|' /C calc'!A0\u0000";

/**
 * Tables whose text the product writes itself (copies, hashes, states, credentials) or ships
 * as reference data read by the permissions: nobody types it. Every other table of the schema
 * holding text is treated as typed by someone, so a new table is hostile by default.
 */
const NOT_TYPED_TABLES: Readonly<Record<string, string>> = {
  APP_AuditLog: 'the product’s audit trail (action names)',
  APP_Traitement: 'the product’s job records',
  CPT_Ecriture: 'ledger entries, written by the product from the flux and settings below',
  CPT_EcritureCompte: 'ledger entries’ accounts, copied from the settings below',
  CPT_EcritureLigne: 'ledger lines, copied from the settings below',
  CPT_Exercice: 'fiscal years’ state',
  CPT_FichierExport: 'the record of files written (format, name from dates, hash)',
  CPT_FluxComptabilise: 'booking fingerprints',
  CPT_ReglementComptabilise: 'booking fingerprints',
  DOC_Contenu: 'stored bytes’ nature, hash and type',
  DOC_DonneeFigee: 'documents’ frozen inputs, copied at issuance from the tables below',
  DOC_TypeDocument: 'reference data (document type slugs)',
  FAC_LotStructure: 'a bulk invoicing’s report (the product’s French reasons)',
  ADR_Departement: 'reference data (départements)',
  FEDE_Role: 'reference data (role slugs the permissions read)',
  FEDE_RoleModule: 'reference data (module slugs the permissions read)',
  FEDE_Saison: 'reference data (season names; documents compute theirs)',
  LIM_ConnexionAdresse: 'login throttling keys',
  LIM_ConnexionCompte: 'login throttling keys',
  LIM_Place: 'process slots',
  MKP_DocumentEmis: 'issued documents’ type, hash and generated name',
  MKP_FluxEmission: 'issued flux, copied at issuance from the flux below',
  MKP_FluxLibelleMot: 'the label word index, kept by triggers',
  MKP_PrelevementSepa: 'SEPA transactions, copied from the RIBs below',
  MKP_Relance: 'reminder letters’ hash and generated name',
  MKP_RelanceFlux: 'invoice numbers the product computes',
  MKP_ReleveCompteEmis: 'issued statements’ number and hashes',
  MKP_Traitement: 'SEPA batches’ type and generated name',
  STR_Affiliation: 'an affiliation’s state (an enumeration)',
  STR_StructureType: 'reference data (structure types)',
  UTI_Login: 'credentials (sign-in e-mail and password hash)',
  UTI_Session: 'sessions (token hashes)',
};

/**
 * Columns of typed tables that are not free text: a shape checked on the way in (IBAN, BIC,
 * SIREN, accounting codes, ISO codes), a path on disk, or an enumeration.
 */
const NOT_FREE_TEXT_COLUMNS: Readonly<Record<string, string>> = {
  'FAC_Lot.Cle': 'an idempotency key checked on the way in (letters, digits, - and _)',
  'ADR_Adresse.Pays': 'an ISO country code (the SEPA structured address)',
  'BQE_EcritureBancaire.Sens': 'an enumeration (credit or debit)',
  'BQE_EcritureBancaire.Statut': 'an enumeration (reconciliation state)',
  'BQE_EcritureBancaire.IbanDebiteur': 'an IBAN',
  'BQE_EcritureBancaire.LotMessageId': 'the id of a SEPA file the product wrote',
  'BQE_EcritureBancaire.LotPaymentInfoId': 'the id of a SEPA file the product wrote',
  'BQE_EcritureBancaire.CodeOperation': 'a bank transaction code',
  'BQE_ReleveBancaire.Compte': 'an IBAN',
  'BQE_ReleveBancaire.Format': 'an enumeration (camt.053, CFONB)',
  'BQE_ReleveBancaire.Devise': 'an ISO currency code',
  'CPT_Compte.Numero': 'an account number checked on the way in (contracts.ts)',
  'CPT_MappingFlux.CompteNumero': 'an account number checked on the way in',
  'CPT_MappingFlux.JournalCode': 'a journal code checked on the way in',
  'CPT_MappingFlux.CodeSection': 'a section code checked on the way in',
  'CPT_Parametres.CompteCollectif': 'an account number checked on the way in',
  'CPT_Parametres.TiersPrefixe': 'digits checked on the way in',
  'CPT_Parametres.TiersCompteFixe': 'an account number checked on the way in',
  'CPT_Parametres.SIREN': 'nine digits checked on the way in',
  'CPT_SectionAnalytique.Code': 'a code checked on the way in',
  'CPT_TypeFacturation.Code': 'a code checked on the way in',
  'DOC_Document.Chemin': 'a path on disk',
  'DOC_Document.TypeMime': 'a MIME type checked against the bytes',
  'MKP_ImportRetour.Sha256': 'a hash',
  'MKP_ImportRetour.Format': 'an enumeration (pain.002, camt.054)',
  'MKP_RetourPrelevement.TypeRetour': 'an enumeration (rejet, retour)',
  'MKP_RetourPrelevement.CodeRaison': 'an ISO 20022 code checked on import',
  'MKP_RetourPrelevement.EndToEndId': 'the id of a SEPA transaction the product wrote',
  'STR_Structure.SIREN': 'nine digits (the documents and Factur-X read its digits only)',
  'STR_StructureRib.IBAN': 'an IBAN (checked by ibantools)',
  'STR_StructureRib.BIC': 'a BIC',
  'STR_StructureRib.MandatRUM':
    'a mandate reference in the SEPA character set (its structure is left out of a SEPA file otherwise)',
};

/** Rows that may no longer change (a trigger refuses it): left as they are. */
const FROZEN_ROWS: Readonly<Record<string, string>> = {
  // Detail lines of an issued flux (R-DOC-01).
  MKP_FluxFinancierDetail: `"ID_FluxFinancier" NOT IN (SELECT "ID_FluxFinancier" FROM "MKP_FluxEmission")`,
  // An issued draft and its lines (R-INV-06).
  FAC_Brouillon: `"ID_FluxFinancier" IS NULL`,
  FAC_BrouillonLigne: `"ID_Brouillon" IN (SELECT id FROM "FAC_Brouillon" WHERE "ID_FluxFinancier" IS NULL)`,
};

export interface TypedTextColumns {
  table: string;
  columns: string[];
  hasId: boolean;
}

const isText = (column: Column) => ['PgText', 'PgVarchar', 'PgChar'].includes(column.columnType);

/** Every text column of the schema a user can set: every typed table's text, less the shapes above. */
function typedTextColumns(): TypedTextColumns[] {
  const typed: TypedTextColumns[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const table = getTableName(value);
    const all = Object.values(getTableColumns(value) as Record<string, Column>);
    const text = all.filter(isText).map((column) => column.name);
    if (text.length === 0 || table in NOT_TYPED_TABLES) continue;
    const columns = text.filter((column) => !(`${table}.${column}` in NOT_FREE_TEXT_COLUMNS));
    if (columns.length > 0) typed.push({ table, columns, hasId: all.some((column) => column.name === 'id') });
  }
  return typed;
}

/**
 * Writes hostile text into every row of every typed text column, straight in SQL (rows written
 * before any rule, or by another system), each row and column taking the texts in turn, with
 * the row's id after them so unique columns stay unique. Returns what was written.
 */
export async function writeHostileText(database: Database): Promise<TypedTextColumns[]> {
  const typed = typedTextColumns();
  for (const { table, columns, hasId } of typed) {
    const key = hasId ? 'id' : 'ctid::text';
    const turn = (offset: number) =>
      hasId ? `(id + ${offset}) % 4` : `((hashtext(ctid::text)::bigint + ${offset}) % 4 + 4) % 4`;
    const sets = columns.map(
      (column, index) => `"${column}" = (ARRAY[$1, $2, $3, $4]::text[])[1 + ${turn(index)}] || ' ' || ${key}`,
    );
    const where = FROZEN_ROWS[table] ? ` WHERE ${FROZEN_ROWS[table]}` : '';
    await database.query(`UPDATE "${table}" SET ${sets.join(', ')}${where}`, [...HOSTILE_TEXTS]);
  }
  return typed;
}
