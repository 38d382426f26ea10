CREATE TABLE "STA_FluxJour" (
	"ID_Saison" integer NOT NULL,
	"ID_Structure" integer NOT NULL,
	"ID_CategoryFlux" integer NOT NULL,
	"Jour" date NOT NULL,
	"Facture" numeric(16, 2) DEFAULT '0' NOT NULL,
	"Regle" numeric(16, 2) DEFAULT '0' NOT NULL,
	"Avoirs" numeric(16, 2) DEFAULT '0' NOT NULL,
	"Nombre" integer DEFAULT 0 NOT NULL,
	"JoursReglement" bigint DEFAULT 0 NOT NULL,
	"NombreRegles" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "STA_FluxJour_ID_Saison_ID_Structure_ID_CategoryFlux_Jour_pk" PRIMARY KEY("ID_Saison","ID_Structure","ID_CategoryFlux","Jour")
);
--> statement-breakpoint
CREATE TABLE "STA_RejetJour" (
	"ID_Saison" integer NOT NULL,
	"ID_Structure" integer NOT NULL,
	"ID_CategoryFlux" integer NOT NULL,
	"Jour" date NOT NULL,
	"CodeRaison" text NOT NULL,
	"Banque" text NOT NULL,
	"Nombre" integer DEFAULT 0 NOT NULL,
	"Montant" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "STA_RejetJour_ID_Saison_ID_Structure_ID_CategoryFlux_Jour_CodeRaison_Banque_pk" PRIMARY KEY("ID_Saison","ID_Structure","ID_CategoryFlux","Jour","CodeRaison","Banque")
);
--> statement-breakpoint
-- R-STAT-07: the statistics' aggregates are kept in the transaction of every write that can
-- change them (whatever the path: the API, a job, a seed's bulk load), by adding each flux's
-- contribution after the write and taking away the one before. `sta_reconstruire()` computes
-- them again from the flux alone; a test holds the two equal on random histories.
CREATE FUNCTION "sta_parts"(flux integer) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(rf."Montant"), 0) FROM "BQE_RapprochementFlux" rf
    JOIN "BQE_Rapprochement" ra ON ra.id = rf."ID_Rapprochement" AND ra."DateAnnulation" IS NULL
   WHERE rf."ID_FluxFinancier" = flux
$$;
--> statement-breakpoint
-- R-BAL-03 'Total réglé' of one flux: all of a settled debit, else its confirmed parts within its amount.
CREATE FUNCTION "sta_contribution"(p_flux integer, p_saison integer, p_structure integer, p_categorie integer,
    p_creation timestamptz, p_debit boolean, p_regle boolean, p_ttc numeric, p_reglement date, p_sens integer)
  RETURNS TABLE (saison integer, structure integer, categorie integer, jour date, facture numeric, regle numeric,
    avoirs numeric, nombre integer, jours bigint, regles integer)
  LANGUAGE sql STABLE AS $$
  SELECT p_saison, p_structure, p_categorie, (p_creation AT TIME ZONE 'Europe/Paris')::date,
    p_sens * CASE WHEN p_debit THEN p_ttc ELSE 0 END,
    p_sens * CASE WHEN NOT p_debit THEN 0 WHEN p_regle THEN p_ttc ELSE LEAST(p_ttc, "sta_parts"(p_flux)) END,
    p_sens * CASE WHEN p_debit THEN 0 ELSE p_ttc END,
    p_sens,
    (p_sens * CASE WHEN p_debit AND p_regle AND p_reglement IS NOT NULL
      THEN GREATEST(0, p_reglement - (p_creation AT TIME ZONE 'Europe/Paris')::date) ELSE 0 END)::bigint,
    p_sens * CASE WHEN p_debit AND p_regle AND p_reglement IS NOT NULL THEN 1 ELSE 0 END
