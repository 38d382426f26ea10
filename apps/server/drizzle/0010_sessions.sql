CREATE TABLE "UTI_Session" (
	"id" text PRIMARY KEY NOT NULL,
	"ID_Utilisateur" integer NOT NULL,
	"RefreshHash" text NOT NULL,
	"RefreshHashPrecedent" text,
	"DateRotation" timestamp with time zone,
	"DateExpiration" timestamp with time zone NOT NULL,
	"DateRevocation" timestamp with time zone,
	"MotifRevocation" text,
	"Z_DateCreation" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "UTI_Session" ADD CONSTRAINT "UTI_Session_ID_Utilisateur_UTI_Utilisateur_id_fk" FOREIGN KEY ("ID_Utilisateur") REFERENCES "public"."UTI_Utilisateur"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uti_session_utilisateur_idx" ON "UTI_Session" USING btree ("ID_Utilisateur");--> statement-breakpoint
-- Deactivating a login (or changing its password), from the app or by SQL, revokes its
-- sessions in the same transaction: reactivating it later does not bring them back.
CREATE FUNCTION "gdf_revoquer_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "UTI_Session"
     SET "DateRevocation" = now(),
         "MotifRevocation" = CASE WHEN NEW."EST_Actif" THEN 'mot_de_passe' ELSE 'desactivation' END
   WHERE "ID_Utilisateur" = NEW."ID_Utilisateur" AND "DateRevocation" IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "gdf_sessions_revoquees" AFTER UPDATE OF "EST_Actif", "MotDePasseHash" ON "UTI_Login"
  FOR EACH ROW
  WHEN ((OLD."EST_Actif" AND NOT NEW."EST_Actif") OR OLD."MotDePasseHash" IS DISTINCT FROM NEW."MotDePasseHash")
  EXECUTE FUNCTION "gdf_revoquer_sessions"();
