-- Server processes share identical GraphQL reads for a second (db/read-cache.ts). Every
-- committed change to a table the GraphQL API reads notifies them all on 'gdf_donnees', so
-- a write through another process, a script or psql clears their caches at once, not a
-- TTL later. NOTIFY is sent at commit and collapsed within one transaction.
CREATE FUNCTION "gdf_notifier_donnees"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gdf_donnees', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The tables of graphql/metadata/tables.ts.
DO $$
DECLARE
  lue text;
BEGIN
  FOREACH lue IN ARRAY ARRAY[
    'MKP_FluxFinancier',
    'MKP_FluxFinancierDetail',
    'FEDE_Saison',
    'STR_Structure',
    'STR_AffiliationTemporaire',
    'UTI_Utilisateur',
    'ADR_Adresse',
    'STR_StructureType',
    'MKP_CategoryFlux'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER "gdf_donnees_changees" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "gdf_notifier_donnees"()',
      lue
    );
  END LOOP;
END
$$;
