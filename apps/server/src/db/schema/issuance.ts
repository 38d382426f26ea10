import { bigint, boolean, date, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, timestamptz } from './columns';
import { FEDE_Saison } from './seasons';
import { MKP_FluxFinancier } from './flux';

/**
 * A party or a set of lines exactly as a document printed it (R-DOC-01), stored once and
 * shared: its Empreinte is the SHA-256 of Nature and Donnees, so 2,000,000 invoices of a few
 * thousand structures reference a few thousand rows. Nature: 'vendeur' (head office, RIB, ICS),
 * 'acheteur' (structure, mandate), 'correspondant', 'tarifs' (the tarifs a flux's lines sell,
 * by id: name and category). A row never changes.
 */
export const DOC_DonneeFigee = pgTable(
  'DOC_DonneeFigee',
  {
    id: id(),
    Empreinte: bytea('Empreinte').notNull(),
    Nature: text('Nature').notNull(),
    Donnees: jsonb('Donnees').notNull(),
  },
  (t) => [uniqueIndex('doc_donnee_figee_empreinte_uq').on(t.Empreinte)],
);

/**
 * What a flux's documents show, frozen when the flux was issued (created, relaunched, or
 * backfilled for flux created before documents were issued with their flux): its own values, money in cents, and the frozen
 * parties and lines by reference. Documents are built from this row only, never from the
 * live tables; a row never changes.
 */
export const MKP_FluxEmission = pgTable('MKP_FluxEmission', {
  ID_FluxFinancier: integer('ID_FluxFinancier')
    .primaryKey()
    .references(() => MKP_FluxFinancier.id),
  /** When it was issued. */
  Z_DateCreation: createdAt(),
  ID_Vendeur: integer('ID_Vendeur')
    .notNull()
    .references(() => DOC_DonneeFigee.id),
  ID_Acheteur: integer('ID_Acheteur')
    .notNull()
    .references(() => DOC_DonneeFigee.id),
  ID_Correspondant: integer('ID_Correspondant').references(() => DOC_DonneeFigee.id),
  /**
   * The lines are the flux's first NbLignes detail rows (by id): the database refuses to
   * change or delete a line of an issued flux (migration 0013's trigger), and a line added
   * later is not one of them. Their tarifs as they were are the ID_Tarifs row.
   */
  NbLignes: smallint('NbLignes').notNull(),
  ID_Tarifs: integer('ID_Tarifs').references(() => DOC_DonneeFigee.id),
  Libelle: text('Libelle').notNull(),
  DateFlux: timestamptz('DateFlux').notNull(),
  ID_Saison: integer('ID_Saison')
    .notNull()
    .references(() => FEDE_Saison.id),
  DebutPeriode: date('DebutPeriode').notNull(),
  FinPeriode: date('FinPeriode').notNull(),
  ID_CategoryFlux: integer('ID_CategoryFlux').notNull(),
  EST_Debit: boolean('EST_Debit').notNull(),
  EST_Reglement: boolean('EST_Reglement').notNull(),
  CentimesHT: bigint('CentimesHT', { mode: 'number' }).notNull(),
  CentimesTVA: bigint('CentimesTVA', { mode: 'number' }).notNull(),
  CentimesTTC: bigint('CentimesTTC', { mode: 'number' }).notNull(),
  DateEcheance: date('DateEcheance'),
  /** settlementInstant's two sources: the last settlement audited, a flux created settled. */
  DateDernierReglement: timestamptz('DateDernierReglement'),
  DateCreationReglee: timestamptz('DateCreationReglee'),
  /** An avoir's invoice (flux id and season, its number's parts). */
  ID_FluxFacture: integer('ID_FluxFacture'),
  ID_SaisonFacture: integer('ID_SaisonFacture'),
  /** A relaunched copy's original invoice. */
  ID_FluxOrigine: integer('ID_FluxOrigine'),
  ID_SaisonOrigine: integer('ID_SaisonOrigine'),
  /** The collection date of the SEPA batch holding the flux when it was issued. */
  DatePrelevementLot: date('DatePrelevementLot'),
});
