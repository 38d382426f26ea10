import type { BankStatement, BankStatementEntry, BankStatementFormat, Cents, ImportedStatement } from '@gdf/domain';
import { centsToDecimal, HEAD_OFFICE_STRUCTURE_ID, statementAccountIban } from '@gdf/domain';
import type { AuditRow } from '../../db/audit-log';
import type { Queryable } from '../../db/queryable';
import { structureScopeCondition, type RequestScope } from '../scope/scope';
import { SEPA_BATCH_TYPE } from '../exports-sepa/sepa-records';
import { intArray } from '../../db/sql-arrays';

export const STATEMENT_IMPORT_AUDIT_ACTION = 'import_releve_bancaire';
export const RECONCILIATION_AUDIT_ACTION = 'rapprochement_bancaire';
export const RECONCILIATION_UNDO_AUDIT_ACTION = 'annulation_rapprochement_bancaire';

/** The head office's own accounts: its valid RIBs (the SEPA creditor account is added by the caller). */
export async function headOfficeIbans(db: Queryable, headOfficeId: number): Promise<string[]> {
  const rows = await db.query<{ IBAN: string }>(
    `SELECT "IBAN" FROM "STR_StructureRib" WHERE "ID_Structure" = $1 AND "EST_Valide"`,
    [headOfficeId],
  );
  return rows.map((row) => row.IBAN);
}

/** Serialises statement imports (rare): the same statement sent twice at once is recorded once. */
export async function lockStatementImports(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('BQE_ReleveBancaire'))`);
}

export interface NewStatement {
  structureId: number;
  account: string;
  statement: BankStatement;
  fileName: string;
  userId: number;
}

/**
 * One statement of an imported file, recorded for the head office (created, or found again with
 * the same account and identifier), as the import reports it before its entries are added.
 */
export async function saveImportedStatement(
  tx: Queryable,
  statement: BankStatement,
  fileName: string,
  userId: number,
): Promise<ImportedStatement> {
  const saved = await upsertStatement(tx, {
    structureId: HEAD_OFFICE_STRUCTURE_ID,
    account: statementAccountIban(statement.account)!,
    statement,
    fileName,
    userId,
  });
  return {
    id: saved.id,
    identifiant: statement.statementId,
    dateDebut: statement.fromDate,
    dateFin: statement.toDate,
    nouveau: saved.created,
    nbEcritures: statement.entries.length,
    nbEcrituresAjoutees: 0,
  };
}

/** The audit row of one file's import, in one request or as a job (`more` names the job). */
export function statementImportAudit(
  who: { userId: number; structureId: number },
  file: { fileName: string; sha256: string; format: BankStatementFormat },
  releves: ImportedStatement[],
  more: Record<string, unknown> = {},
): AuditRow {
  return {
    ...who,
    action: STATEMENT_IMPORT_AUDIT_ACTION,
    table: 'BQE_ReleveBancaire',
    targetId: releves[0]!.id,
    details: { nomFichier: file.fileName, sha256: file.sha256, format: file.format, releves, ...more },
  };
}

/** The statement's id, and whether this call created it (false: known already). */
export async function upsertStatement(tx: Queryable, input: NewStatement): Promise<{ id: number; created: boolean }> {
  const { statement } = input;
  const [created] = await tx.query<{ id: number }>(
    `INSERT INTO "BQE_ReleveBancaire" ("ID_Structure", "Compte", "Identifiant", "Format", "Devise", "DateDebut",
       "DateFin", "SoldeOuverture", "SoldeCloture", "NomFichier", "ID_Utilisateur")
     VALUES ($1, $2, $3, $4, $5, $6::date, $7::date, $8::numeric, $9::numeric, $10, $11)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      input.structureId,
      input.account,
      statement.statementId,
      statement.format,
      statement.currency,
      statement.fromDate,
      statement.toDate,
      centsToDecimal(statement.openingBalanceCents),
      centsToDecimal(statement.closingBalanceCents),
      input.fileName,
      input.userId,
    ],
  );
  if (created) return { id: created.id, created: true };
  // Known by its id, else by its account and period (one statement per account and date).
  const [known] = await tx.query<{ id: number }>(
    `SELECT id FROM "BQE_ReleveBancaire"
      WHERE "Compte" = $1 AND ("Identifiant" = $2 OR ("DateDebut" = $3::date AND "DateFin" = $4::date))
      ORDER BY ("Identifiant" = $2) DESC LIMIT 1`,
    [input.account, statement.statementId, statement.fromDate, statement.toDate],
  );
  if (!known) throw new Error(`BQE_ReleveBancaire ${statement.statementId} : conflit sans ligne`);
  return { id: known.id, created: false };
}

