DROP INDEX "mkp_flux_utilisateur_idx";--> statement-breakpoint
DROP INDEX "mkp_flux_nom_mots_idx";--> statement-breakpoint
CREATE INDEX "mkp_flux_utilisateur_saison_idx" ON "MKP_FluxFinancier" USING btree ("ID_Utilisateur","ID_Saison","Z_DateCreation" DESC NULLS LAST,"id" DESC NULLS LAST,"ID_Structure");--> statement-breakpoint
CREATE INDEX "mkp_flux_saison_mots_idx" ON "MKP_FluxFinancier" USING gin ("ID_Saison",string_to_array(lower("NomFluxFinancier"), ' '));