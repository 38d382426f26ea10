import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { MKP_ReleveCompteEmis } from './account-statements';
import { MKP_FluxFinancier } from './flux';
import { MKP_Relance } from './reminders';
import { RM_RecapitulatifMensuelEmis } from './monthly-recaps';
import { STR_Structure } from './structures';
import { UTI_Utilisateur } from './users';

/**
 * One e-mail of one issued document to one structure (R-MAIL-01..04): the delivery log. A row is
 * written when the send is asked (queued), then only its delivery columns change: sent with the
 * SMTP server's message id, or failed with the server's last answer after the last try. The
 * document is exactly one of: a flux's document (facture, avoir, avis de prélèvement), a relevé
 * de compte, a reminder letter, a 'Récapitulatif mensuel' (R-RECAP-07). CleDemande makes one click one message: the same key again
 * returns this row instead of sending twice. A resend is a new row naming the one it repeats.
 */
export const MEL_Envoi = pgTable(
  'MEL_Envoi',
  {
    id: id(),
    ID_Structure: integer('ID_Structure')
      .notNull()
      .references(() => STR_Structure.id),
    /** facture, releve, relance, recapitulatif. */
    TypeDocument: text('TypeDocument').notNull(),
    ID_FluxFinancier: integer('ID_FluxFinancier').references(() => MKP_FluxFinancier.id),
    ID_ReleveCompte: integer('ID_ReleveCompte').references(() => MKP_ReleveCompteEmis.id),
    ID_Relance: integer('ID_Relance').references(() => MKP_Relance.id),
    ID_RecapitulatifMensuel: integer('ID_RecapitulatifMensuel').references(() => RM_RecapitulatifMensuelEmis.id),
    Destinataire: text('Destinataire').notNull(),
    Objet: text('Objet').notNull(),
    /** en_attente, envoye, echec. */
    Statut: text('Statut').notNull().default('en_attente'),
    Tentatives: integer('Tentatives').notNull().default(0),
    /** The SMTP server's Message-ID once it accepted the message. */
    IdMessageSmtp: text('IdMessageSmtp'),
    /** The server's last answer (its refusal, or why it could not be reached). */
    ReponseServeur: text('ReponseServeur'),
    CleDemande: text('CleDemande').notNull(),
    /** Who asked; null when the product sent it on issue for a job without a user. */
    ID_Utilisateur: integer('ID_Utilisateur').references(() => UTI_Utilisateur.id),
    /** The send this one repeats ('Renvoyer'). */
    ID_EnvoiRenvoye: integer('ID_EnvoiRenvoye'),
    Z_DateCreation: createdAt(),
    DateDerniereTentative: timestamptz('DateDerniereTentative'),
    DateEnvoi: timestamptz('DateEnvoi'),
  },
  (t) => [
    uniqueIndex('mel_envoi_cle_uq').on(t.CleDemande),
    index('mel_envoi_structure_idx').on(t.ID_Structure, t.id),
    index('mel_envoi_flux_idx')
      .on(t.ID_FluxFinancier, t.id)
      .where(sql`"ID_FluxFinancier" IS NOT NULL`),
    index('mel_envoi_releve_idx')
      .on(t.ID_ReleveCompte, t.id)
      .where(sql`"ID_ReleveCompte" IS NOT NULL`),
    index('mel_envoi_relance_idx')
      .on(t.ID_Relance, t.id)
      .where(sql`"ID_Relance" IS NOT NULL`),
    index('mel_envoi_recapitulatif_idx')
      .on(t.ID_RecapitulatifMensuel, t.id)
      .where(sql`"ID_RecapitulatifMensuel" IS NOT NULL`),
    check('mel_envoi_type_ck', sql`"TypeDocument" IN ('facture', 'releve', 'relance', 'recapitulatif')`),
    check('mel_envoi_statut_ck', sql`"Statut" IN ('en_attente', 'envoye', 'boite_locale', 'echec')`),
    check(
      'mel_envoi_document_ck',
      sql`num_nonnulls("ID_FluxFinancier", "ID_ReleveCompte", "ID_Relance", "ID_RecapitulatifMensuel") = 1 AND (
        ("TypeDocument" = 'facture' AND "ID_FluxFinancier" IS NOT NULL)
        OR ("TypeDocument" = 'releve' AND "ID_ReleveCompte" IS NOT NULL)
        OR ("TypeDocument" = 'relance' AND "ID_Relance" IS NOT NULL)
        OR ("TypeDocument" = 'recapitulatif' AND "ID_RecapitulatifMensuel" IS NOT NULL))`,
    ),
  ],
);
