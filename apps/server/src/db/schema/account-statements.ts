import { bigint, date, index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { issuedStatementColumns } from './issued-statement-columns';

/**
 * Every relevé de compte given out (ADR 0031): its number, structure, period, the Paris day its
 * overdue flux were aged at, and its PDF and xlsx as stored in DOC_Contenu. Empreinte is the
 * SHA-256 of what the statement says: asking again for the same structure, period and day
 * while nothing changed returns this row, a change issues a new number. Never updated nor
 * deleted (trigger).
 */
export const MKP_ReleveCompteEmis = pgTable(
  'MKP_ReleveCompteEmis',
  issuedStatementColumns(
    { DateArrete: date('DateArrete').notNull() },
    { TotalEchuCentimes: bigint('TotalEchuCentimes', { mode: 'number' }).notNull() },
  ),
  (t) => [
    uniqueIndex('mkp_releve_compte_emis_numero_uq').on(t.Numero),
    uniqueIndex('mkp_releve_compte_emis_meme_uq').on(t.ID_Structure, t.DateDebut, t.DateFin, t.DateArrete, t.Empreinte),
    index('mkp_releve_compte_emis_structure_idx').on(t.ID_Structure, t.id),
  ],
);