export async function attachStatementContent(tx: Queryable, statementIds: readonly number[], contentId: number) {
  await tx.query(`UPDATE "BQE_ReleveBancaire" SET "ID_Contenu" = $2 WHERE id = ANY($1::int[])`, [
    intArray(statementIds),
    contentId,
  ]);
}

/** Inserts the entries not known yet (statement + entry reference); returns the ids added. */
export async function insertEntries(
  tx: Queryable,
  statementId: number,
  entries: readonly BankStatementEntry[],
  /** The first entry's rank in its statement: a large import writes its entries a slice at a time. */
  firstRank = 1,
): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = entries.map((entry, index) => ({
    rang: firstRank + index,
    reference: entry.entryReference,
    dateComptable: entry.bookingDate,
    dateValeur: entry.valueDate,
    montant: centsToDecimal(entry.amountCents),
    sens: entry.direction,
    statut: entry.status,
    libelle: entry.label,
    infos: entry.remittanceInfo,
    e2e: entry.endToEndIds,
    nom: entry.debtorName,
    iban: entry.debtorIban,
    msg: entry.batch?.messageId ?? null,
    pmt: entry.batch?.paymentInformationId ?? null,
    code: entry.bankTransactionCode,
  }));
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO "BQE_EcritureBancaire" ("ID_ReleveBancaire", "Rang", "Reference", "DateComptable", "DateValeur",
       "Montant", "Sens", "Statut", "Libelle", "InfosRemise", "EndToEndIds", "NomDebiteur", "IbanDebiteur",
       "LotMessageId", "LotPaymentInfoId", "CodeOperation")
     SELECT $1::integer, x.rang, x.reference, x."dateComptable"::date, x."dateValeur"::date, x.montant::numeric,
            x.sens, x.statut, x.libelle, x.infos, x.e2e, x.nom, x.iban, x.msg, x.pmt, x.code
       FROM jsonb_to_recordset($2::jsonb) AS x(rang integer, reference text, "dateComptable" text, "dateValeur" text,
            montant text, sens text, statut text, libelle text, infos text[], e2e text[], nom text, iban text,
            msg text, pmt text, code text)
     ON CONFLICT ("ID_ReleveBancaire", "Reference") DO NOTHING
     RETURNING id`,
    [statementId, JSON.stringify(rows)],
  );
  return inserted.map((row) => row.id);
}

/** Cents of flux `f` already given by active reconciliations (what it owes is its amount less this). */
const PAID_CENTS_SQL = `coalesce((
  SELECT sum(rf."Montant" * 100)::bigint FROM "BQE_RapprochementFlux" rf
    JOIN "BQE_Rapprochement" ra ON ra.id = rf."ID_Rapprochement" AND ra."DateAnnulation" IS NULL
   WHERE rf."ID_FluxFinancier" = f.id), 0)`;

/** A stored entry, as matching and the screens read it. */
export interface EntryRow {
  id: number;
  statementId: number;
  reference: string;
  bookingDate: string;
  valueDate: string | null;
  cents: string;
  direction: 'credit' | 'debit';
  status: string | null;
  label: string | null;
  remittanceInfo: string[];
  endToEndIds: string[];
  debtorName: string | null;
  debtorIban: string | null;
  messageId: string | null;
  paymentInfoId: string | null;
  reconciliationId: number | null;
}

const ENTRY_COLUMNS = `e.id, e."ID_ReleveBancaire" AS "statementId", e."Reference" AS reference,
  e."DateComptable"::text AS "bookingDate", e."DateValeur"::text AS "valueDate",
  (e."Montant" * 100)::bigint::text AS cents, e."Sens" AS direction, e."Statut" AS status, e."Libelle" AS label,
  e."InfosRemise" AS "remittanceInfo", e."EndToEndIds" AS "endToEndIds", e."NomDebiteur" AS "debtorName",
  e."IbanDebiteur" AS "debtorIban", e."LotMessageId" AS "messageId", e."LotPaymentInfoId" AS "paymentInfoId",
  ra.id AS "reconciliationId"`;

const ACTIVE_RECONCILIATION = `LEFT JOIN "BQE_Rapprochement" ra ON ra."ID_EcritureBancaire" = e.id AND ra."DateAnnulation" IS NULL`;

/** A booked credit (camt.053 BOOK, or CFONB 120 whose entries are all booked). */
export const BOOKED_CREDIT = `e."Sens" = 'credit' AND coalesce(e."Statut", 'BOOK') = 'BOOK'`;

export async function entriesByIds(db: Queryable, ids: readonly number[]): Promise<EntryRow[]> {
  if (ids.length === 0) return [];
  return db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM "BQE_EcritureBancaire" e ${ACTIVE_RECONCILIATION}
      WHERE e.id = ANY($1::int[]) ORDER BY e."ID_ReleveBancaire", e."Rang"`,
    [intArray(ids)],
  );
}

