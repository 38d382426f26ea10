import type { Database } from '../../../src/db/database';

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
