CREATE TABLE "MKP_FluxLibelleMot" (
	"Mot" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mkp_flux_libelle_mot_trgm_idx" ON "MKP_FluxLibelleMot" USING gin ("Mot" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mkp_flux_nom_mots_idx" ON "MKP_FluxFinancier" USING gin (string_to_array(lower("NomFluxFinancier"), ' '));--> statement-breakpoint
-- Keeps MKP_FluxLibelleMot holding every word of every flux label.
-- Inserts: statement-level with a transition table, so a COPY of millions of flux adds its
-- words in one statement. Label updates (rare): row-level, only when the label changed, so
-- the many updates of other columns (settlement, SEPA batch) cost nothing.
-- A new word's row stays locked until its transaction ends: concurrent writers of the same
-- new word wait for it in ON CONFLICT, and words are inserted in one order (ORDER BY) so
-- two statements never take them in opposite orders.
CREATE FUNCTION "mkp_flux_libelle_mots_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "MKP_FluxLibelleMot" ("Mot")
  SELECT DISTINCT mot
    FROM "flux_nouveaux" n, unnest(string_to_array(lower(n."NomFluxFinancier"), ' ')) AS mot
   WHERE mot <> ''
   ORDER BY mot
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "mkp_flux_libelle_mots_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "MKP_FluxLibelleMot" ("Mot")
  SELECT DISTINCT mot
    FROM unnest(string_to_array(lower(NEW."NomFluxFinancier"), ' ')) AS mot
   WHERE mot <> ''
   ORDER BY mot
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mkp_flux_libelle_mots_insert" AFTER INSERT ON "MKP_FluxFinancier"
  REFERENCING NEW TABLE AS "flux_nouveaux"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkp_flux_libelle_mots_insert"();--> statement-breakpoint
CREATE TRIGGER "mkp_flux_libelle_mots_update" AFTER UPDATE OF "NomFluxFinancier" ON "MKP_FluxFinancier"
  FOR EACH ROW WHEN (OLD."NomFluxFinancier" IS DISTINCT FROM NEW."NomFluxFinancier")
  EXECUTE FUNCTION "mkp_flux_libelle_mots_update"();--> statement-breakpoint
INSERT INTO "MKP_FluxLibelleMot" ("Mot")
SELECT DISTINCT mot
  FROM "MKP_FluxFinancier" f, unnest(string_to_array(lower(f."NomFluxFinancier"), ' ')) AS mot
 WHERE mot <> ''
ON CONFLICT DO NOTHING;
