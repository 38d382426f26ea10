import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';

export const UTI_Utilisateur = pgTable(
  'UTI_Utilisateur',
  {
    id: id(),
    CT_Nom: text('CT_Nom').notNull(),
    CT_Prenom: text('CT_Prenom').notNull(),
    /** Null for people who never held a licence (shown 'N.C'). */
    LicenceNumero: integer('LicenceNumero'),
    CT_Email: text('CT_Email'),
    CT_Telephone: text('CT_Telephone'),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    uniqueIndex('uti_utilisateur_licence_uq').on(t.LicenceNumero),
    index('uti_utilisateur_nom_trgm_idx').using('gin', t.CT_Nom.op('gin_trgm_ops')),
  ],
);

/** Sign-in credentials; scrypt hash ("scrypt$N$r$p$salt$hash"). */
export const UTI_Login = pgTable('UTI_Login', {
  id: id(),
  ID_Utilisateur: integer('ID_Utilisateur')
    .notNull()
    .unique()
    .references(() => UTI_Utilisateur.id),
  Email: text('Email').notNull().unique(),
  MotDePasseHash: text('MotDePasseHash').notNull(),
  EST_Actif: boolean('EST_Actif').notNull().default(true),
  DerniereConnexion: timestamptz('DerniereConnexion'),
  Z_DateCreation: createdAt(),
});

/**
 * A signed-in browser (or script): its refresh token is rotated on each use and only its
 * SHA-256 is kept, with the previous one for a short grace (two tabs refreshing at once).
 * Access tokens carry the session id and are checked against this row on every request,
 * so logout, deactivation (trigger on UTI_Login, migration) and reuse revoke at once.
 */
export const UTI_Session = pgTable(
  'UTI_Session',
  {
    id: text('id').primaryKey(),
    ID_Utilisateur: integer('ID_Utilisateur')
      .notNull()
      .references(() => UTI_Utilisateur.id),
    RefreshHash: text('RefreshHash').notNull(),
    RefreshHashPrecedent: text('RefreshHashPrecedent'),
    DateRotation: timestamptz('DateRotation'),
    DateExpiration: timestamptz('DateExpiration').notNull(),
    DateRevocation: timestamptz('DateRevocation'),
    /** deconnexion, desactivation, mot_de_passe, reutilisation */
    MotifRevocation: text('MotifRevocation'),
    Z_DateCreation: createdAt(),
  },
  (t) => [index('uti_session_utilisateur_idx').on(t.ID_Utilisateur)],
);

export const FEDE_Role = pgTable('FEDE_Role', {
  id: id(),
  NomRole: text('NomRole').notNull(),
  SlugRole: text('SlugRole').notNull().unique(),
});

/**
 * Permissions as data, role x module x action (R-PERM-01: access to a module is
 * checked per module; R-PERM-06: writing is a grant of its own). 'lecture' opens the module;
 * the write actions of a module are listed in @gdf/domain's MODULE_WRITE_ACTIONS.
 */
export const FEDE_RoleModule = pgTable(
  'FEDE_RoleModule',
  {
    id: id(),
    ID_Role: integer('ID_Role')
      .notNull()
      .references(() => FEDE_Role.id),
    SlugModule: text('SlugModule').notNull(),
    Action: text('Action').notNull().default('lecture'),
    EST_Acces: boolean('EST_Acces').notNull().default(true),
  },
  (t) => [uniqueIndex('fede_role_module_action_uq').on(t.ID_Role, t.SlugModule, t.Action)],
);
