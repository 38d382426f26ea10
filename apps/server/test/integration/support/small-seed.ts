import type { Database } from '../../../src/db/database';
import { seedDemoData } from '@gdf/seed';

/** A fixed "today" so seeded data (and so assertions) never depend on the clock. */
export const TEST_TODAY = new Date('2026-11-21T10:00:00Z');

/**
 * The demo data every integration suite starts from: 1,500 flux, small scale, TEST_TODAY;
 * then open direct debits to collect (addOpenDirectDebits).
 */
export async function seedSmallData(database: Database): Promise<void> {
  await seedDemoData(database, { flux: 1_500, scale: 'small', today: TEST_TODAY });
  await addOpenDirectDebits(database);
}

/**
 * The demo's debits are collected month after month (the demo data tells a believable story, R-DATA-08), so 1,500
 * flux leave only the few of the last weeks open, where the SEPA, return and relaunch suites
 * need a stock of them: two debits for each structure with a valid mandate (six for
 * club@demo.fr's), one of August (the season before) and the others of October, not in a batch, their notice old enough to collect them
 * (R-SEPA-11), each with its one detail line.
 */
async function addOpenDirectDebits(database: Database): Promise<void> {
  await database.query(
    `WITH demo AS (
       SELECT m."ID_Structure" AS id FROM "UTI_Login" l
         JOIN "STR_StructureUtilisateur" m ON m."ID_Utilisateur" = l."ID_Utilisateur"
        WHERE l."Email" = 'club@demo.fr'),
     targets AS (
       SELECT DISTINCT r."ID_Structure" AS id FROM "STR_StructureRib" r
         JOIN "STR_Structure" s ON s.id = r."ID_Structure"
        WHERE r."EST_Valide" AND r."MandatRUM" IS NOT NULL AND s."ID_Federation" = 1318 AND NOT s."EST_Bloquee"),
     rows AS (
       SELECT t.id AS structure, k,
              -- The first one of the season before (an older debit the batches left out).
              CASE WHEN k = 1 THEN timestamptz '2026-08-10 09:00:00+00'
                   ELSE timestamptz '2026-10-20 09:00:00+00' + (k * interval '3 days') END
                + (t.id % 7) * interval '1 hour' AS created,
              ((t.id * 37 + k * 11) % 40 + 3) * 60 AS amount
         FROM targets t CROSS JOIN LATERAL generate_series(1, CASE WHEN t.id IN (SELECT id FROM demo) THEN 6 ELSE 2 END) k),
     flux AS (
       INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "Z_DateCreation", "MontantHT", "MontantTTC", "EST_Debit",
                                        "ID_CategoryFlux", "ID_Saison", "ID_Structure")
       SELECT CASE WHEN k = 1 THEN 'Prélèvement SEPA licences août 2026' ELSE 'Prélèvement SEPA licences octobre 2026' END,
              created, amount, amount, true, 5, CASE WHEN k = 1 THEN 2026 ELSE 2027 END, structure FROM rows
       ORDER BY created, structure
       RETURNING id, "MontantTTC", "Z_DateCreation")
     INSERT INTO "MKP_FluxFinancierDetail" ("ID_FluxFinancier", "NomFluxFinancierDetail", "PrixUnitaire", "Quantite",
                                            "MontantHT", "MontantTTC", "EST_Debit", "Z_DateCreation")
     SELECT id, 'Licences adulte', "MontantTTC", 1, "MontantTTC", "MontantTTC", true, "Z_DateCreation" FROM flux`,
  );
}