export type EntryFilterSql = 'a_traiter' | 'rapprochees' | 'toutes';

export async function entriesOfStatement(
  db: Queryable,
  statementId: number,
  filter: EntryFilterSql,
  page: { limit: number; offset: number },
): Promise<{ rows: EntryRow[]; total: number }> {
  const where =
    filter === 'a_traiter'
      ? `AND ${BOOKED_CREDIT} AND ra.id IS NULL`
      : filter === 'rapprochees'
        ? 'AND ra.id IS NOT NULL'
        : '';
  const rows = await db.query<EntryRow & { total: string }>(
    `SELECT ${ENTRY_COLUMNS}, count(*) OVER () AS total FROM "BQE_EcritureBancaire" e ${ACTIVE_RECONCILIATION}
      WHERE e."ID_ReleveBancaire" = $1 ${where} ORDER BY e."Rang" LIMIT $2 OFFSET $3`,
    [statementId, page.limit, page.offset],
  );
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/**
 * Locks one entry of the head office's statements for a reconciliation change, then reads it
 * with its active reconciliation in a second statement: under READ COMMITTED that statement
 * sees what a concurrent change committed while this one waited for the lock.
 */
export async function lockEntry(tx: Queryable, entryId: number, structureId: number): Promise<EntryRow | null> {
  const locked = await tx.query<{ id: number }>(
    `SELECT e.id FROM "BQE_EcritureBancaire" e
       JOIN "BQE_ReleveBancaire" r ON r.id = e."ID_ReleveBancaire" AND r."ID_Structure" = $2
      WHERE e.id = $1 FOR UPDATE OF e`,
    [entryId, structureId],
  );
  if (locked.length === 0) return null;
  const [row] = await entriesByIds(tx, [entryId]);
  return row ?? null;
}

export interface StatementRow {
  id: number;
  format: string;
  identifiant: string;
  compte: string;
  dateDebut: string;
  dateFin: string;
  opening: string;
  closing: string;
  nomFichier: string;
  dateImport: Date | string;
  nbEcritures: string;
  nbRapprochees: string;
  nbATraiter: string;
}

export async function statementsOf(db: Queryable, structureId: number, statementId?: number): Promise<StatementRow[]> {
  const params: unknown[] = [structureId];
  const one = statementId === undefined ? '' : `AND r.id = $${params.push(statementId)}`;
  return db.query<StatementRow>(
    `SELECT r.id, r."Format" AS format, r."Identifiant" AS identifiant, r."Compte" AS compte,
            r."DateDebut"::text AS "dateDebut", r."DateFin"::text AS "dateFin",
            (r."SoldeOuverture" * 100)::bigint::text AS opening, (r."SoldeCloture" * 100)::bigint::text AS closing,
            r."NomFichier" AS "nomFichier", r."Z_DateCreation" AS "dateImport",
            count(e.id) AS "nbEcritures",
            count(e.id) FILTER (WHERE ra.id IS NOT NULL) AS "nbRapprochees",
            count(e.id) FILTER (WHERE ${BOOKED_CREDIT} AND ra.id IS NULL) AS "nbATraiter"
       FROM "BQE_ReleveBancaire" r
       LEFT JOIN "BQE_EcritureBancaire" e ON e."ID_ReleveBancaire" = r.id
       ${ACTIVE_RECONCILIATION}
      WHERE r."ID_Structure" = $1 ${one}
      GROUP BY r.id ORDER BY r."DateFin" DESC, r.id DESC LIMIT 500`,
    params,
  );
}

/** An open flux as matching and the screens read it. */
export interface OpenFluxRow {
  id: number;
  seasonId: number;
  structureId: number;
  structureName: string;
  label: string;
  cents: string;
  dueCents: string;
  batchId: number | null;
  rejected: boolean;
  createdDay: string;
  /** The licensee the flux bills (R-BANK-09 (c)), null when it bills no one. */
  licenseeLastName: string | null;
  licenseeFirstName: string | null;
  licence: number | null;
}

/**
 * Open flux: debits (what a structure owes the head office) neither settled nor relaunched
 * (the relaunch carries the claim), within the caller's scope, with what they still owe
 * after the parts of active reconciliations.
 */
export async function openFlux(
  db: Queryable,
  scope: RequestScope,
  condition: (params: unknown[]) => string,
  options: { lock?: boolean; limit?: number } = {},
): Promise<OpenFluxRow[]> {
  const params: unknown[] = [SEPA_BATCH_TYPE];
  const where = condition(params);
  const inScope = structureScopeCondition(scope, 'f."ID_Structure"', params);
  const limit = options.limit === undefined ? '' : `LIMIT ${Math.trunc(options.limit)}`;
  return db.query<OpenFluxRow>(
    `SELECT f.id, f."ID_Saison" AS "seasonId", f."ID_Structure" AS "structureId", s."NomStructure" AS "structureName",
            f."NomFluxFinancier" AS label, (f."MontantTTC" * 100)::bigint::text AS cents,
            ((f."MontantTTC" * 100)::bigint - ${PAID_CENTS_SQL})::text AS "dueCents",
            t.id AS "batchId", EXISTS (SELECT 1 FROM "MKP_RetourPrelevement" rp WHERE rp."ID_FluxFinancier" = f.id) AS rejected,
            to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS "createdDay",
            u."CT_Nom" AS "licenseeLastName", u."CT_Prenom" AS "licenseeFirstName", u."LicenceNumero" AS licence
       FROM "MKP_FluxFinancier" f
       JOIN "STR_Structure" s ON s.id = f."ID_Structure"
       LEFT JOIN "MKP_Traitement" t ON t.id = f."ID_Traitement" AND t."TypeTraitement" = $1
       LEFT JOIN "UTI_Utilisateur" u ON u.id = f."ID_Utilisateur"
      WHERE f."EST_Debit" AND NOT f."EST_Reglement" AND f."ID_FluxFinancierRelance" IS NULL
        AND (${where}) AND ${inScope}
      ORDER BY f.id ${limit} ${options.lock ? 'FOR UPDATE OF f' : ''}`,
    params,
  );
}

/**
 * R-BANK-09 (a): the structures these IBANs designate (compared without spaces, upper case):
 * a RIB of theirs, the account of one of their SEPA mandates (the direct debits written), and
 * the structures of the flux that earlier entries from the same IBAN were reconciled with.
 */
export async function structuresByIban(
  db: Queryable,
  ibans: readonly string[],
): Promise<{ iban: string; structureId: number }[]> {
  if (ibans.length === 0) return [];
  return db.query<{ iban: string; structureId: number }>(
    `SELECT upper(replace("IBAN", ' ', '')) AS iban, "ID_Structure" AS "structureId"
       FROM "STR_StructureRib" WHERE upper(replace("IBAN", ' ', '')) = ANY($1::text[])
     UNION
     SELECT upper(replace("IBAN", ' ', '')), "ID_Structure"
       FROM "MKP_PrelevementSepa" WHERE upper(replace("IBAN", ' ', '')) = ANY($1::text[])
     UNION
     SELECT upper(replace(e."IbanDebiteur", ' ', '')), f."ID_Structure"
       FROM "BQE_EcritureBancaire" e
       JOIN "BQE_Rapprochement" ra ON ra."ID_EcritureBancaire" = e.id AND ra."DateAnnulation" IS NULL
       JOIN "BQE_RapprochementFlux" rf ON rf."ID_Rapprochement" = ra.id
       JOIN "MKP_FluxFinancier" f ON f.id = rf."ID_FluxFinancier"
      WHERE upper(replace(e."IbanDebiteur", ' ', '')) = ANY($1::text[])`,
    [`{${ibans.map((iban) => `"${iban.replace(/[^A-Z0-9]/g, '')}"`).join(',')}}`],
  );
}

/** The names of the structures in scope, for the payer's name (R-BANK-09 (b)). */
export async function structureNames(db: Queryable, scope: RequestScope): Promise<{ id: number; name: string }[]> {
  const params: unknown[] = [];
  const inScope = structureScopeCondition(scope, 's.id', params);
  return db.query<{ id: number; name: string }>(
    `SELECT s.id, s."NomStructure" AS name FROM "STR_Structure" s WHERE ${inScope}`,
    params,
  );
}

/** The structure and season of flux in scope, settled or not (what a reference names). */
export async function structuresOfFlux(
  db: Queryable,
  scope: RequestScope,
  ids: readonly number[],
): Promise<{ id: number; structureId: number; seasonId: number }[]> {
  if (ids.length === 0) return [];
  const params: unknown[] = [intArray(ids)];
  const inScope = structureScopeCondition(scope, 'f."ID_Structure"', params);
  return db.query<{ id: number; structureId: number; seasonId: number }>(
    `SELECT f.id, f."ID_Structure" AS "structureId", f."ID_Saison" AS "seasonId"
       FROM "MKP_FluxFinancier" f WHERE f.id = ANY($1::int[]) AND ${inScope}`,
    params,
  );
}

/**
 * R-BANK-11: the debits of the structure's statements that name one of these SEPA batches
 * (their batch MsgId or PmtInfId, label or remittance lines quote GDF-SEPA-<batch>): the bank's
 * debit of a batch's rejects. The caller reads which batch each names.
 */
export async function batchDebits(
  db: Queryable,
  structureId: number,
  batchIds: readonly number[],
): Promise<EntryRow[]> {
  if (batchIds.length === 0) return [];
  const pattern = `GDF-SEPA-(${batchIds.map((id) => Math.trunc(id)).join('|')})([^0-9]|$)`;
  return db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM "BQE_EcritureBancaire" e
       JOIN "BQE_ReleveBancaire" r ON r.id = e."ID_ReleveBancaire" AND r."ID_Structure" = $1
       ${ACTIVE_RECONCILIATION}
      WHERE e."Sens" = 'debit' AND coalesce(e."Statut", 'BOOK') = 'BOOK'
        AND concat_ws(' ', e."LotMessageId", e."LotPaymentInfoId", e."Libelle", array_to_string(e."InfosRemise", ' ')) ~* $2
      ORDER BY e."DateComptable", e.id`,
    [structureId, pattern],
  );
}

export interface NewReconciliation {
  entryId: number;
  userId: number;
  parts: { fluxId: number; amountCents: Cents; settles: boolean }[];
}

export async function insertReconciliation(tx: Queryable, input: NewReconciliation): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO "BQE_Rapprochement" ("ID_EcritureBancaire", "ID_Utilisateur") VALUES ($1, $2) RETURNING id`,
    [input.entryId, input.userId],
  );
  if (!row) throw new Error('BQE_Rapprochement : insertion sans ligne');
  await tx.query(
    `INSERT INTO "BQE_RapprochementFlux" ("ID_Rapprochement", "ID_FluxFinancier", "Montant", "EST_Regle")
     SELECT $1::integer, x."fluxId", x.montant::numeric, x.settles
       FROM jsonb_to_recordset($2::jsonb) AS x("fluxId" integer, montant text, settles boolean)`,
    [
      row.id,
      JSON.stringify(
        input.parts.map((part) => ({
          fluxId: part.fluxId,
          montant: centsToDecimal(part.amountCents),
          settles: part.settles,
        })),
      ),
    ],
  );
  return row.id;
}

