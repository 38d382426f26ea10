import { describe, expect, it } from 'vitest';
import { StructureType } from '../structures/structure-types';
import {
  ageingRanges,
  collectionRateBasisPoints,
  effectiveFilters,
  meanDelayDays,
  rejectBankLabel,
  rejectReasonLabel,
  withinPeriod,
} from './index';
import { statisticsQuerySchema, type StatisticsQuery } from './statistics-request';

const parse = (query: Record<string, string>) => statisticsQuerySchema.safeParse(query);
const messages = (query: Record<string, string>) => {
  const result = parse(query);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('R-STAT-02: the filters of Etats statistiques', () => {
  it('reads every filter, a type of structure by its id or its name', () => {
    const result = parse({
      structureId: '1318',
      saison: '2026',
      debut: '2025-09-01',
      fin: '2025-12-31',
      categorie: '5',
      typeStructure: 'ligue',
      ligue: '12',
      comite: '13',
    });
    expect(result.success && result.data).toMatchObject({
      saison: 2026,
      categorie: 5,
      typeStructure: StructureType.LigueRegionale,
      ligue: 12,
      comite: 13,
    });
    expect(parse({ typeStructure: '1' }).data?.typeStructure).toBe(StructureType.Club);
  });

  it('refuses an unknown filter, naming it, in French', () => {
    expect(messages({ saison: '2026', region: '3' })).toEqual([expect.stringMatching(/^Filtre inconnu : region/)]);
  });

  it('refuses impossible dates, a reversed period and malformed numbers, in French', () => {
    expect(messages({ debut: '2026-02-30' })).toEqual(['date inexistante']);
    expect(messages({ fin: '31/12/2025' })[0]).toBe('date attendue au format AAAA-MM-JJ');
    expect(messages({ debut: '2025-12-01', fin: '2025-11-01' })).toEqual([
      'la date de début doit précéder la date de fin',
    ]);
    expect(messages({ saison: 'abc' })[0]).toMatch(/^saison attendue/);
    expect(messages({ categorie: '-1' })[0]).toMatch(/^catégorie attendue/);
    expect(messages({ typeStructure: 'region' })[0]).toMatch(/^type de structure attendu/);
    expect(messages({ ligue: '0' })[0]).toMatch(/^ligue attendue/);
  });

  const query = (values: StatisticsQuery) => values;

  it('defaults to the current season up to today, and to a past season’s last day', () => {
    expect(effectiveFilters(query({}), 2026, '2025-11-30')).toEqual({
      filters: {
        saison: 2026,
        debut: '2025-09-01',
        fin: '2025-11-30',
        categorie: null,
        typeStructure: null,
        ligue: null,
        comite: null,
      },
    });
    expect(effectiveFilters(query({ saison: 2024 }), 2026, '2025-11-30')).toMatchObject({
      filters: { debut: '2023-09-01', fin: '2024-08-31' },
    });
  });

  it('refuses a period outside the season or after today', () => {
    expect(effectiveFilters(query({ saison: 2026, debut: '2025-08-31' }), 2026, '2025-11-30')).toEqual({
      problem: expect.stringMatching(/dans la saison 2025-2026/),
    });
    expect(effectiveFilters(query({ fin: '2025-12-01' }), 2026, '2025-11-30')).toEqual({
      problem: 'la période ne peut pas finir après aujourd’hui',
    });
    expect(effectiveFilters(query({ saison: 2027 }), 2026, '2025-11-30')).toEqual({
      problem: 'la saison 2026-2027 n’a pas encore commencé',
    });
  });
});

describe('R-STAT-03: the collection rate and delay', () => {
  it('gives whole basis points rounded down, none when nothing was billed', () => {
    expect(collectionRateBasisPoints(30_000, 10_000)).toBe(3_333);
    expect(collectionRateBasisPoints(10_000, 10_000)).toBe(10_000);
    expect(collectionRateBasisPoints(0, 0)).toBeNull();
  });

  it('gives the mean delay in whole days, none without a settled debit', () => {
    expect(meanDelayDays(31, 2)).toBe(16);
    expect(meanDelayDays(0, 0)).toBeNull();
  });
});

describe('R-STAT-04: reasons and banks', () => {
  it('labels a reason by its ISO code and a missing reason or bank', () => {
    expect(rejectReasonLabel('')).toBe('Motif non communiqué par la banque');
    expect(rejectReasonLabel('AC01')).toMatch(/IBAN/);
    expect(rejectBankLabel('')).toBe('Banque non renseignée');
    expect(rejectBankLabel('BNPA')).toBe('BNPA');
  });
});

describe('R-STAT-05: the ageing buckets of R-STMT-02, by creation day', () => {
  it('covers every day once, the newest bucket ending today', () => {
    expect(ageingRanges('2025-11-30')).toEqual({
      '0-30': { from: '2025-10-31', to: '2025-11-30' },
      '31-60': { from: '2025-10-01', to: '2025-10-30' },
      '61-90': { from: '2025-09-01', to: '2025-09-30' },
      '90+': { from: null, to: '2025-08-31' },
    });
  });

  it('keeps a bucket within the period, or nothing', () => {
    const ranges = ageingRanges('2025-11-30');
    expect(withinPeriod(ranges['0-30'], '2025-11-15', '2025-11-30')).toEqual({ from: '2025-11-15', to: '2025-11-30' });
    expect(withinPeriod(ranges['90+'], '2025-09-01', '2025-11-30')).toBeNull();
  });
});
