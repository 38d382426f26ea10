import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, requiredRef, timestamptz } from './columns';
import { MKP_CategoryFlux, MKP_FluxFinancier, MKP_Tarif, MKP_Traitement } from './flux';
import { FEDE_Saison } from './seasons';
import { STR_Structure } from './structures';
import { UTI_Utilisateur } from './users';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

/**
 * R-PAY-01: a level's share of a category's or a tarif's sales, from a season on. A later
 * season's rule supersedes it for the sales of that season on; the rows stay (the history).
 */
export const REV_RegleQuotePart = pgTable(
  'REV_RegleQuotePart',
  {
    id: id(),
    ID_CategoryFlux: integer('ID_CategoryFlux').references(() => MKP_CategoryFlux.id),
    ID_Tarif: integer('ID_Tarif').references(() => MKP_Tarif.id),
    Niveau: text('Niveau').notNull(),
    Mode: text('Mode').notNull(),
    /** Cents per unit ('montant') or basis points ('taux'). */
    Valeur: cents('Valeur'),
    ID_SaisonDebut: requiredRef('ID_SaisonDebut', () => FEDE_Saison.id),
    ID_Utilisateur: requiredRef('ID_Utilisateur', () => UTI_Utilisateur.id),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    uniqueIndex('rev_regle_categorie_uq')
      .on(t.ID_CategoryFlux, t.Niveau, t.ID_SaisonDebut)
      .where(sql`"ID_CategoryFlux" IS NOT NULL`),
    uniqueIndex('rev_regle_tarif_uq')
      .on(t.ID_Tarif, t.Niveau, t.ID_SaisonDebut)
      .where(sql`"ID_Tarif" IS NOT NULL`),
    check('rev_regle_cible_ck', sql`("ID_CategoryFlux" IS NULL) <> ("ID_Tarif" IS NULL)`),
    check('rev_regle_niveau_ck', sql`"Niveau" IN ('ligue', 'comite')`),
    check(
      'rev_regle_valeur_ck',
      sql`"Valeur" >= 0 AND ("Mode" = 'montant' AND "ID_Tarif" IS NOT NULL OR "Mode" = 'taux' AND "Valeur" <= 10000)`,
    ),
  ],
);

/**
 * R-PAY-04: what is recorded for a sale: its shares wholly paid and its payees, frozen at its
 * first movement, and the money kept and shares earned as last brought up to date.
 */
export const REV_QuotePart = pgTable(
  'REV_QuotePart',
  {
    ID_FluxFinancier: integer('ID_FluxFinancier')
      .primaryKey()
      .references(() => MKP_FluxFinancier.id),
    ID_Ligue: integer('ID_Ligue').references(() => STR_Structure.id),
    ID_Comite: integer('ID_Comite').references(() => STR_Structure.id),
    PartLigueEntiere: cents('PartLigueEntiere'),
    PartComiteEntiere: cents('PartComiteEntiere'),
    /** R-PAY-04: a rule of the level reached the sale (or it has no payee there): its share is fixed. */
    PartLigueFixee: boolean('PartLigueFixee').notNull().default(false),
    PartComiteFixee: boolean('PartComiteFixee').notNull().default(false),
    Base: cents('Base'),
    PartLigue: cents('PartLigue'),
    PartComite: cents('PartComite'),
    Z_DateModification: timestamptz('Z_DateModification').notNull().defaultNow(),
  },
  () => [
    check('rev_quote_part_ck', sql`"PartLigue" >= 0 AND "PartComite" >= 0 AND "PartLigue" + "PartComite" <= "Base"`),
  ],
);

/** R-PAY-04: one change of a sale's kept money and shares, never changed once written. */
export const REV_MouvementQuotePart = pgTable(
  'REV_MouvementQuotePart',
  {
    id: id(),
    ID_FluxFinancier: requiredRef('ID_FluxFinancier', () => MKP_FluxFinancier.id),
    Jour: date('Jour').notNull(),
    ID_Ligue: integer('ID_Ligue').references(() => STR_Structure.id),
    ID_Comite: integer('ID_Comite').references(() => STR_Structure.id),
    Base: cents('Base'),
    PartLigue: cents('PartLigue'),
    PartComite: cents('PartComite'),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    index('rev_mouvement_flux_idx').on(t.ID_FluxFinancier),
    index('rev_mouvement_ligue_jour_idx')
      .on(t.ID_Ligue, t.Jour)
      .where(sql`"ID_Ligue" IS NOT NULL`),
    index('rev_mouvement_comite_jour_idx')
      .on(t.ID_Comite, t.Jour)
      .where(sql`"ID_Comite" IS NOT NULL`),
  ],
);

/**
 * R-PAY-04: the flux whose kept money may have changed, marked by triggers in the write's
 * transaction; the first mark's instant dates the movement, however late the sync runs.
 */
export const REV_QuotePartAVerifier = pgTable('REV_QuotePartAVerifier', {
  ID_FluxFinancier: integer('ID_FluxFinancier').primaryKey(),
  Z_DateMarque: timestamptz('Z_DateMarque').notNull().defaultNow(),
});

/**
 * R-PAY-07: one credit transfer of a payout file (an MKP_Traitement of type 'virement_sepa'):
 * a level's shares or a club's refunds, with the account and name as the file sent them.
 */
export const REV_VersementLigne = pgTable(
  'REV_VersementLigne',
  {
    id: id(),
    ID_Traitement: requiredRef('ID_Traitement', () => MKP_Traitement.id),
    ID_Structure: requiredRef('ID_Structure', () => STR_Structure.id),
    Nature: text('Nature').notNull(),
    Montant: cents('Montant'),
    EndToEndId: text('EndToEndId').notNull(),
    IBAN: text('IBAN').notNull(),
    BIC: text('BIC'),
    Titulaire: text('Titulaire').notNull(),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    uniqueIndex('rev_versement_ligne_e2e_uq').on(t.ID_Traitement, t.EndToEndId),
    index('rev_versement_ligne_structure_idx').on(t.ID_Structure),
    check('rev_versement_ligne_nature_ck', sql`"Nature" IN ('quote_part', 'remboursement')`),
    check('rev_versement_ligne_montant_ck', sql`"Montant" > 0`),
  ],
);
