import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, lineRank, requiredRef, timestamptz } from './columns';
import { MKP_FluxFinancier, MKP_Tarif } from './flux';
import { APP_Traitement } from './jobs';
import { STR_Structure } from './structures';
import { UTI_Utilisateur } from './users';

/**
 * 'Création factures' (R-INV-01 to R-INV-09): a draft invoice for one structure, with no number,
 * editable and deletable until issued; issuing creates its flux (which numbers it, R-FACT-01)
 * and records it here, after which a trigger refuses any change or deletion of the draft and
 * its lines. `Version` grows with every edit: a save naming an older one is refused (409).
 */
export const FAC_Brouillon = pgTable(
  'FAC_Brouillon',
  {
    id: id(),
    /** The structure billed. */
    ID_Structure: requiredRef('ID_Structure', () => STR_Structure.id),
    /** The structure the creator acted for (the head office). */
    ID_StructureEmettrice: requiredRef('ID_StructureEmettrice', () => STR_Structure.id),
    Libelle: text('Libelle').notNull(),
    ID_CategoryFlux: smallint('ID_CategoryFlux').notNull(),
    DateEcheance: date('DateEcheance').notNull(),
    Note: text('Note').notNull().default(''),
    ID_Utilisateur: requiredRef('ID_Utilisateur', () => UTI_Utilisateur.id),
    Version: integer('Version').notNull().default(1),
    Z_DateCreation: createdAt(),
    Z_DateModification: timestamptz('Z_DateModification').notNull().defaultNow(),
    /** The flux it became; set once, by the issue. */
    ID_FluxFinancier: integer('ID_FluxFinancier').references(() => MKP_FluxFinancier.id),
    DateEmission: timestamptz('DateEmission'),
  },
  (t) => [
    index('fac_brouillon_emettrice_idx').on(t.ID_StructureEmettrice, t.id),
    uniqueIndex('fac_brouillon_flux_uq').on(t.ID_FluxFinancier),
    check('fac_brouillon_categorie_ck', sql`"ID_CategoryFlux" IN (4, 5)`),
  ],
);

/** A draft's line, in rank order: from a tarif (ID_Tarif) or free; unit price in integer cents. */
export const FAC_BrouillonLigne = pgTable(
  'FAC_BrouillonLigne',
  {
    ID_Brouillon: integer('ID_Brouillon')
      .notNull()
      .references(() => FAC_Brouillon.id, { onDelete: 'cascade' }),
    Rang: lineRank(),
    Libelle: text('Libelle').notNull(),
    ID_Tarif: integer('ID_Tarif').references(() => MKP_Tarif.id),
    CentimesUnitaire: bigint('CentimesUnitaire', { mode: 'number' }).notNull(),
    Quantite: integer('Quantite').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ID_Brouillon, t.Rang] }),
    check('fac_brouillon_ligne_ck', sql`"CentimesUnitaire" > 0 AND "Quantite" > 0`),
  ],
);

/**
 * A bulk invoicing (R-INV-09), known by its idempotency key: asked twice, it is the same lot.
 * `Contenu` is what every invoice says (label, category, due date, note, lines), `Selection`
 * the criteria as asked.
 */
export const FAC_Lot = pgTable(
  'FAC_Lot',
  {
    id: id(),
    Cle: text('Cle').notNull(),
    ID_StructureEmettrice: requiredRef('ID_StructureEmettrice', () => STR_Structure.id),
    ID_Utilisateur: requiredRef('ID_Utilisateur', () => UTI_Utilisateur.id),
    Libelle: text('Libelle').notNull(),
    Contenu: jsonb('Contenu').notNull(),
    Selection: jsonb('Selection').notNull(),
    ID_Traitement: integer('ID_Traitement').references(() => APP_Traitement.id),
    Z_DateCreation: createdAt(),
  },
  (t) => [uniqueIndex('fac_lot_cle_uq').on(t.ID_StructureEmettrice, t.Cle)],
);

/**
 * One row per (lot, structure): the flux issued for it, or why it was left out. Written in the
 * step that issues it: a restarted job skips the structures that have one, so each invoice is
 * issued once.
 */
export const FAC_LotStructure = pgTable(
  'FAC_LotStructure',
  {
    ID_Lot: requiredRef('ID_Lot', () => FAC_Lot.id),
    ID_Structure: requiredRef('ID_Structure', () => STR_Structure.id),
    ID_FluxFinancier: integer('ID_FluxFinancier').references(() => MKP_FluxFinancier.id),
    Raison: text('Raison'),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ID_Lot, t.ID_Structure] }),
    uniqueIndex('fac_lot_structure_flux_uq').on(t.ID_FluxFinancier),
    check('fac_lot_structure_issue_ck', sql`("ID_FluxFinancier" IS NULL) <> ("Raison" IS NULL)`),
  ],
);
