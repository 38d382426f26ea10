-- btree_gin: a GIN index over an integer column and an array (the flux label's words with
-- their season, mkp_flux_saison_mots_idx, issue 20).
CREATE EXTENSION IF NOT EXISTS btree_gin;
