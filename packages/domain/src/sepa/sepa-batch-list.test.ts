import { describe, expect, it } from 'vitest';
import { SEPA_BATCH_LIST_MESSAGES, sepaBatchPage, sepaBatchesQuerySchema } from './sepa-batch-list';

describe('the SEPA history’s page and sort (R-UI-20)', () => {
  it('defaults to the first page of 50, newest first', () => {
    expect(sepaBatchPage(sepaBatchesQuerySchema.parse({}))).toEqual({
      page: 1,
      limit: 50,
      sort: 'date',
      direction: 'desc',
    });
    expect(
      sepaBatchPage(sepaBatchesQuerySchema.parse({ page: '3', limit: '25', tri: 'montant', ordre: 'asc' })),
    ).toEqual({ page: 3, limit: 25, sort: 'montant', direction: 'asc' });
  });

  it('refuses a bad page, size, sort or order with a French message', () => {
    const message = (query: Record<string, string>) =>
      sepaBatchesQuerySchema.safeParse(query).error?.issues[0]?.message;
    expect(message({ page: '0' })).toBe(SEPA_BATCH_LIST_MESSAGES.page);
    expect(message({ page: 'deux' })).toBe(SEPA_BATCH_LIST_MESSAGES.page);
    expect(message({ limit: '201' })).toBe(SEPA_BATCH_LIST_MESSAGES.limit);
    expect(message({ tri: 'taille' })).toBe(SEPA_BATCH_LIST_MESSAGES.sort);
    expect(message({ ordre: 'haut' })).toBe(SEPA_BATCH_LIST_MESSAGES.direction);
    expect(SEPA_BATCH_LIST_MESSAGES.sort).toBe('tri invalide (l’un de : date, fichier, auteur, flux, montant)');
  });
});
