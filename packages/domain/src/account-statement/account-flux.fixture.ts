import type { AccountFlux } from './account-statement';

/**
 * Test flux for the relevé de compte and Impayés rules: an unpaid debit of 10 € created at
 * `at`, with what a test overrides. Ids count up from `firstId`, one builder per test file.
 */
export function accountFluxBuilder(firstId: number) {
  let nextId = firstId;
  return (overrides: Partial<AccountFlux> & { at: string }): AccountFlux => {
    const { at, ...rest } = overrides;
    return {
      id: nextId++,
      createdAt: new Date(at),
      label: 'Cotisation',
      isDebit: true,
      amountTTC: 1000,
      dueDate: null,
      settled: false,
      settledOn: null,
      relaunchedBy: null,
      relaunchedAt: null,
      bankReturn: null,
      settledParts: [],
      creditFor: null,
      ...rest,
    };
  };
}
