import {
  BANK_STATEMENTS_URL,
  bankEntryUrl,
  buildAccountStatementFromParts,
  HEAD_OFFICE_STRUCTURE_ID,
} from '@gdf/domain';
import { expect } from 'vitest';
import type { Database } from '../../../src/db/database';
import { camt053Xml } from '../support/statement-writer';
import { bearer, type RestContext } from '../rest/rest-context';
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
 * A structure's balance under the account statement's rule at `closingDay` (R-STMT-02): every
 * flux created up to that day and not closed by then (settled, or replaced by its relaunch). The
 * ledger books every settlement (R-BANK-06, R-LEDG-14), so the balance of the structure's
 * third-party account carried to the next year equals it.
 */
export async function statementRuleBalance(
  database: Database,
  structureId: number,
  closingDay: string,
): Promise<number> {
  const period = { from: '2000-01-01', to: closingDay };
  const parts = await loadStatementParts(database, structureId, period);
  return buildAccountStatementFromParts(parts, period, closingDay).closingBalance;
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

/** Imports a camt.053 statement of the head office's account holding these credits (R-BANK-01). */
export async function importCredits(
  context: RestContext,
  token: string,
  statement: {
    id: string;
    fromDate: string;
    toDate: string;
    credits: [reference: string, day: string, cents: number][];
  },
): Promise<void> {
  const [rib] = await context.database.query<{ IBAN: string }>(
    `SELECT "IBAN" FROM "STR_StructureRib" WHERE "ID_Structure" = $1 AND "EST_Valide" ORDER BY id DESC LIMIT 1`,
    [HEAD_OFFICE_STRUCTURE_ID],
  );
  const imported = await context.app.inject({
    method: 'POST',
    url: BANK_STATEMENTS_URL,
    headers: bearer(token, { 'content-type': 'application/xml', 'x-file-name': `${statement.id}.xml` }),
    payload: camt053Xml([
      {
        id: statement.id,
        iban: rib!.IBAN.replace(/\s/g, ''),
        fromDate: statement.fromDate,
        toDate: statement.toDate,
        openingCents: 500_000,
        entries: statement.credits.map(([reference, bookingDate, amountCents]) => ({
          reference,
          bookingDate,
          amountCents,
          direction: 'credit' as const,
          remittance: ['VIREMENT'],
        })),
      },
    ]),
  });
  expect(imported.statusCode, imported.body).toBe(200);
}

/** The URL of the reconciliation of the bank line with this reference. */
export async function reconciliationUrl(database: Database, reference: string): Promise<string> {
  const [row] = await database.query<{ id: number }>(`SELECT id FROM "BQE_EcritureBancaire" WHERE "Reference" = $1`, [
    reference,
  ]);
  return `${bankEntryUrl(row!.id)}/rapprochement`;
}

/** Confirms the reconciliation of a bank line with one part of one flux (R-BANK-04). */
export async function confirmPart(
  context: RestContext,
  token: string,
  reference: string,
  fluxId: number,
  montantCents: number,
): Promise<void> {
  const response = await context.app.inject({
    method: 'POST',
    url: await reconciliationUrl(context.database, reference),
    headers: bearer(token),
    payload: { parts: [{ ID_FluxFinancier: fluxId, montantCents }] },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** 'Valider les écritures' of a fiscal year up to a day (R-LEDG-07): the journals it numbered. */
export async function validateUpTo(
  context: RestContext,
  token: string,
  yearId: number,
  jusquau: string,
): Promise<{ journaux: Record<string, number> }> {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/parametrages-comptables/exercices/${yearId}/validation`,
    headers: bearer(token),
    payload: { jusquau },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { journaux: Record<string, number> };
}
