import type { BankStatement, BankStatementEntry, BankStatementFormat, ImportedStatement } from '@gdf/domain';
import { centsToDecimal, HEAD_OFFICE_STRUCTURE_ID, statementAccountIban } from '@gdf/domain';
import type { AuditRow } from '../../db/audit-log';
import { CONTENT_NATURE } from '../../db/content-store';
import type { Queryable } from '../../db/queryable';
import { intArray } from '../../db/sql-arrays';

const STATEMENT_IMPORT_AUDIT_ACTION = 'import_releve_bancaire';

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

interface NewStatement {
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
async function upsertStatement(tx: Queryable, input: NewStatement): Promise<{ id: number; created: boolean }> {
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

/** A queued import's stored file when it created no statement (R-BANK-01). */
export async function discardStatementFile(tx: Queryable, contentId: number): Promise<void> {
  await tx.query(`DELETE FROM "DOC_Contenu" WHERE id = $1 AND "Nature" = $2`, [
    contentId,
    CONTENT_NATURE.bankStatement,
  ]);
}

/** The stored file of an import that could not be queued. */
export async function deleteStoredFile(db: Pick<Queryable, 'query'>, contentId: number): Promise<void> {
  await db.query(`DELETE FROM "DOC_Contenu" WHERE id = $1`, [contentId]);
}
