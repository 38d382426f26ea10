import { describe, expect, it } from 'vitest';
import { COUNT_LIMIT, settledTotal } from './search-flux-queries';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

describe('the total a page settles without a count', () => {
  it('a page shorter than asked ends the search: its offset plus its rows, exact', () => {
    expect(settledTotal({ rows: rows(7), totalWithPage: null }, 0, 30)).toBe(7);
    expect(settledTotal({ rows: rows(5), totalWithPage: null }, 60, 30)).toBe(65);
    // Exact even when the planner expected far more.
    expect(settledTotal({ rows: rows(7), totalWithPage: COUNT_LIMIT }, 0, 30)).toBe(7);
  });

  it('an empty first page is 0; an empty later page (past the end) settles nothing', () => {
    expect(settledTotal({ rows: [], totalWithPage: null }, 0, 30)).toBe(0);
    expect(settledTotal({ rows: [], totalWithPage: null }, 29_970, 30)).toBeNull();
  });

  it("a full page: 'plus de 10 000' when the planner expects far more, else the count is needed", () => {
    expect(settledTotal({ rows: rows(30), totalWithPage: COUNT_LIMIT }, 0, 30)).toBe(COUNT_LIMIT);
    expect(settledTotal({ rows: rows(30), totalWithPage: null }, 0, 30)).toBeNull();
  });

  it('a full page: the exact total counted with it when the planner expected few rows', () => {
    expect(settledTotal({ rows: rows(30), totalWithPage: 412 }, 0, 30)).toBe(412);
    // A short page is exact by itself.
    expect(settledTotal({ rows: rows(12), totalWithPage: 412 }, 0, 30)).toBe(12);
  });
});
