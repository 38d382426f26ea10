import { bigint, date, integer, text, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { DOC_Contenu } from './documents';
import { STR_Structure } from './structures';
import { UTI_Utilisateur } from './users';

type Columns = Record<string, PgColumnBuilderBase>;

/**
 * The columns every issued and frozen statement has (ADR 0031: the relevé de compte, R-STMT-03,
 * and the relevé de reversements, R-PAY-09), in their table order: its number, structure,
 * period, then `day` (the Paris day that names it), its fingerprint and closing balance, then
 * `amounts` (its other totals), its two stored files and who issued it. New builders each call:
 * one table's columns are never another's.
 */
export function issuedStatementColumns<Day extends Columns, Amounts extends Columns>(day: Day, amounts: Amounts) {
  return {
    id: id(),
    Numero: text('Numero').notNull(),
    ID_Structure: integer('ID_Structure')
      .notNull()
      .references(() => STR_Structure.id),
    DateDebut: date('DateDebut').notNull(),
    DateFin: date('DateFin').notNull(),
    ...day,
    Empreinte: text('Empreinte').notNull(),
    SoldeFinalCentimes: bigint('SoldeFinalCentimes', { mode: 'number' }).notNull(),
    ...amounts,
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
  };
}
