DROP INDEX "fede_role_module_uq";--> statement-breakpoint
ALTER TABLE "FEDE_RoleModule" ADD COLUMN "Action" text DEFAULT 'lecture' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fede_role_module_action_uq" ON "FEDE_RoleModule" USING btree ("ID_Role","SlugModule","Action");--> statement-breakpoint
-- Existing databases: the default write grants of @gdf/domain's DEFAULT_ROLE_GRANTS (issue 15):
-- flux insert/update and relaunch for super_administrateur and Administrateur SI only.
INSERT INTO "FEDE_RoleModule" ("ID_Role", "SlugModule", "Action", "EST_Acces")
SELECT r.id, 'gestion_des_finances__flux_financiers', a.action, r."SlugRole" IN ('super_administrateur', 'administrateur_si')
  FROM "FEDE_Role" r CROSS JOIN (VALUES ('ecriture'), ('relance')) AS a(action)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- SEPA generation and the accounting settings pages: writing is granted where reading is,
-- as each database's own matrix says (so no role gains or loses anything by this migration).
INSERT INTO "FEDE_RoleModule" ("ID_Role", "SlugModule", "Action", "EST_Acces")
SELECT rm."ID_Role", rm."SlugModule", 'ecriture', rm."EST_Acces"
  FROM "FEDE_RoleModule" rm
 WHERE rm."Action" = 'lecture'
   AND rm."SlugModule" IN ('export__sepa', 'parametrages_comptables__plan_comptable', 'parametrages_comptables__type_facturation',
                           'parametrages_comptables__plan_analytique', 'parametrages_comptables__flux_financier')
ON CONFLICT DO NOTHING;