/** Settles flux from a bank entry: the paid flag, the bank's booking day, the entry. */
export async function settleFlux(
  tx: Queryable,
  fluxIds: readonly number[],
  entry: { id: number; bookingDate: string },
): Promise<number[]> {
  if (fluxIds.length === 0) return [];
  const rows = await tx.query<{ id: number }>(
    `UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true, "DateReglement" = $2::date, "ID_EcritureBancaire" = $3
      WHERE id = ANY($1::int[]) AND NOT "EST_Reglement" RETURNING id`,
    [intArray(fluxIds), entry.bookingDate, entry.id],
  );
  return rows.map((row) => row.id);
}

export interface ReconciliationPartRow {
  reconciliationId: number;
  entryId: number;
  fluxId: number;
  cents: string;
  settled: boolean;
  date: Date | string;
  userName: string | null;
}

/** The parts of the active reconciliations of these entries. */
export async function activeReconciliationParts(
  db: Queryable,
  entryIds: readonly number[],
): Promise<ReconciliationPartRow[]> {
  if (entryIds.length === 0) return [];
  return db.query<ReconciliationPartRow>(
    `SELECT ra.id AS "reconciliationId", ra."ID_EcritureBancaire" AS "entryId", rf."ID_FluxFinancier" AS "fluxId",
            (rf."Montant" * 100)::bigint::text AS cents, rf."EST_Regle" AS settled, ra."Z_DateCreation" AS date,
            nullif(trim(concat_ws(' ', u."CT_Prenom", u."CT_Nom")), '') AS "userName"
       FROM "BQE_Rapprochement" ra
       JOIN "BQE_RapprochementFlux" rf ON rf."ID_Rapprochement" = ra.id
       LEFT JOIN "UTI_Utilisateur" u ON u.id = ra."ID_Utilisateur"
      WHERE ra."ID_EcritureBancaire" = ANY($1::int[]) AND ra."DateAnnulation" IS NULL
      ORDER BY ra.id, rf."ID_FluxFinancier"`,
    [intArray(entryIds)],
  );
}

