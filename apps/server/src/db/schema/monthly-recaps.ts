import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { issuedStatementColumns } from './issued-statement-columns';
import { STR_Structure } from './structures';

/**
 * R-RECAP-04: every 'Récapitulatif mensuel' issued, frozen like the other statements (ADR 0031):
 * its number, structure, month (DateDebut..DateFin), the Paris day it was issued, its reste dû
 * at the month's end (SoldeFinalCentimes) and its PDF and xlsx as stored in DOC_Contenu.
 * Empreinte is the month itself (AAAA-MM): one recap per structure and month.
 * Never updated nor deleted (trigger).
 */
export const RM_RecapitulatifMensuelEmis = pgTable(
  'RM_RecapitulatifMensuelEmis',
  issuedStatementColumns({ DateEmission: date('DateEmission').notNull() }, {}),
  (t) => [
    uniqueIndex('rm_recapitulatif_numero_uq').on(t.Numero),
    uniqueIndex('rm_recapitulatif_mois_uq').on(t.ID_Structure, t.DateDebut, t.DateFin, t.Empreinte),
    index('rm_recapitulatif_structure_idx').on(t.ID_Structure, t.id),
    check('rm_recapitulatif_mois_ck', sql`"Empreinte" = to_char("DateDebut", 'YYYY-MM')`),
  ],
);

/** R-RECAP-07: whether a structure receives its recaps by e-mail (opt-in; no row: no). */
export const RM_AbonnementRecapitulatif = pgTable('RM_AbonnementRecapitulatif', {
  ID_Structure: integer('ID_Structure')
    .primaryKey()
    .references(() => STR_Structure.id),
  EST_AbonnementEmail: boolean('EST_AbonnementEmail').notNull(),
  Z_DateModification: timestamptz('Z_DateModification').notNull().defaultNow(),
});
