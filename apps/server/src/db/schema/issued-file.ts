import { text } from 'drizzle-orm/pg-core';
import { requiredRef } from './columns';
import { DOC_Contenu } from './documents';

/**
 * An issued file's columns: its stored bytes, their SHA-256 (hex) and the name it downloads
 * under. Not in index.ts: the schema object lists tables only.
 */
export const issuedFile = () => ({
  ID_Contenu: requiredRef('ID_Contenu', () => DOC_Contenu.id),
  Sha256: text('Sha256').notNull(),
  NomFichier: text('NomFichier').notNull(),
});
