/**
 * Run by serve.mjs after the first run: open direct debits for the suites that generate SEPA
 * batches, relaunch debits and look at them on every viewport. The demo's debits are collected
 * month after month (the demo data tells a believable story, R-DATA-08), so the small data set of these tests keeps
 * only the few of its last weeks open, which the first batch generated here takes: two more for
 * each structure with a valid mandate (six for club@demo.fr's), one of the season before and
 * the others of the last weeks, their notice old enough to collect them (R-SEPA-11).
 */
import { parisToday, seasonIdForDate } from '@gdf/domain';
import { defaultPgliteDir, openDatabase } from '@gdf/server/seed-api';

const today = parisToday();
const season = seasonIdForDate(new Date(`${today}T12:00:00Z`));
const database = await openDatabase({ dataDir: defaultPgliteDir() });
try {
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
              CASE WHEN k = 1 THEN make_date($2::int - 1, 8, 10)::timestamp
                   ELSE $1::date - 48 + k * 3 END + interval '9 hours' + (t.id % 7) * interval '1 hour' AS created,
              ((t.id * 37 + k * 11) % 40 + 3) * 60 AS amount
         FROM targets t CROSS JOIN LATERAL generate_series(1, CASE WHEN t.id IN (SELECT id FROM demo) THEN 6 ELSE 2 END) k),
     flux AS (
       INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "Z_DateCreation", "MontantHT", "MontantTTC", "EST_Debit",
                                        "ID_CategoryFlux", "ID_Saison", "ID_Structure")
       SELECT 'Prélèvement SEPA licences', created AT TIME ZONE 'UTC', amount, amount, true, 5,
              CASE WHEN k = 1 THEN $2::int - 1 ELSE $2::int END, structure FROM rows
       ORDER BY created, structure
       RETURNING id, "MontantTTC", "Z_DateCreation")
     INSERT INTO "MKP_FluxFinancierDetail" ("ID_FluxFinancier", "NomFluxFinancierDetail", "PrixUnitaire", "Quantite",
                                            "MontantHT", "MontantTTC", "EST_Debit", "Z_DateCreation")
     SELECT id, 'Licences adulte', "MontantTTC", 1, "MontantTTC", "MontantTTC", true, "Z_DateCreation" FROM flux`,
    [today, season],
  );
} finally {
  await database.close();
}
