import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from './columns';

/**
 * Every stored file's bytes, in the database so backups hold them and every server
 * process serves them (ADR 0010). A row never changes once written. Nature says what it
 * is: 'depot' (an uploaded document, DOC_Document), 'sepa' (a generated SEPA file,
 * MKP_Traitement); 'facture' and 'releve' (issued PDFs, MKP_DocumentEmis). Sha256 (hex) is
 * checked on every read.
 */
export const DOC_Contenu = pgTable('DOC_Contenu', {
  id: id(),
  Nature: text('Nature').notNull(),
  Octets: bytea('Octets').notNull(),
  Sha256: text('Sha256').notNull(),
  Taille: bigint('Taille', { mode: 'number' }).notNull(),
  TypeMime: text('TypeMime').notNull(),
  Z_DateCreation: createdAt(),
});

export const DOC_TypeDocument = pgTable('DOC_TypeDocument', {
  id: id(),
  SlugTypeDocument: text('SlugTypeDocument').notNull().unique(),
  NomTypeDocument: text('NomTypeDocument').notNull(),
});

/**
 * Uploaded or fetched files; their bytes are the DOC_Contenu row ID_Contenu. Chemin is the
 * disk name of a file stored before ADR 0010 (moved at start-up), null for later ones.
 */
export const DOC_Document = pgTable(
  'DOC_Document',
  {
    id: id(),
    ID_TypeDocument: integer('ID_TypeDocument')
      .notNull()
      .references(() => DOC_TypeDocument.id),
    ID_Structure: integer('ID_Structure'),
    ID_Saison: integer('ID_Saison'),
    ID_Utilisateur: integer('ID_Utilisateur'),
    NomFichier: text('NomFichier').notNull(),
    Chemin: text('Chemin'),
    ID_Contenu: integer('ID_Contenu').references(() => DOC_Contenu.id),
    TypeMime: text('TypeMime').notNull(),
    Taille: bigint('Taille', { mode: 'number' }).notNull(),
    Z_DateCreation: createdAt(),
  },
  (t) => [index('doc_document_structure_type_idx').on(t.ID_Structure, t.ID_TypeDocument)],
);

/** Who did what, when, to which row. */
export const APP_AuditLog = pgTable(
  'APP_AuditLog',
  {
    id: id(),
    Z_DateCreation: createdAt(),
    ID_Utilisateur: integer('ID_Utilisateur'),
    ID_Structure: integer('ID_Structure'),
    Action: text('Action').notNull(),
    TableCible: text('TableCible'),
    ID_Cible: integer('ID_Cible'),
    Details: jsonb('Details'),
  },
  (t) => [
    index('app_audit_log_date_idx').on(t.Z_DateCreation),
    // Audit rows of one row (e.g. a SEPA batch's author).
    index('app_audit_log_cible_idx').on(t.TableCible, t.ID_Cible),
  ],
);
