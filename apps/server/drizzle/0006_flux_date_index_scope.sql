DROP INDEX "mkp_flux_saison_date_idx";--> statement-breakpoint
DROP INDEX "mkp_flux_date_idx";--> statement-breakpoint
CREATE INDEX "mkp_flux_saison_date_idx" ON "MKP_FluxFinancier" USING btree ("ID_Saison","Z_DateCreation" DESC NULLS LAST,"id" DESC NULLS LAST,"ID_Structure");--> statement-breakpoint
CREATE INDEX "mkp_flux_date_idx" ON "MKP_FluxFinancier" USING btree ("Z_DateCreation" DESC NULLS LAST,"id" DESC NULLS LAST,"ID_Structure");