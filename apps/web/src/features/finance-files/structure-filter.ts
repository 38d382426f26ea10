import type { SepaPreviewStructure } from '@gdf/domain';

/** Lower case without accents, so 'grenoble' finds 'Grenoble' and 'comite' 'Comité'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The structures whose name or federal code contains every word of `query` (accents and case
 * ignored); all of them for an empty query.
 */
export function filterStructures<T extends SepaPreviewStructure>(structures: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...structures];
  return structures.filter((structure) => {
    const text = fold(`${structure.NomStructure} ${structure.ID_CodeFederal ?? ''}`);
    return words.every((word) => text.includes(word));
  });
}
