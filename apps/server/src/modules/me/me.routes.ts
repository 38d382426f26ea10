import type { MeResponse } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../plugins/auth';
import type { Actor } from '../scope/actor';

function toMeResponse(actor: Actor): MeResponse {
  return {
    user: { id: actor.userId, firstName: actor.firstName, lastName: actor.lastName, email: actor.email },
    isSuperAdmin: actor.isSuperAdmin,
    memberships: actor.memberships,
    permissions: byStructure(actor.permissions),
    grants: byStructure(actor.grants),
  };
}

function byStructure(map: Map<number, Set<string>>): Record<string, string[]> {
  return Object.fromEntries([...map].map(([structureId, values]) => [String(structureId), [...values].sort()]));
}

export function registerMeRoutes(app: FastifyInstance): void {
  app.get('/api/me', { config: { auth: 'user' } }, async (request) => toMeResponse(requireActor(request)));
}
