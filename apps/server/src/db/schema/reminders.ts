import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, requiredRef } from './columns';
import { issuedFile } from './issued-file';
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
    ID_Structure: requiredRef('ID_Structure', () => STR_Structure.id),
    /** The structure the sender acted for (head office, ligue or comité). */
    ID_StructureEmettrice: requiredRef('ID_StructureEmettrice', () => STR_Structure.id),
    ID_Utilisateur: requiredRef('ID_Utilisateur', () => UTI_Utilisateur.id),
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
    ...issuedFile(),
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
    ID_Relance: requiredRef('ID_Relance', () => MKP_Relance.id),
    ID_FluxFinancier: requiredRef('ID_FluxFinancier', () => MKP_FluxFinancier.id),
    NumeroFacture: text('NumeroFacture').notNull(),
    Centimes: bigint('Centimes', { mode: 'number' }).notNull(),
    DateEcheance: date('DateEcheance').notNull(),
    JoursRetard: integer('JoursRetard').notNull(),
    Z_DateCreation: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ID_Relance, t.ID_FluxFinancier] })],
);