export async function cancelReconciliation(tx: Queryable, reconciliationId: number, userId: number): Promise<void> {
  await tx.query(
    `UPDATE "BQE_Rapprochement" SET "DateAnnulation" = now(), "ID_UtilisateurAnnulation" = $2
      WHERE id = $1 AND "DateAnnulation" IS NULL`,
    [reconciliationId, userId],
  );
}

/**
 * After an undo: the flux a bank reconciliation had settled whose remaining active parts no
 * longer reach their amount are unsettled (the trigger clears their day and entry). Flux
 * marked paid by hand (no bank entry) stay as they are.
 */
export async function unsettleUncovered(tx: Queryable, fluxIds: readonly number[]): Promise<number[]> {
  if (fluxIds.length === 0) return [];
  const rows = await tx.query<{ id: number }>(
    `UPDATE "MKP_FluxFinancier" f SET "EST_Reglement" = false
      WHERE f.id = ANY($1::int[]) AND f."EST_Reglement" AND f."ID_EcritureBancaire" IS NOT NULL
        AND (f."MontantTTC" * 100)::bigint > ${PAID_CENTS_SQL}
      RETURNING f.id`,
    [intArray(fluxIds)],
  );
  return rows.map((row) => row.id);
}

/** Facts of any flux (settled ones included), for reconciliations already confirmed. */
export type FluxFacts = Omit<
  OpenFluxRow,
  'batchId' | 'rejected' | 'licenseeLastName' | 'licenseeFirstName' | 'licence'
