import { describe, expect, it } from 'vitest';
import { BANK_STATEMENT_TEXT } from './bank-statement-messages';
import { reconciliationSplitContract, SPLIT_FORM_MESSAGES } from './split-contract';

const part = (ID_FluxFinancier: number, text: string, resteDuCents = 10_000) => ({
  ID_FluxFinancier,
  resteDuCents,
  text,
});
const issuesOf = (credit: number, parts: ReturnType<typeof part>[]) => {
  const result = reconciliationSplitContract(credit).safeParse({ parts });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('reconciliationSplitContract: the parts of a credit (R-BANK-04)', () => {
  it('gives the body the server parses: euros typed the French way become cents', () => {
    expect(reconciliationSplitContract(5_000).parse({ parts: [part(7, '12,50'), part(8, '20')] })).toEqual({
      parts: [
        { ID_FluxFinancier: 7, montantCents: 1_250 },
        { ID_FluxFinancier: 8, montantCents: 2_000 },
      ],
    });
  });

  it('an amount that does not read, or zero, is refused on its own field', () => {
    expect(issuesOf(5_000, [part(7, '12,5,0'), part(8, '0'), part(9, '1')])).toEqual([
      ['parts.0.text', SPLIT_FORM_MESSAGES.invalidAmount],
      ['parts.1.text', SPLIT_FORM_MESSAGES.invalidAmount],
    ]);
  });

  it("then the server's rule across the parts: none, above what a flux owes, above the credit", () => {
    expect(issuesOf(5_000, [])).toEqual([['', BANK_STATEMENT_TEXT.noAllocation]]);
    expect(issuesOf(5_000, [part(7, '20', 1_000)])).toEqual([['', BANK_STATEMENT_TEXT.overFluxDue(7, 1_000)]]);
    expect(issuesOf(1_000, [part(7, '20')])).toEqual([['', BANK_STATEMENT_TEXT.overEntry(2_000, 1_000)]]);
  });
});
