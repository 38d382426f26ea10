import { date, index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { issuedStatementColumns } from './issued-statement-columns';

/**
 * R-PAY-09: every 'Relevé de reversements' given out to a ligue or a comité, issued and frozen
 * like a relevé de compte (ADR 0031): its number, structure, period, the Paris day it was
 * issued, and its PDF and xlsx as stored in DOC_Contenu. Empreinte is the SHA-256 of what the
 * statement says: the same structure, period and content asked again returns this row.
 * Never updated nor deleted (trigger).
 */
export const REV_ReleveReversementsEmis = pgTable(
  'REV_ReleveReversementsEmis',
  issuedStatementColumns({ DateEmission: date('DateEmission').notNull() }, {}),
  (t) => [
    uniqueIndex('rev_releve_reversements_numero_uq').on(t.Numero),
    uniqueIndex('rev_releve_reversements_meme_uq').on(t.ID_Structure, t.DateDebut, t.DateFin, t.Empreinte),
    index('rev_releve_reversements_structure_idx').on(t.ID_Structure, t.id),
  ],
);
