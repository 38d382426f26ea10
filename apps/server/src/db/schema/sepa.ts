import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { MKP_FluxFinancier, MKP_Traitement } from './flux';
import { STR_Structure } from './structures';

/**
 * One row per direct debit written in a SEPA file: the mandate and account it was
 * presented under (R-SEPA-07). The next file compares the debtor's account with the last
 * one of the same mandate to write the EPC amendment (AmdmntInd, OrgnlDbtrAcct, SMNDA).
 */
export const MKP_PrelevementSepa = pgTable(
  'MKP_PrelevementSepa',
  {
    id: id(),
    ID_Traitement: integer('ID_Traitement')
      .notNull()
      .references(() => MKP_Traitement.id),
    ID_FluxFinancier: integer('ID_FluxFinancier')
      .notNull()
      .references(() => MKP_FluxFinancier.id),
    ID_Structure: integer('ID_Structure')
      .notNull()
      .references(() => STR_Structure.id),
    EndToEndId: text('EndToEndId').notNull(),
    MandatRUM: text('MandatRUM').notNull(),
    IBAN: text('IBAN').notNull(),
    BIC: text('BIC'),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    uniqueIndex('mkp_prelevement_sepa_lot_flux_uq').on(t.ID_Traitement, t.ID_FluxFinancier),
    // "The last account presented under this mandate": newest batch first.
    index('mkp_prelevement_sepa_mandat_idx').on(t.ID_Structure, t.MandatRUM, t.ID_Traitement.desc()),
    index('mkp_prelevement_sepa_e2e_idx').on(t.EndToEndId),
  ],
);
