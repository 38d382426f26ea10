-- Limits shared by every server process when REDIS_URL is unset (ADR 0049): the login throttle's
-- counts, and the places of bounded pools (document packs, heavy GraphQL queries) held under a lease.
CREATE TABLE "LIM_ConnexionAdresse" (
	"Cle" text PRIMARY KEY NOT NULL,
	"Echecs" integer NOT NULL,
	"ExpireLe" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "LIM_ConnexionCompte" (
	"Cle" text PRIMARY KEY NOT NULL,
	"Echecs" integer NOT NULL,
	"BloqueJusqua" timestamp with time zone NOT NULL,
	"OublieLe" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "LIM_Place" (
	"Groupe" text NOT NULL,
	"Detenteur" text NOT NULL,
	"Jeton" text NOT NULL,
	"ExpireLe" timestamp with time zone NOT NULL,
	CONSTRAINT "LIM_Place_Groupe_Detenteur_pk" PRIMARY KEY("Groupe","Detenteur")
);
