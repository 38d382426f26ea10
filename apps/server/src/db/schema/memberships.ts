import { index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { STR_Structure } from './structures';
import { FEDE_Role, UTI_Utilisateur } from './users';

// Tables linking a user to a structure: apart from users.ts, which structures.ts imports.

/** A user's role in a structure. */
export const STR_StructureUtilisateur = pgTable(
  'STR_StructureUtilisateur',
  {
    id: id(),
    ID_Utilisateur: integer('ID_Utilisateur')
      .notNull()
      .references(() => UTI_Utilisateur.id),
    ID_Structure: integer('ID_Structure')
      .notNull()
      .references(() => STR_Structure.id),
    ID_Role: integer('ID_Role')
      .notNull()
      .references(() => FEDE_Role.id),
  },
  (t) => [uniqueIndex('str_structure_utilisateur_uq').on(t.ID_Utilisateur, t.ID_Structure, t.ID_Role)],
);

export const LIC_Licence = pgTable(
  'LIC_Licence',
  {
    id: id(),
    ID_Utilisateur: integer('ID_Utilisateur')
      .notNull()
      .references(() => UTI_Utilisateur.id),
    ID_Structure: integer('ID_Structure')
      .notNull()
      .references(() => STR_Structure.id),
    ID_Saison: integer('ID_Saison').notNull(),
    Z_DateCreation: createdAt(),
  },
  (t) => [index('lic_licence_structure_saison_idx').on(t.ID_Structure, t.ID_Saison)],
);
