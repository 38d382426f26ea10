import { describe, expect, it } from 'vitest';
import { defaultCollectionDate, sepaGenerateBodySchema, sepaPreviewQuerySchema } from './sepa-contracts';

describe('SEPA request contracts', () => {
  it('defaults the collection date to the next business day plus three days, never a weekend', () => {
    expect(defaultCollectionDate(new Date('2026-11-23T10:00:00Z'))).toBe('2026-11-27'); // Monday -> Friday
    expect(defaultCollectionDate(new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-30'); // Saturday -> Monday
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
