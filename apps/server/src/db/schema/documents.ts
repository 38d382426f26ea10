import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const DOC_TypeDocument = pgTable('DOC_TypeDocument', {
  id: id(),
  SlugTypeDocument: text('SlugTypeDocument').notNull().unique(),
  NomTypeDocument: text('NomTypeDocument').notNull(),
});

/** Uploaded or fetched files; bytes live in the storage directory under Chemin. */
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
    Chemin: text('Chemin').notNull(),
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
