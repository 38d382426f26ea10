import { StructureSituationLink } from '@/components/StructureSituationLink';
import type { FluxRow } from '../api/flux-row';
import { fluxSearchMessages as m } from '../messages';
import { TruncatedText } from './TruncatedText';

const CUT = {
  display: 'block',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/**
 * The structure of a results row, linking to its page ('Situation de la structure'). In the
 * table, a plain link cut to its column (one per row, a hundred at once in 'Tous'), whose
 * tooltip (the table's delegated one, on hover and focus) gives the whole name; on a card, the
 * whole name.
 */
export function StructureName({
  row,
  wrap = false,
}: {
  row: Pick<FluxRow, 'ID_Structure' | 'STR_Structure'>;
  wrap?: boolean;
}) {
  const name = row.STR_Structure?.NomStructure ?? '';
  if (row.ID_Structure === undefined || name === '') return wrap ? name : <TruncatedText text={name} />;
  if (wrap) return <StructureSituationLink structureId={row.ID_Structure}>{name}</StructureSituationLink>;
  return (
    <StructureSituationLink structureId={row.ID_Structure} style={CUT} data-tooltip={m.structureSituationOf(name)}>
      {name}
    </StructureSituationLink>
  );
}
