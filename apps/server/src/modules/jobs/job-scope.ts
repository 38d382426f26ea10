import type { Database } from '../../db/database';
import { forbidden } from '../../lib/http-errors';
import { findActor } from '../auth/auth.service';
import type { RequestScope } from '../scope/scope';
import { structureStanding } from '../structure-status/structure-status.service';
import type { JobOwner } from './job-kind';
import { jobMessages } from './messages';

/**
 * The scope a job acts under: its owner's, for the structure they acted for, read again when
 * it runs, as a request would read it (plugins/scope.ts). A user who lost that structure, or
 * was deactivated, since asking gets nothing more done: the job fails with a French refusal
 * (403), never retried. The kind then checks its module and grant as the route does.
 */
export async function jobScope(database: Database, owner: JobOwner): Promise<RequestScope> {
  const actor = owner.userId === null ? null : await findActor(database, owner.userId);
  if (!actor) throw forbidden(jobMessages.ownerGone);
  const membership = actor.memberships.find((m) => m.structureId === owner.structureId);
  const known = await structureStanding(database, owner.structureId);
  if (!known || (!membership && !actor.isSuperAdmin)) throw forbidden(jobMessages.structureGone);
  return {
    actor,
    currentStructureId: owner.structureId,
    currentStructureType: membership?.structureType ?? known.type,
    unrestricted: actor.isSuperAdmin,
    standing: known.standing,
  };
}

/**
 * The scope of a job the product started itself (no owner user: a scheduled job, R-RECAP-05):
 * every structure, as a super administrateur, acting for its structure (the head office). Only
 * such a job gets it; a user's job always acts under jobScope.
 */
export async function productJobScope(database: Database, owner: JobOwner): Promise<RequestScope> {
  if (owner.userId !== null) return jobScope(database, owner);
  const known = await structureStanding(database, owner.structureId);
  if (!known) throw forbidden(jobMessages.structureGone);
  const actor = {
    userId: 0,
    firstName: '',
    lastName: 'Gestion des finances',
    email: '',
    isSuperAdmin: true,
    memberships: [],
    permissions: new Map(),
    grants: new Map(),
  };
  return {
    actor,
    currentStructureId: owner.structureId,
    currentStructureType: known.type,
    unrestricted: true,
    standing: known.standing,
  };
}
