import { addDays, parisToday } from '@gdf/domain';
import type { Database } from '../../db/database';
import { findActor } from '../auth/auth.service';
import type { RequestScope } from '../scope/scope';
import { structureStanding } from '../structure-status/structure-status.service';
import { createImpayesService } from './impayes.service';

/** How the demo's head office followed up its late payers: first letters, then the second ones. */
const FIRST_LETTERS = { daysAgo: 35, structures: 6 } as const;
const SECOND_LETTERS = { daysAgo: 8, structures: 3 } as const;

/** The scope of a user acting for their first structure, as a request without a header gets it. */
async function scopeOfUser(database: Database, userId: number): Promise<RequestScope> {
  const actor = await findActor(database, userId);
  const membership = actor?.memberships[0];
  if (!actor || !membership) throw new Error(`Utilisateur ${userId} sans structure`);
  const known = await structureStanding(database, membership.structureId);
  if (!known) throw new Error(`Structure ${membership.structureId} introuvable`);
  return {
    actor,
    currentStructureId: membership.structureId,
    currentStructureType: membership.structureType,
    unrestricted: actor.isSuperAdmin,
    standing: known.standing,
  };
}

/**
 * The demo's reminder letters, issued through the Impayés service as the head office would
 * have: level-1 letters five weeks ago to the structures owing the most then, and level-2
 * letters last week to those of them still late. Returns how many letters were issued.
 */
export async function issueDemoReminders(database: Database, userId: number, now: Date): Promise<number> {
  const scope = await scopeOfUser(database, userId);
  const today = parisToday(now);
  const at = (daysAgo: number) => {
    const day = addDays(today, -daysAgo);
    return new Date(`${day}T10:00:00+01:00`);
  };
  const byLargestOverdue = <T extends { total: number; structure: { id: number } }>(rows: T[]) =>
    [...rows].sort((a, b) => b.total - a.total || a.structure.id - b.structure.id);

  const first = createImpayesService(database, () => at(FIRST_LETTERS.daysAgo));
  const firstRows = (await first.list(scope)).rows.filter((row) => row.structure.id !== scope.currentStructureId);
  const firstIds = byLargestOverdue(firstRows)
    .slice(0, FIRST_LETTERS.structures)
    .map((row) => row.structure.id);
  if (firstIds.length === 0) return 0;
  const issuedFirst = await first.issue(scope, { structureIds: firstIds });

  const second = createImpayesService(database, () => at(SECOND_LETTERS.daysAgo));
  const stillLate = (await second.list(scope)).rows.filter((row) => firstIds.includes(row.structure.id));
  const secondIds = byLargestOverdue(stillLate)
    .slice(0, SECOND_LETTERS.structures)
    .map((row) => row.structure.id);
  const issuedSecond = secondIds.length > 0 ? await second.issue(scope, { structureIds: secondIds }) : [];
  return issuedFirst.length + issuedSecond.length;
}
