const countFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/**
 * R-UI-19: a French word agreed with its count. French takes the singular for 0 and 1
 * ("0 structure sélectionnée", "1 structure sélectionnée") and the plural from 2 on; the
 * count is written the French way (narrow no-break space between thousands).
 */
export function frenchPlural(count: number, singular: string, plural: string): string {
  return Math.abs(count) < 2 ? singular : plural;
}

/** R-UI-19: the count followed by its agreed words, e.g. "1 234 structures sélectionnées". */
export function frenchCount(count: number, singular: string, plural: string): string {
  return `${countFormat.format(count)} ${frenchPlural(count, singular, plural)}`;
}
