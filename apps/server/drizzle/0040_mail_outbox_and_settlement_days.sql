ALTER TABLE "MEL_Envoi" DROP CONSTRAINT "mel_envoi_statut_ck";--> statement-breakpoint
CREATE INDEX "cpt_reglement_comptabilise_jour_idx" ON "CPT_ReglementComptabilise" USING btree ("ID_Structure","JourReglement");--> statement-breakpoint
ALTER TABLE "MEL_Envoi" ADD CONSTRAINT "mel_envoi_statut_ck" CHECK ("Statut" IN ('en_attente', 'envoye', 'boite_locale', 'echec'));