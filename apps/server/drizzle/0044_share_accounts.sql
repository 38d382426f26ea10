ALTER TABLE "CPT_Ecriture" DROP CONSTRAINT "cpt_ecriture_a_nouveau_ck";--> statement-breakpoint
DROP INDEX "cpt_ecriture_a_nouveau_uq";--> statement-breakpoint
ALTER TABLE "CPT_Parametres" ADD COLUMN "CompteQuotesParts" text DEFAULT '467000' NOT NULL;--> statement-breakpoint
ALTER TABLE "CPT_Parametres" ADD COLUMN "LibelleQuotesParts" text DEFAULT 'Quotes-parts dues aux ligues et comités' NOT NULL;--> statement-breakpoint
ALTER TABLE "CPT_Ecriture" ADD COLUMN "ID_MouvementQuotePart" integer;--> statement-breakpoint
ALTER TABLE "CPT_Ecriture" ADD COLUMN "ID_VersementLigne" integer;--> statement-breakpoint
ALTER TABLE "CPT_Ecriture" ADD CONSTRAINT "CPT_Ecriture_ID_MouvementQuotePart_REV_MouvementQuotePart_id_fk" FOREIGN KEY ("ID_MouvementQuotePart") REFERENCES "public"."REV_MouvementQuotePart"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "CPT_Ecriture" ADD CONSTRAINT "CPT_Ecriture_ID_VersementLigne_REV_VersementLigne_id_fk" FOREIGN KEY ("ID_VersementLigne") REFERENCES "public"."REV_VersementLigne"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cpt_ecriture_mouvement_quote_part_uq" ON "CPT_Ecriture" USING btree ("ID_MouvementQuotePart","ID_Structure") WHERE "ID_MouvementQuotePart" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cpt_ecriture_versement_ligne_uq" ON "CPT_Ecriture" USING btree ("ID_VersementLigne","ID_Structure","EST_Extourne") WHERE "ID_VersementLigne" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cpt_ecriture_a_nouveau_uq" ON "CPT_Ecriture" USING btree ("ID_Exercice") WHERE "ID_FluxFinancier" IS NULL AND "ID_VersementLigne" IS NULL;--> statement-breakpoint
ALTER TABLE "CPT_Ecriture" ADD CONSTRAINT "cpt_ecriture_a_nouveau_ck" CHECK ("ID_FluxFinancier" IS NOT NULL OR "ID_VersementLigne" IS NOT NULL OR "JournalCode" = 'AN');