import { boolean, date, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** A season's id is its end year (2021-2022 -> 2022). */
export const FEDE_Saison = pgTable('FEDE_Saison', {
  id: integer('id').primaryKey(),
  NomSaison: text('NomSaison').notNull(),
  NomSaisonShort: text('NomSaisonShort').notNull(),
  DateDebut: date('DateDebut').notNull(),
  DateFin: date('DateFin').notNull(),
  EST_SaisonCourante: boolean('EST_SaisonCourante').notNull().default(false),
});