>;

export async function fluxFacts(
  db: Queryable,
  scope: RequestScope,
  ids: readonly number[],
): Promise<Map<number, FluxFacts>> {
  const params: unknown[] = [intArray(ids)];
  const inScope = structureScopeCondition(scope, 'f."ID_Structure"', params);
  const rows = await db.query<FluxFacts>(
    `SELECT f.id, f."ID_Saison" AS "seasonId", f."ID_Structure" AS "structureId", s."NomStructure" AS "structureName",
            f."NomFluxFinancier" AS label, (f."MontantTTC" * 100)::bigint::text AS cents,
            CASE WHEN f."EST_Reglement" THEN '0' ELSE ((f."MontantTTC" * 100)::bigint - ${PAID_CENTS_SQL})::text END AS "dueCents",
            to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS "createdDay"
       FROM "MKP_FluxFinancier" f JOIN "STR_Structure" s ON s.id = f."ID_Structure"
      WHERE f.id = ANY($1::int[]) AND ${inScope}`,
    params,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Locks flux, in id order, before what covers them changes. */
export async function lockFlux(tx: Queryable, fluxIds: readonly number[]): Promise<void> {
  await tx.query(`SELECT id FROM "MKP_FluxFinancier" WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`, [
    intArray(fluxIds),
  ]);
}
