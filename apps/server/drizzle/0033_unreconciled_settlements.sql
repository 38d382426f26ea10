CREATE TABLE "CPT_ReglementComptabilise" (
	"ID_Structure" integer NOT NULL,
	"ID_FluxFinancier" integer NOT NULL,
	"ID_Ecriture" bigint NOT NULL,
	"JourReglement" date NOT NULL,
	"Empreinte" text NOT NULL,
	CONSTRAINT "CPT_ReglementComptabilise_ID_Structure_ID_FluxFinancier_pk" PRIMARY KEY("ID_Structure","ID_FluxFinancier")
);
--> statement-breakpoint
ALTER TABLE "CPT_ReglementComptabilise" ADD CONSTRAINT "CPT_ReglementComptabilise_ID_Structure_STR_Structure_id_fk" FOREIGN KEY ("ID_Structure") REFERENCES "public"."STR_Structure"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "CPT_ReglementComptabilise" ADD CONSTRAINT "CPT_ReglementComptabilise_ID_FluxFinancier_MKP_FluxFinancier_id_fk" FOREIGN KEY ("ID_FluxFinancier") REFERENCES "public"."MKP_FluxFinancier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "CPT_ReglementComptabilise" ADD CONSTRAINT "CPT_ReglementComptabilise_ID_Ecriture_CPT_Ecriture_id_fk" FOREIGN KEY ("ID_Ecriture") REFERENCES "public"."CPT_Ecriture"("id") ON DELETE no action ON UPDATE no action;