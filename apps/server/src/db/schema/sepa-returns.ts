import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, money } from './columns';
import { DOC_Contenu } from './documents';
import { MKP_FluxFinancier } from './flux';
import { STR_Structure } from './structures';
import { UTI_Utilisateur } from './users';

/**
 * A bank report of rejected or returned direct debits (pain.002, camt.054) imported on the
 * SEPA page (R-RET-01 to R-RET-03, ADR 0012). Sha256 is unique: the same file imported twice, even by
 * two requests at once, is recorded once and changes nothing the second time. The file's
 * bytes are kept (DOC_Contenu, Nature 'retour_sepa').
 */
export const MKP_ImportRetour = pgTable(
  'MKP_ImportRetour',
  {
    id: id(),
    Sha256: text('Sha256').notNull(),
    NomFichier: text('NomFichier').notNull(),
    /** ISO 20022 message version, e.g. pain.002.001.03. */
    Format: text('Format').notNull(),
    ID_Contenu: integer('ID_Contenu').references(() => DOC_Contenu.id),
    ID_Structure: integer('ID_Structure').references(() => STR_Structure.id),
    ID_Utilisateur: integer('ID_Utilisateur').references(() => UTI_Utilisateur.id),
    Z_DateCreation: createdAt(),
  },
  (t) => [uniqueIndex('mkp_import_retour_sha256_uq').on(t.Sha256)],
);

/**
 * A flux the bank rejected (before settlement) or returned (after it): the flux is 'rejeté'.
 * One row per flux (unique): a later report naming it again changes nothing. CodeRaison is
 * the ISO 20022 reason code (AM04...), null when the bank gave none.
 */
export const MKP_RetourPrelevement = pgTable(
  'MKP_RetourPrelevement',
  {
    id: id(),
    ID_FluxFinancier: integer('ID_FluxFinancier')
      .notNull()
      .references(() => MKP_FluxFinancier.id),
    ID_ImportRetour: integer('ID_ImportRetour')
      .notNull()
      .references(() => MKP_ImportRetour.id),
    TypeRetour: text('TypeRetour').notNull(),
    CodeRaison: text('CodeRaison'),
    DateRetour: date('DateRetour').notNull(),
    /** The amount the bank reported, when it gave one. */
    MontantRetour: money('MontantRetour'),
    EndToEndId: text('EndToEndId').notNull(),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    uniqueIndex('mkp_retour_prelevement_flux_uq').on(t.ID_FluxFinancier),
    index('mkp_retour_prelevement_import_idx').on(t.ID_ImportRetour),
    check('mkp_retour_prelevement_type_ck', sql`"TypeRetour" IN ('rejet', 'retour')`),
    check('mkp_retour_prelevement_code_ck', sql`"CodeRaison" IS NULL OR "CodeRaison" ~ '^[A-Z0-9]{4}$'`),
  ],
);
