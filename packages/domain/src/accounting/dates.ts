/** 'YYYY-MM-DD' -> 'JJMMAA' (Sage PNM). */
export function toJJMMAA(isoDate: string): string {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  return `${day}${month}${year.slice(2)}`;
}

/** 'YYYY-MM-DD' -> 'AAAAMMJJ' (FEC). */
export function toAAAAMMJJ(isoDate: string): string {
  return isoDate.replaceAll('-', '');
}

/** Amount with a comma decimal separator and no thousands separator: 1234,50. */
export function centsWithComma(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** Common journal codes and their labels (FEC JournalLib); other codes keep their code. */
export const JOURNAL_LABELS: Readonly<Record<string, string>> = {
  VE: 'Ventes',
  AC: 'Achats',
  BQ: 'Banque',
  RG: 'Règlements',
  OD: 'Opérations diverses',
  AN: 'À nouveaux',
};
export const journalLabel = (code: string) => JOURNAL_LABELS[code] ?? code;
