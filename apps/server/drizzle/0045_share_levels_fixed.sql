ALTER TABLE "REV_QuotePart" ADD COLUMN "PartLigueFixee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "REV_QuotePart" ADD COLUMN "PartComiteFixee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- R-PAY-04: the shares recorded before were fixed where a rule had given the level something,
-- or where the level has no payee; a level left at nothing stays open to its first rule.
UPDATE "REV_QuotePart" SET "PartLigueFixee" = ("PartLigueEntiere" > 0 OR "ID_Ligue" IS NULL),
  "PartComiteFixee" = ("PartComiteEntiere" > 0 OR "ID_Comite" IS NULL);
