import type { CSSProperties, ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { hrefInContext } from '@/lib/routes';

/** What the situation page reads to send its back button where the link was followed from. */
interface StructureSituationLinkState {
  from: string;
}

export interface StructureSituationTarget {
  to: string;
  state: StructureSituationLinkState;
}

/**
 * The link to a structure's page ('Situation de la structure', route `structure_situation`),
 * keeping the current structure and mode, and remembering the page it leaves for the back
 * button. For a link drawn by another component (a chip, a button): `{ to, state }`.
 */
export function useStructureSituationTarget(): (structureId: number) => StructureSituationTarget {
  const location = useLocation();
  return (structureId) => ({
    to: hrefInContext(location.search, 'structure_situation', { id: structureId }),
    state: { from: location.pathname + location.search },
  });
}

interface StructureSituationLinkProps {
  structureId: number;
  children: ReactNode;
  /** A plain link (no MUI styling): cheap enough for every row of a long table. */
  style?: CSSProperties;
  'aria-label'?: string;
  /** The flux table's delegated tooltip. */
  'data-tooltip'?: string;
}

/** A structure's name (or any content) linking to its page. */
export function StructureSituationLink({ structureId, children, style, ...rest }: StructureSituationLinkProps) {
  const target = useStructureSituationTarget()(structureId);
  return (
    <RouterLink to={target.to} state={target.state} style={{ color: 'inherit', ...style }} {...rest}>
      {children}
    </RouterLink>
  );
}
