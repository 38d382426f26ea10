CREATE TABLE "MKP_FluxLibelleMot" (
	"Mot" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mkp_flux_libelle_mot_trgm_idx" ON "MKP_FluxLibelleMot" USING gin ("Mot" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mkp_flux_nom_mots_idx" ON "MKP_FluxFinancier" USING gin (string_to_array(lower("NomFluxFinancier"), ' '));--> statement-breakpoint
-- Keeps MKP_FluxLibelleMot holding every word of every flux label. Statement-level with
-- transition tables: one INSERT per statement, so a COPY of millions of flux adds its
-- words in one pass. Concurrent writers of the same new word meet in ON CONFLICT.
CREATE FUNCTION "mkp_flux_libelle_mots_ajout"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "MKP_FluxLibelleMot" ("Mot")
    SELECT DISTINCT mot
      FROM "flux_nouveaux" n
      JOIN "flux_anciens" a ON a.id = n.id AND a."NomFluxFinancier" IS DISTINCT FROM n."NomFluxFinancier",
           unnest(string_to_array(lower(n."NomFluxFinancier"), ' ')) AS mot
     WHERE mot <> ''
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "MKP_FluxLibelleMot" ("Mot")
    SELECT DISTINCT mot
      FROM "flux_nouveaux" n, unnest(string_to_array(lower(n."NomFluxFinancier"), ' ')) AS mot
     WHERE mot <> ''
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mkp_flux_libelle_mots_insert" AFTER INSERT ON "MKP_FluxFinancier"
  REFERENCING NEW TABLE AS "flux_nouveaux"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkp_flux_libelle_mots_ajout"();--> statement-breakpoint
CREATE TRIGGER "mkp_flux_libelle_mots_update" AFTER UPDATE ON "MKP_FluxFinancier"
  REFERENCING OLD TABLE AS "flux_anciens" NEW TABLE AS "flux_nouveaux"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkp_flux_libelle_mots_ajout"();--> statement-breakpoint
INSERT INTO "MKP_FluxLibelleMot" ("Mot")
SELECT DISTINCT mot
  FROM "MKP_FluxFinancier" f, unnest(string_to_array(lower(f."NomFluxFinancier"), ' ')) AS mot
 WHERE mot <> ''
ON CONFLICT DO NOTHING;
