ALTER TABLE "CPT_Ecriture" ALTER COLUMN "ID_FluxFinancier" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "MKP_Relance" ADD COLUMN "Rang" integer;--> statement-breakpoint
-- Letters already issued get their rank per structure, in issue order (the trigger that keeps
-- an issued letter unchanged steps aside for this one backfill).
ALTER TABLE "MKP_Relance" DISABLE TRIGGER "mkp_relance_emise_figee";--> statement-breakpoint
UPDATE "MKP_Relance" r SET "Rang" = n.rang
  FROM (SELECT id, row_number() OVER (PARTITION BY "ID_Structure" ORDER BY id)::int AS rang FROM "MKP_Relance") n
 WHERE n.id = r.id;--> statement-breakpoint
ALTER TABLE "MKP_Relance" ENABLE TRIGGER "mkp_relance_emise_figee";--> statement-breakpoint
ALTER TABLE "MKP_Relance" ALTER COLUMN "Rang" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cpt_ecriture_a_nouveau_uq" ON "CPT_Ecriture" USING btree ("ID_Exercice") WHERE "ID_FluxFinancier" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mkp_relance_structure_rang_uq" ON "MKP_Relance" USING btree ("ID_Structure","Rang");--> statement-breakpoint
ALTER TABLE "CPT_Ecriture" ADD CONSTRAINT "cpt_ecriture_a_nouveau_ck" CHECK ("ID_FluxFinancier" IS NOT NULL OR "JournalCode" = 'AN');
