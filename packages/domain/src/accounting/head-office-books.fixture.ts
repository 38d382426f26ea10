import type { FluxForEntry, ThirdPartyRule } from './entry';

/** The head office's third-party rule in the settlement tests: 411 + the federal code. */
export const HEAD_OFFICE: ThirdPartyRule = {
  collectiveAccount: '411000',
  collectiveLabel: 'Adhérents et structures affiliées',
  prefix: '411',
  fixedAccount: null,
  fixedLabel: null,
};

/** The fiscal year their entries are numbered in. */
export const YEAR = { debut: '2025-09-01', fin: '2026-08-31' };

/** A member's 100 € Affiliation debit of 5 January 2026, invoice 2026-FFME-42. */
export const AFFILIATION: FluxForEntry = {
  id: 42,
  pieceRef: '2026-FFME-42',
  label: 'Affiliation 2026',
  date: '2026-01-05',
  isDebit: true,
  amountCents: 10_000,
  structureCode: '069012',
  structureName: 'Club Escalade Lyon',
};
