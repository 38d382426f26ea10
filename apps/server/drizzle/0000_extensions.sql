-- Trigram indexes serve the "contains" filters (label, user last name).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
