import { describe, expect, it } from 'vitest';
import { EMPTY_FLUX_FILTERS } from '../flux/search-filters';
import {
  DOCUMENT_PACK_MAX_DOCUMENTS,
  DOCUMENT_PACK_MESSAGES,
  documentPackRequestSchema,
  documentPackSummaryHeader,
  documentPackSummaryLine,
} from './document-pack';

const flux = { id: 42, seasonId: 2024, structureName: 'Club; Alpin', label: 'Licence "adulte"', amountCents: 123450 };

describe('document packs (R-DOC-08)', () => {
  it('caps a pack at 5,000 documents and says so in French with the count', () => {
    expect(DOCUMENT_PACK_MAX_DOCUMENTS).toBe(5000);
    expect(DOCUMENT_PACK_MESSAGES.tooMany(6200, 5000)).toMatch(/6\s200 documents.*au plus 5\s000/);
  });

  it('writes sommaire.csv with a BOM, ";" separators, quoted text and a comma decimal', () => {
    expect(documentPackSummaryHeader()).toBe('\uFEFFNuméro de facture;Flux;Structure;Libellé;Montant;Fichier\r\n');
    expect(documentPackSummaryLine(flux, 'facture-42-2024-03-01-2024-FFME-42.pdf')).toBe(
      '2024-FFME-42;42;"Club; Alpin";"Licence ""adulte""";1234,50;facture-42-2024-03-01-2024-FFME-42.pdf\r\n',
    );
  });

  it('neutralises a structure name or label a spreadsheet would run as a formula (R-SEC-16)', () => {
    const line = documentPackSummaryLine(
      { ...flux, structureName: '=HYPERLINK("http://x","Club")', label: '@SUM(1+1)' },
      'facture-42-2024-03-01-2024-FFME-42.pdf',
    );
    expect(line).toBe(
      '2024-FFME-42;42;"\'=HYPERLINK(""http://x"",""Club"")";\'@SUM(1+1);1234,50;facture-42-2024-03-01-2024-FFME-42.pdf\r\n',
    );
  });

  it('accepts the search form values and at least one distinct kind', () => {
    const filters = { ...EMPTY_FLUX_FILTERS, season: 2024, status: 'impaye' as const };
    expect(documentPackRequestSchema.safeParse({ filters, kinds: ['facture'] }).success).toBe(true);
    expect(documentPackRequestSchema.safeParse({ filters, kinds: [] }).success).toBe(false);
    expect(documentPackRequestSchema.safeParse({ filters, kinds: ['facture', 'facture'] }).success).toBe(false);
    expect(documentPackRequestSchema.safeParse({ filters: { ...filters, extra: 1 }, kinds: ['releve'] }).success).toBe(
      false,
    );
  });

  it("refuses no kind on 'kinds', with the page's words", () => {
    const result = documentPackRequestSchema.safeParse({ filters: EMPTY_FLUX_FILTERS, kinds: [] });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['kinds', DOCUMENT_PACK_MESSAGES.noKind],
    ]);
  });
});
