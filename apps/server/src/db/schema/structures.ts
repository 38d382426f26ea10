import { boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id } from './columns';
import { FEDE_Saison } from './seasons';
import { UTI_Utilisateur } from './users';

export const STR_StructureType = pgTable('STR_StructureType', {
  id: integer('id').primaryKey(),
  NomTypeStructure: text('NomTypeStructure').notNull(),
});

/** Postal addresses of structures (via STR_Structure.ID_Adresse) and users (ID_Utilisateur). */
export const ADR_Adresse = pgTable(
  'ADR_Adresse',
  {
    id: id(),
    Adresse1: text('Adresse1'),
    Adresse2: text('Adresse2'),
    CodePostal: text('CodePostal'),
    Ville: text('Ville'),
    Pays: text('Pays').notNull().default('FR'),
    ID_Utilisateur: integer('ID_Utilisateur').references(() => UTI_Utilisateur.id),
    Z_DateCreation: createdAt(),
  },
  (t) => [index('adr_adresse_utilisateur_idx').on(t.ID_Utilisateur)],
);

/** Departments point to their ligue and comité (used by the address calls). */
export const ADR_Departement = pgTable('ADR_Departement', {
  id: id(),
  CodeDepartement: text('CodeDepartement').notNull().unique(),
  NomDepartement: text('NomDepartement').notNull(),
  ID_Ligue: integer('ID_Ligue'),
  ID_Comite: integer('ID_Comite'),
});

export const STR_Structure = pgTable(
  'STR_Structure',
  {
    id: id(),
    NomStructure: text('NomStructure').notNull(),
    ID_CodeFederal: text('ID_CodeFederal'),
    ID_TypeStructure: integer('ID_TypeStructure')
      .notNull()
      .references(() => STR_StructureType.id),
    /** For member structures: the federation (type 7) they belong to. */
    ID_Federation: integer('ID_Federation'),
    ID_Adresse: integer('ID_Adresse').references(() => ADR_Adresse.id),
    ID_Departement: integer('ID_Departement').references(() => ADR_Departement.id),
    /** The correspondent (NomCorrespondant relation). */
    ID_Correspondant: integer('ID_Correspondant').references(() => UTI_Utilisateur.id),
    EST_Bloquee: boolean('EST_Bloquee').notNull().default(false),
    CT_Email: text('CT_Email'),
    /**
     * Where its invoices, relevés and letters are e-mailed (R-MAIL-01); when null, its
     * correspondent's address is used.
     */
    CT_EmailFacturation: text('CT_EmailFacturation'),
    CT_Telephone: text('CT_Telephone'),
    SIREN: text('SIREN'),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    index('str_structure_code_federal_idx').on(t.ID_CodeFederal),
    index('str_structure_federation_idx').on(t.ID_Federation),
    index('str_structure_type_idx').on(t.ID_TypeStructure),
  ],
);

/** Whether a structure is affiliated on a season. */
export const STR_Affiliation = pgTable(
  'STR_Affiliation',
  {
    id: id(),
    ID_Structure: integer('ID_Structure')
      .notNull()
      .references(() => STR_Structure.id),
    ID_Saison: integer('ID_Saison')
      .notNull()
      .references(() => FEDE_Saison.id),
    Etat: text('Etat').notNull().default('affiliee'),
    Z_DateCreation: createdAt(),
  },
  (t) => [uniqueIndex('str_affiliation_structure_saison_uq').on(t.ID_Structure, t.ID_Saison)],
);

/** Bank accounts; mandate data (RUM, signature date) for SEPA direct debit. */
/**
 * A temporary affiliation structure (R-API-05): a structure asking to join a
 * federation, known by its name and its correspondent until the structure itself is
 * created (ID_Structure then points to it). Affiliation invoices fall back on its
 * correspondent when the structure has none.
 */
export const STR_AffiliationTemporaire = pgTable(
  'STR_AffiliationTemporaire',
  {
    id: id(),
    NomStructure: text('NomStructure').notNull(),
    ID_TypeStructure: integer('ID_TypeStructure')
      .notNull()
      .references(() => STR_StructureType.id),
    /** The federation the request is made to. */
    ID_Federation: integer('ID_Federation')
      .notNull()
      .references(() => STR_Structure.id),
    ID_Saison: integer('ID_Saison')
      .notNull()
      .references(() => FEDE_Saison.id),
    /** The structure created from this request, once accepted. */
    ID_Structure: integer('ID_Structure').references(() => STR_Structure.id),
    CT_Prenom: text('CT_Prenom').notNull(),
    CT_Nom: text('CT_Nom').notNull(),
    CT_Email: text('CT_Email'),
    CT_Telephone: text('CT_Telephone'),
    Adresse1: text('Adresse1'),
    CodePostal: text('CodePostal'),
    Ville: text('Ville'),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    // Looked up by name (R-API-05), case-insensitively.
    index('str_affiliation_temporaire_nom_idx').on(sql`lower(${t.NomStructure})`),
    index('str_affiliation_temporaire_federation_idx').on(t.ID_Federation),
    index('str_affiliation_temporaire_structure_idx').on(t.ID_Structure),
  ],
);

export const STR_StructureRib = pgTable(
  'STR_StructureRib',
  {
    id: id(),
    ID_Structure: integer('ID_Structure')
      .notNull()
      .references(() => STR_Structure.id),
    IBAN: text('IBAN').notNull(),
    BIC: text('BIC'),
    Titulaire: text('Titulaire').notNull(),
    Banque: text('Banque'),
    MandatRUM: text('MandatRUM'),
    MandatDateSignature: date('MandatDateSignature'),
    EST_Valide: boolean('EST_Valide').notNull().default(true),
    Z_DateCreation: createdAt(),
  },
  (t) => [index('str_structure_rib_structure_idx').on(t.ID_Structure)],
);
