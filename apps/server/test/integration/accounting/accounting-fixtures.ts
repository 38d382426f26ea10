import { buildAccountStatementFromParts, fluxClosingDay } from '@gdf/domain';
import type { Database } from '../../../src/db/database';
import { loadStatementParts } from '../../../src/modules/account-statement/account-statement.repository';

/** A fixed period, after every seeded flux (seeded dates stop at TEST_TODAY, 2026). */
export const PERIOD = { from: '2030-01-01', to: '2030-01-31' };

export interface FixtureFlux {
  structureId: number;
  label: string;
  amount: string;
  isDebit: boolean;
  category: number;
  date: string;
}

/** Inserts flux with fixed ids (900001...) so golden files do not depend on the seed. */
export async function insertFlux(database: Database, flux: readonly FixtureFlux[], firstOffset = 0): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, f] of flux.entries()) {
    const id = 900_001 + firstOffset + index;
    await database.query(
      `INSERT INTO "MKP_FluxFinancier" (id, "NomFluxFinancier", "Z_DateCreation", "MontantHT", "MontantTTC", "EST_Debit",
         "ID_CategoryFlux", "ID_Saison", "ID_Structure")
       VALUES ($1, $2, ($3::date + time '10:00') AT TIME ZONE 'Europe/Paris', $4, $4, $5, $6, 2027, $7)`,
      [id, f.label, f.date, f.amount, f.isDebit, f.category, f.structureId],
    );
    ids.push(id);
  }
  return ids;
}

/** Latin-9 bytes to text, with the platform's own decoder. */
export const decodeLatin9 = (bytes: Buffer) => new TextDecoder('iso-8859-15').decode(bytes);

/**
 * A structure's balance under the account statement's rule at `closingDay` (R-STMT-02), and the
 * part of it the ledger cannot hold: the flux that rule closes by a settlement on or before that
 * day which no bank reconciliation booked in `booksId`'s ledger (R-BANK-06 books only those).
 * The ledger's balance of the structure's third-party account is rule + settledOutsideLedger.
 */
export async function statementRuleBalance(
  database: Database,
  booksId: number,
  structureId: number,
  closingDay: string,
): Promise<{ rule: number; settledOutsideLedger: number }> {
  const period = { from: '2000-01-01', to: closingDay };
  const parts = await loadStatementParts(database, structureId, period);
  const rule = buildAccountStatementFromParts(parts, period, closingDay).closingBalance;
  const reconciled = await database.query<{ fluxId: number }>(
    `SELECT DISTINCT e."ID_FluxFinancier" AS "fluxId" FROM "CPT_Ecriture" e
      WHERE e."ID_Structure" = $1 AND e."ID_Rapprochement" IS NOT NULL AND e."EcritureDate" <= $2`,
    [booksId, closingDay],
  );
  const bank = new Set(reconciled.map((r) => r.fluxId));
  const settledOutsideLedger = parts.periodFlux
    .filter((f) => f.settled && !bank.has(f.id) && (fluxClosingDay(f) ?? '9999-12-31') <= closingDay)
    .reduce((sum, f) => sum + (f.isDebit ? f.amountTTC : -f.amountTTC), 0);
  return { rule, settledOutsideLedger };
}

/** The balance (debit − credit, cents) of each auxiliary account in a fiscal year's opening entry. */
export async function openingBalances(
  database: Database,
  booksId: number,
  yearStart: string,
): Promise<Map<string, number>> {
  const rows = await database.query<{ aux: string; balance: string }>(
    `SELECT l."CompAuxNum" AS aux, (l."Debit" - l."Credit")::text AS balance
       FROM "CPT_Ecriture" e JOIN "CPT_Exercice" x ON x.id = e."ID_Exercice"
       JOIN "CPT_EcritureLigne" l ON l."ID_Ecriture" = e.id
      WHERE e."ID_Structure" = $1 AND e."JournalCode" = 'AN' AND x."DateDebut" = $2 AND l."CompAuxNum" IS NOT NULL`,
    [booksId, yearStart],
  );
  return new Map(rows.map((row) => [row.aux, Number(row.balance)]));
}
