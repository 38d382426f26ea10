-- A SEPA batch can be cancelled before it reaches the bank (issue 17, item 4): when and by whom.
-- Its flux are released (ID_Traitement cleared) in the same transaction; the file is no longer served.
ALTER TABLE "MKP_Traitement" ADD COLUMN "DateAnnulation" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "MKP_Traitement" ADD COLUMN "ID_UtilisateurAnnulation" integer;--> statement-breakpoint
ALTER TABLE "MKP_Traitement" ADD CONSTRAINT "MKP_Traitement_ID_UtilisateurAnnulation_UTI_Utilisateur_id_fk" FOREIGN KEY ("ID_UtilisateurAnnulation") REFERENCES "public"."UTI_Utilisateur"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "MKP_Traitement" ADD CONSTRAINT "mkp_traitement_annulation_ck" CHECK (("DateAnnulation" IS NULL) = ("ID_UtilisateurAnnulation" IS NULL));