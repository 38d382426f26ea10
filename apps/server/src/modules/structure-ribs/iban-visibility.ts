import { RoleSlug, StructureType } from '@gdf/domain';
import type { Actor } from '../scope/actor';

/**
 * Who reads an IBAN whole: super administrators, the federation IT administrators
 * (administrateur_si of a type-7 structure, who produce the SEPA files), and the
 * structure's own members. Everyone else gets it masked.
 */
export function canSeeWholeIban(actor: Actor, structureId: number): boolean {
  return (
    actor.isSuperAdmin ||
    actor.memberships.some(
      (m) =>
        m.structureId === structureId ||
        (m.role.slug === RoleSlug.AdministrateurSI && m.structureType === StructureType.Federation),
    )
  );
}

/** "FR76 3000 4000 0312 3456 7890 143" -> "•••••••••••••••••••••••0143": only the last 4 characters stay. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  return '•'.repeat(Math.max(compact.length - 4, 0)) + compact.slice(-4);
}
