import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { DOC_Contenu } from './documents';
import { MKP_FluxFinancier } from './flux';
import { STR_Structure } from './structures';
import { UTI_Utilisateur } from './users';

/**
 * A reminder letter for overdue flux ('Relance' level 1-3), issued once: its PDF is the
 * DOC_Contenu row, so downloading it again gives the same bytes. A row never changes
 * (a trigger refuses UPDATE and DELETE).
 */
export const MKP_Relance = pgTable(
  'MKP_Relance',
  {
    id: id(),
    /** The structure reminded. */
    ID_Structure: integer('ID_Structure')
      .notNull()
      .references(() => STR_Structure.id),
    /** The structure the sender acted for (head office, ligue or comité). */
    ID_StructureEmettrice: integer('ID_StructureEmettrice')
      .notNull()
      .references(() => STR_Structure.id),
    ID_Utilisateur: integer('ID_Utilisateur')
      .notNull()
      .references(() => UTI_Utilisateur.id),
    Niveau: smallint('Niveau').notNull(),
    /**
     * The letter's rank among the structure's letters (1, 2, 3...), one more than the last one
     * the sender saw: unique per structure, so of concurrent issues on the same last letter
     * one only is written (R-DUE-05).
     */
    Rang: integer('Rang').notNull(),
    /** The Paris day the letter is dated and its flux aged at. */
    DateRelance: date('DateRelance').notNull(),
    CentimesTotal: bigint('CentimesTotal', { mode: 'number' }).notNull(),
    ID_Contenu: integer('ID_Contenu')
      .notNull()
      .references(() => DOC_Contenu.id),
    Sha256: text('Sha256').notNull(),
    NomFichier: text('NomFichier').notNull(),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    index('mkp_relance_structure_idx').on(t.ID_Structure, t.id),
    uniqueIndex('mkp_relance_structure_rang_uq').on(t.ID_Structure, t.Rang),
  ],
);

/** Each flux a letter cited, as the letter showed it. */
export const MKP_RelanceFlux = pgTable(
  'MKP_RelanceFlux',
  {
    ID_Relance: integer('ID_Relance')
      .notNull()
      .references(() => MKP_Relance.id),
    ID_FluxFinancier: integer('ID_FluxFinancier')
      .notNull()
      .references(() => MKP_FluxFinancier.id),
    NumeroFacture: text('NumeroFacture').notNull(),
    Centimes: bigint('Centimes', { mode: 'number' }).notNull(),
    DateEcheance: date('DateEcheance').notNull(),
    JoursRetard: integer('JoursRetard').notNull(),
    Z_DateCreation: timestamp('Z_DateCreation', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ID_Relance, t.ID_FluxFinancier] })],
);
