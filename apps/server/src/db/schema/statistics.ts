import { bigint, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** A sum of money over many flux: wider than one flux's numeric(12,2) (R-DATA-01). */
const total = (name: string) => numeric(name, { precision: 16, scale: 2 }).notNull().default('0');

/**
 * R-STAT-07: the 'Etats statistiques' figures of the flux, per season, structure, category and
 * Paris creation day, kept by triggers in the transaction of every write of flux, bank parts
 * and reconciliations (migration 0046), rebuilt from scratch by `sta_reconstruire()`.
 * Facture: Σ debits' MontantTTC; Regle: what settled them (R-BAL-03 'Total réglé'); Avoirs:
 * Σ credits' MontantTTC; Nombre: the flux; JoursReglement and NombreRegles: the settled debits
 * with a settlement day, and Σ of their days from creation to settlement.
 */
export const STA_FluxJour = pgTable(
  'STA_FluxJour',
  {
    ID_Saison: integer('ID_Saison').notNull(),
    ID_Structure: integer('ID_Structure').notNull(),
    ID_CategoryFlux: integer('ID_CategoryFlux').notNull(),
    Jour: date('Jour').notNull(),
    Facture: total('Facture'),
    Regle: total('Regle'),
    Avoirs: total('Avoirs'),
    Nombre: integer('Nombre').notNull().default(0),
    JoursReglement: bigint('JoursReglement', { mode: 'number' }).notNull().default(0),
    NombreRegles: integer('NombreRegles').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ID_Saison, t.ID_Structure, t.ID_CategoryFlux, t.Jour] })],
);

/**
 * R-STAT-04, R-STAT-07: the direct debits the bank rejected or returned (one per flux,
 * R-RET-02), per the flux' season, structure, category and creation day, the return's reason
 * code ('' when the bank gave none) and the bank (the BIC's bank code the debit was presented
 * to, '' when unknown): their number and Σ MontantTTC. Kept and rebuilt as STA_FluxJour.
 */
export const STA_RejetJour = pgTable(
  'STA_RejetJour',
  {
    ID_Saison: integer('ID_Saison').notNull(),
    ID_Structure: integer('ID_Structure').notNull(),
    ID_CategoryFlux: integer('ID_CategoryFlux').notNull(),
    Jour: date('Jour').notNull(),
    CodeRaison: text('CodeRaison').notNull(),
    Banque: text('Banque').notNull(),
    Nombre: integer('Nombre').notNull().default(0),
    Montant: total('Montant'),
  },
  (t) => [
    primaryKey({
      columns: [t.ID_Saison, t.ID_Structure, t.ID_CategoryFlux, t.Jour, t.CodeRaison, t.Banque],
    }),
  ],
);
