import { parisToday } from '@gdf/domain';
import type { AppOptions } from '../../../src/app';
import { TEST_SEPA_ICS, TEST_TODAY } from './test-app';

/** The day the invoicing suites issue on: two days after the demo data's day. */
export const INVOICING_ISSUE_DAY = new Date(TEST_TODAY.getTime() + 2 * 86_400_000);

/** Three weeks ahead of the day the test runs: a due date is refused once past or beyond 60 days (R-INV-03). */
export const INVOICING_DUE = parisToday(new Date(Date.now() + 21 * 86_400_000));

/** The app options of the invoicing suites: their issue day and the creditor SEPA files name, with `more`. */
export const invoicingAppOptions = (more: Partial<AppOptions> = {}): Partial<AppOptions> => ({
  invoicingClock: () => INVOICING_ISSUE_DAY,
  sepa: { ics: TEST_SEPA_ICS },
  ...more,
});

/** A line of a stage invoice: `days` days at 45 €. */
export const stageLine = (days: number) => ({
  libelle: 'Journée de stage',
  tarifId: null,
  prixUnitaireCentimes: 4_500,
  quantite: days,
});

/**
 * A draft invoice's request body ('Création factures', R-INV-01): a stage of `stage.days` days
 * for the structure, due in three weeks; `more` replaces any field.
 */
export const stageDraftBody = (
  structureId: number,
  stage: { libelle: string; note: string; days: number },
  more: object = {},
) => ({
  structureId,
  libelle: stage.libelle,
  categorie: 4,
  echeance: INVOICING_DUE,
  note: stage.note,
  lignes: [stageLine(stage.days)],
  ...more,
});
