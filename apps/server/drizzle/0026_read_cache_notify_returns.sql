-- The SEPA returns (MKP_RetourPrelevement, migration 0016) are read through GraphQL since
-- issue 17 (a flux's 'rejeté' status and filter), but were left out of migration 0008's
-- list: a return recorded by another process or a script did not clear the shared reads
-- (db/read-cache.ts) until their TTL. Every table of graphql/metadata/tables.ts notifies
-- (test/integration/graphql/read-cache-notify.test.ts pins the list).
CREATE TRIGGER "gdf_donnees_changees" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "MKP_RetourPrelevement"
  FOR EACH STATEMENT EXECUTE FUNCTION "gdf_notifier_donnees"();
