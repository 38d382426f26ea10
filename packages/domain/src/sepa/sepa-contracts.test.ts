import { describe, expect, it } from 'vitest';
import { defaultCollectionDate, sepaGenerateBodySchema, sepaPreviewQuerySchema } from './sepa-contracts';

describe('SEPA request contracts', () => {
  it('defaults the collection date to three TARGET days after the earliest one, never a closing day', () => {
    expect(defaultCollectionDate(new Date('2026-11-23T10:00:00Z'))).toBe('2026-11-27'); // Monday -> Friday
    expect(defaultCollectionDate(new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-30'); // Tuesday -> Monday
    expect(defaultCollectionDate(new Date('2026-12-21T10:00:00Z'))).toBe('2026-12-28'); // over Christmas
    expect(defaultCollectionDate(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-27'); // already Monday in Paris
  });

  it('parses the preview query: season and comma-separated categories', () => {
    expect(sepaPreviewQuerySchema.parse({ dateEcheance: '2026-12-01', saison: '2026', categories: '5,4,5' })).toEqual({
      dateEcheance: '2026-12-01',
      saison: 2026,
      categories: [5, 4],
    });
    expect(sepaPreviewQuerySchema.safeParse({ dateEcheance: '2026-02-30' }).success).toBe(false);
    expect(sepaPreviewQuerySchema.safeParse({ dateEcheance: '2026-12-01', categories: '5;4' }).success).toBe(false);
  });

  it('accepts only the two pain.008 versions', () => {
    expect(sepaGenerateBodySchema.safeParse({ dateEcheance: '2026-12-01', version: 'pain.008.001.02' }).success).toBe(
      true,
    );
    expect(sepaGenerateBodySchema.safeParse({ dateEcheance: '2026-12-01', version: 'pain.008.001.09' }).success).toBe(
      false,
    );
  });
});
