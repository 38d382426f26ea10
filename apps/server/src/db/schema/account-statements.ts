import { bigint, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { DOC_Contenu } from './documents';
import { STR_Structure } from './structures';
import { UTI_Utilisateur } from './users';

/**
 * Every relevé de compte given out (ADR 0031): its number, structure, period, the Paris day its
 * overdue flux were aged at, and its PDF and xlsx as stored in DOC_Contenu. Empreinte is the
 * SHA-256 of what the statement says: asking again for the same structure, period and day
 * while nothing changed returns this row, a change issues a new number. Never updated nor
 * deleted (trigger).
 */
export const MKP_ReleveCompteEmis = pgTable(
  'MKP_ReleveCompteEmis',
  {
    id: id(),
    Numero: text('Numero').notNull(),
    ID_Structure: integer('ID_Structure')
      .notNull()
      .references(() => STR_Structure.id),
    DateDebut: date('DateDebut').notNull(),
    DateFin: date('DateFin').notNull(),
    DateArrete: date('DateArrete').notNull(),
    Empreinte: text('Empreinte').notNull(),
    SoldeFinalCentimes: bigint('SoldeFinalCentimes', { mode: 'number' }).notNull(),
    TotalEchuCentimes: bigint('TotalEchuCentimes', { mode: 'number' }).notNull(),
    ID_ContenuPdf: integer('ID_ContenuPdf')
      .notNull()
      .references(() => DOC_Contenu.id),
    Sha256Pdf: text('Sha256Pdf').notNull(),
    ID_ContenuXlsx: integer('ID_ContenuXlsx')
      .notNull()
      .references(() => DOC_Contenu.id),
    Sha256Xlsx: text('Sha256Xlsx').notNull(),
    ID_Utilisateur: integer('ID_Utilisateur').references(() => UTI_Utilisateur.id),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    uniqueIndex('mkp_releve_compte_emis_numero_uq').on(t.Numero),
    uniqueIndex('mkp_releve_compte_emis_meme_uq').on(t.ID_Structure, t.DateDebut, t.DateFin, t.DateArrete, t.Empreinte),
    index('mkp_releve_compte_emis_structure_idx').on(t.ID_Structure, t.id),
  ],
);
