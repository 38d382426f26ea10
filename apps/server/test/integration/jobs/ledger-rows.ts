import type { Queryable } from '../../../src/db/queryable';

/**
 * A structure's validated ledger as rows to compare between two databases: every entry with
 * its number, dates, texts and lines, and what books each flux and settlement; never the
 * generated ids, which differ once a transaction rolled back.
 */
export async function ledgerRows(db: Queryable, structureId: number): Promise<string[]> {
  const entries = await db.query<{ row: string }>(
    `SELECT concat_ws('|', x."DateDebut", e."JournalCode", e."Numero", e."EcritureNum", e."EcritureDate", e."ID_FluxFinancier",
              e."PieceRef", e."PieceDate", e."Libelle", e."ValidDate", e."EST_Extourne", e."Lettrage", e."DateLettrage",
              e."Empreinte", e."ID_Rapprochement",
              (SELECT string_agg(concat_ws(':', l."Rang", l."CompteNum", l."CompAuxNum", l."Section", l."Debit", l."Credit",
                                           l."EST_Lettree"), ';' ORDER BY l."Rang")
                 FROM "CPT_EcritureLigne" l WHERE l."ID_Ecriture" = e.id)) AS row
       FROM "CPT_Ecriture" e JOIN "CPT_Exercice" x ON x.id = e."ID_Exercice"
      WHERE e."ID_Structure" = $1
      ORDER BY x."DateDebut", e."JournalCode", e."Numero"`,
    [structureId],
  );
  const booked = await db.query<{ row: string }>(
    `SELECT concat_ws('|', 'F', b."ID_FluxFinancier", e."EcritureNum", b."Empreinte") AS row
       FROM "CPT_FluxComptabilise" b JOIN "CPT_Ecriture" e ON e.id = b."ID_Ecriture"
      WHERE b."ID_Structure" = $1
     UNION ALL
     SELECT concat_ws('|', 'R', r."ID_FluxFinancier", e."EcritureNum", r."JourReglement", r."Empreinte")
       FROM "CPT_ReglementComptabilise" r JOIN "CPT_Ecriture" e ON e.id = r."ID_Ecriture"
      WHERE r."ID_Structure" = $1
     ORDER BY 1`,
    [structureId],
  );
  return [...entries, ...booked].map((r) => r.row);
}

/** Numbers per journal and year: 1, 2, 3... without a gap or a repeat (R-LEDG-07). */
export async function numberingGaps(db: Queryable, structureId: number): Promise<number> {
  const [row] = await db.query<{ gaps: number }>(
    `SELECT count(*)::int AS gaps FROM (
       SELECT "Numero", row_number() OVER (PARTITION BY "ID_Exercice", "JournalCode" ORDER BY "Numero") AS rank
         FROM "CPT_Ecriture" WHERE "ID_Structure" = $1) n
      WHERE "Numero" <> rank`,
    [structureId],
  );
  return row!.gaps;
}