$$;
--> statement-breakpoint
-- The bank a rejected debit was presented to: the bank code of the BIC of its presentation.
CREATE FUNCTION "sta_banque"(flux integer, e2e text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT upper(left(ps."BIC", 4)) FROM "MKP_PrelevementSepa" ps
     WHERE ps."ID_FluxFinancier" = flux AND ps."EndToEndId" = e2e AND ps."BIC" IS NOT NULL
     ORDER BY ps.id DESC LIMIT 1), '')
$$;
--> statement-breakpoint
CREATE FUNCTION "sta_ajouter_flux"(saison integer, structure integer, categorie integer, jour date, facture numeric,
    regle numeric, avoirs numeric, nombre integer, jours bigint, regles integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "STA_FluxJour" AS a ("ID_Saison", "ID_Structure", "ID_CategoryFlux", "Jour", "Facture", "Regle", "Avoirs",
      "Nombre", "JoursReglement", "NombreRegles")
  VALUES (saison, structure, categorie, jour, facture, regle, avoirs, nombre, jours, regles)
  ON CONFLICT ("ID_Saison", "ID_Structure", "ID_CategoryFlux", "Jour") DO UPDATE SET
    "Facture" = a."Facture" + EXCLUDED."Facture", "Regle" = a."Regle" + EXCLUDED."Regle",
    "Avoirs" = a."Avoirs" + EXCLUDED."Avoirs", "Nombre" = a."Nombre" + EXCLUDED."Nombre",
    "JoursReglement" = a."JoursReglement" + EXCLUDED."JoursReglement",
    "NombreRegles" = a."NombreRegles" + EXCLUDED."NombreRegles"
$$;
--> statement-breakpoint
CREATE FUNCTION "sta_ajouter_rejet"(flux integer, code text, e2e text, sens integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "STA_RejetJour" AS a ("ID_Saison", "ID_Structure", "ID_CategoryFlux", "Jour", "CodeRaison", "Banque",
      "Nombre", "Montant")
  SELECT f."ID_Saison", f."ID_Structure", f."ID_CategoryFlux", (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date,
      coalesce(code, ''), "sta_banque"(flux, e2e), sens, sens * f."MontantTTC"
    FROM "MKP_FluxFinancier" f WHERE f.id = flux
  ON CONFLICT ("ID_Saison", "ID_Structure", "ID_CategoryFlux", "Jour", "CodeRaison", "Banque") DO UPDATE SET
    "Nombre" = a."Nombre" + EXCLUDED."Nombre", "Montant" = a."Montant" + EXCLUDED."Montant"
$$;
--> statement-breakpoint
-- Flux written or deleted in bulk: one grouped change per statement (transition tables, both
-- named "sta_lignes"), keys in order.
CREATE FUNCTION "sta_flux_insere_supprime"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sens integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  PERFORM "sta_ajouter_flux"(k.saison, k.structure, k.categorie, k.jour, k.facture, k.regle, k.avoirs, k.nombre, k.jours, k.regles)
     FROM (SELECT c.saison, c.structure, c.categorie, c.jour, sum(c.facture) AS facture, sum(c.regle) AS regle,
             sum(c.avoirs) AS avoirs, sum(c.nombre)::integer AS nombre, sum(c.jours)::bigint AS jours, sum(c.regles)::integer AS regles
             FROM "sta_lignes" x, LATERAL "sta_contribution"(x.id, x."ID_Saison", x."ID_Structure", x."ID_CategoryFlux",
               x."Z_DateCreation", x."EST_Debit", x."EST_Reglement", x."MontantTTC", x."DateReglement", sens) c
            GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sta_flux_insere" AFTER INSERT ON "MKP_FluxFinancier"
  REFERENCING NEW TABLE AS "sta_lignes" FOR EACH STATEMENT EXECUTE FUNCTION "sta_flux_insere_supprime"();
--> statement-breakpoint
CREATE TRIGGER "sta_flux_supprime" AFTER DELETE ON "MKP_FluxFinancier"
  REFERENCING OLD TABLE AS "sta_lignes" FOR EACH STATEMENT EXECUTE FUNCTION "sta_flux_insere_supprime"();
--> statement-breakpoint
-- An update: the rows whose figures may change give back their old contribution and add the new
-- one; a returned debit moves its reject the same way.
CREATE FUNCTION "sta_flux_modifie"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sta_ajouter_flux"(k.saison, k.structure, k.categorie, k.jour, k.facture, k.regle, k.avoirs, k.nombre, k.jours, k.regles)
     FROM (SELECT c.saison, c.structure, c.categorie, c.jour, sum(c.facture) AS facture, sum(c.regle) AS regle,
             sum(c.avoirs) AS avoirs, sum(c.nombre)::integer AS nombre, sum(c.jours)::bigint AS jours, sum(c.regles)::integer AS regles
             FROM (SELECT o.id, -1 AS sens, o."ID_Saison" AS saison, o."ID_Structure" AS structure, o."ID_CategoryFlux" AS categorie, o."Z_DateCreation" AS creation, o."EST_Debit" AS debit, o."EST_Reglement" AS regle, o."MontantTTC" AS ttc, o."DateReglement" AS reglement
        FROM "sta_anciens" o JOIN "sta_nouveaux" n ON n.id = o.id WHERE (o."ID_Saison", o."ID_Structure", o."ID_CategoryFlux", o."Z_DateCreation", o."EST_Debit", o."EST_Reglement", o."MontantTTC", o."DateReglement")
          IS DISTINCT FROM (n."ID_Saison", n."ID_Structure", n."ID_CategoryFlux", n."Z_DateCreation", n."EST_Debit", n."EST_Reglement", n."MontantTTC", n."DateReglement")
      UNION ALL SELECT n.id, 1 AS sens, n."ID_Saison" AS saison, n."ID_Structure" AS structure, n."ID_CategoryFlux" AS categorie, n."Z_DateCreation" AS creation, n."EST_Debit" AS debit, n."EST_Reglement" AS regle, n."MontantTTC" AS ttc, n."DateReglement" AS reglement
        FROM "sta_anciens" o JOIN "sta_nouveaux" n ON n.id = o.id WHERE (o."ID_Saison", o."ID_Structure", o."ID_CategoryFlux", o."Z_DateCreation", o."EST_Debit", o."EST_Reglement", o."MontantTTC", o."DateReglement")
          IS DISTINCT FROM (n."ID_Saison", n."ID_Structure", n."ID_CategoryFlux", n."Z_DateCreation", n."EST_Debit", n."EST_Reglement", n."MontantTTC", n."DateReglement")) x,
               LATERAL "sta_contribution"(x.id, x.saison, x.structure, x.categorie, x.creation, x.debit, x.regle, x.ttc,
                 x.reglement, x.sens) c
            GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4) k;
  -- A returned debit's reject follows its flux: taken from where it was, added where it is.
  PERFORM "sta_deplacer_rejet"(r."ID_FluxFinancier", r."CodeRaison", r."EndToEndId", x.saison, x.structure, x.categorie,
      x.creation, x.ttc, x.sens)
     FROM (SELECT o.id, -1 AS sens, o."ID_Saison" AS saison, o."ID_Structure" AS structure, o."ID_CategoryFlux" AS categorie, o."Z_DateCreation" AS creation, o."EST_Debit" AS debit, o."EST_Reglement" AS regle, o."MontantTTC" AS ttc, o."DateReglement" AS reglement
        FROM "sta_anciens" o JOIN "sta_nouveaux" n ON n.id = o.id WHERE (o."ID_Saison", o."ID_Structure", o."ID_CategoryFlux", o."Z_DateCreation", o."EST_Debit", o."EST_Reglement", o."MontantTTC", o."DateReglement")
          IS DISTINCT FROM (n."ID_Saison", n."ID_Structure", n."ID_CategoryFlux", n."Z_DateCreation", n."EST_Debit", n."EST_Reglement", n."MontantTTC", n."DateReglement")
      UNION ALL SELECT n.id, 1 AS sens, n."ID_Saison" AS saison, n."ID_Structure" AS structure, n."ID_CategoryFlux" AS categorie, n."Z_DateCreation" AS creation, n."EST_Debit" AS debit, n."EST_Reglement" AS regle, n."MontantTTC" AS ttc, n."DateReglement" AS reglement
        FROM "sta_anciens" o JOIN "sta_nouveaux" n ON n.id = o.id WHERE (o."ID_Saison", o."ID_Structure", o."ID_CategoryFlux", o."Z_DateCreation", o."EST_Debit", o."EST_Reglement", o."MontantTTC", o."DateReglement")
          IS DISTINCT FROM (n."ID_Saison", n."ID_Structure", n."ID_CategoryFlux", n."Z_DateCreation", n."EST_Debit", n."EST_Reglement", n."MontantTTC", n."DateReglement")) x JOIN "MKP_RetourPrelevement" r ON r."ID_FluxFinancier" = x.id
    ORDER BY x.sens, x.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sta_deplacer_rejet"(flux integer, code text, e2e text, saison integer, structure integer,
    categorie integer, creation timestamptz, ttc numeric, sens integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "STA_RejetJour" AS a ("ID_Saison", "ID_Structure", "ID_CategoryFlux", "Jour", "CodeRaison", "Banque",
      "Nombre", "Montant")
  VALUES (saison, structure, categorie, (creation AT TIME ZONE 'Europe/Paris')::date, coalesce(code, ''),
      "sta_banque"(flux, e2e), sens, sens * ttc)
  ON CONFLICT ("ID_Saison", "ID_Structure", "ID_CategoryFlux", "Jour", "CodeRaison", "Banque") DO UPDATE SET
    "Nombre" = a."Nombre" + EXCLUDED."Nombre", "Montant" = a."Montant" + EXCLUDED."Montant"
$$;
--> statement-breakpoint
CREATE TRIGGER "sta_flux_modifie" AFTER UPDATE ON "MKP_FluxFinancier"
  REFERENCING OLD TABLE AS "sta_anciens" NEW TABLE AS "sta_nouveaux" FOR EACH STATEMENT EXECUTE FUNCTION "sta_flux_modifie"();
--> statement-breakpoint
-- A bank part changes what settled its debit (R-BAL-03): the parts before the change are the parts
-- now plus `avant` (what the change took away, less what it added). The flux is locked first, so
-- two parts given to one debit at once are counted one after the other.
CREATE FUNCTION "sta_regle_change"(flux integer, avant numeric) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  f record;
  parts numeric;
  delta numeric;
BEGIN
  IF avant = 0 THEN RETURN; END IF;
  SELECT x.* INTO f FROM "MKP_FluxFinancier" x WHERE x.id = flux FOR NO KEY UPDATE;
  IF NOT FOUND OR NOT f."EST_Debit" OR f."EST_Reglement" THEN RETURN; END IF;
  parts := "sta_parts"(flux);
  delta := LEAST(f."MontantTTC", parts) - LEAST(f."MontantTTC", parts + avant);
  IF delta <> 0 THEN
    PERFORM "sta_ajouter_flux"(f."ID_Saison", f."ID_Structure", f."ID_CategoryFlux",
      (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date, 0, delta, 0, 0, 0, 0);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sta_part_active"(rapprochement integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "BQE_Rapprochement" ra WHERE ra.id = rapprochement AND ra."DateAnnulation" IS NULL)
$$;
--> statement-breakpoint
CREATE FUNCTION "sta_part_modifiee"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ancien numeric := 0;
  nouveau numeric := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND "sta_part_active"(OLD."ID_Rapprochement") THEN ancien := OLD."Montant"; END IF;
  IF TG_OP <> 'DELETE' AND "sta_part_active"(NEW."ID_Rapprochement") THEN nouveau := NEW."Montant"; END IF;
  IF TG_OP = 'UPDATE' AND OLD."ID_FluxFinancier" = NEW."ID_FluxFinancier" THEN
    PERFORM "sta_regle_change"(NEW."ID_FluxFinancier", ancien - nouveau);
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM "sta_regle_change"(OLD."ID_FluxFinancier", ancien); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM "sta_regle_change"(NEW."ID_FluxFinancier", -nouveau); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sta_part_modifiee" AFTER INSERT OR UPDATE OR DELETE ON "BQE_RapprochementFlux"
  FOR EACH ROW EXECUTE FUNCTION "sta_part_modifiee"();
--> statement-breakpoint
-- A reconciliation undone (or restored): each of its parts stops (or starts) counting.
CREATE FUNCTION "sta_rapprochement_modifie"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sta_regle_change"(rf."ID_FluxFinancier",
      CASE WHEN NEW."DateAnnulation" IS NULL THEN -rf."Montant" ELSE rf."Montant" END)
     FROM "BQE_RapprochementFlux" rf WHERE rf."ID_Rapprochement" = NEW.id ORDER BY rf."ID_FluxFinancier";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sta_rapprochement_modifie" AFTER UPDATE ON "BQE_Rapprochement"
  FOR EACH ROW WHEN ((OLD."DateAnnulation" IS NULL) IS DISTINCT FROM (NEW."DateAnnulation" IS NULL))
  EXECUTE FUNCTION "sta_rapprochement_modifie"();
--> statement-breakpoint
CREATE FUNCTION "sta_retour_modifie"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "sta_ajouter_rejet"(OLD."ID_FluxFinancier", OLD."CodeRaison", OLD."EndToEndId", -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "sta_ajouter_rejet"(NEW."ID_FluxFinancier", NEW."CodeRaison", NEW."EndToEndId", 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sta_retour_modifie" AFTER INSERT OR UPDATE OR DELETE ON "MKP_RetourPrelevement"
  FOR EACH ROW EXECUTE FUNCTION "sta_retour_modifie"();
--> statement-breakpoint
-- R-STAT-07: the aggregates from scratch, writers held off meanwhile.
CREATE FUNCTION "sta_reconstruire"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "STA_FluxJour", "STA_RejetJour" IN EXCLUSIVE MODE;
  DELETE FROM "STA_FluxJour";
  DELETE FROM "STA_RejetJour";
  INSERT INTO "STA_FluxJour" ("ID_Saison", "ID_Structure", "ID_CategoryFlux", "Jour", "Facture", "Regle", "Avoirs",
      "Nombre", "JoursReglement", "NombreRegles")
    SELECT c.saison, c.structure, c.categorie, c.jour, sum(c.facture), sum(c.regle), sum(c.avoirs), sum(c.nombre),
        sum(c.jours), sum(c.regles)
      FROM "MKP_FluxFinancier" x, LATERAL "sta_contribution"(x.id, x."ID_Saison", x."ID_Structure", x."ID_CategoryFlux",
        x."Z_DateCreation", x."EST_Debit", x."EST_Reglement", x."MontantTTC", x."DateReglement", 1) c
     GROUP BY 1, 2, 3, 4;
  INSERT INTO "STA_RejetJour" ("ID_Saison", "ID_Structure", "ID_CategoryFlux", "Jour", "CodeRaison", "Banque",
      "Nombre", "Montant")
    SELECT f."ID_Saison", f."ID_Structure", f."ID_CategoryFlux", (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date,
        coalesce(r."CodeRaison", ''), "sta_banque"(f.id, r."EndToEndId"), count(*), sum(f."MontantTTC")
      FROM "MKP_RetourPrelevement" r JOIN "MKP_FluxFinancier" f ON f.id = r."ID_FluxFinancier"
     GROUP BY 1, 2, 3, 4, 5, 6;
END $$;
--> statement-breakpoint
SELECT "sta_reconstruire"();
