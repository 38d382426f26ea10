import type { StructureTypeId } from '@gdf/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { priorityLane } from '../db/priority-lane';
import { badRequest, forbidden } from '../lib/http-errors';
import type { RequestScope, StructureStanding } from '../modules/scope/scope';
import { structureStanding } from '../modules/structure-status/structure-status.service';
import { requireActor } from './auth';
import { TtlCache } from '../lib/ttl-cache';

// The HTTP edge of the scope rules (modules/scope/scope.ts): which structure a request acts
// for, read from its header or query, and that structure's standing.

const STRUCTURE_HEADER = 'x-structure-id';

interface KnownStructure {
  type: StructureTypeId | null;
  standing: StructureStanding;
}

/** A structure missing from the database: it stands for nothing, so every module refuses it. */
const UNKNOWN: KnownStructure = {
  type: null,
  standing: { blocked: true, affiliated: false, affiliatedCurrentSeason: false },
};

// Standing changes rarely; 30 s per structure saves a query on every request.
const STANDING_TTL_MS = 30_000;
const standingCaches = new WeakMap<Database, TtlCache<KnownStructure>>();

async function knownStructure(database: Database, structureId: number): Promise<KnownStructure> {
  let cache = standingCaches.get(database);
  if (!cache) standingCaches.set(database, (cache = new TtlCache(10_000, STANDING_TTL_MS)));
  const cached = cache.get(String(structureId));
  if (cached) return cached;
  // Every request reads it: on the priority lane, never behind heavy work (R-OPS-10).
  const known = (await structureStanding(priorityLane(database), structureId)) ?? UNKNOWN;
  cache.set(String(structureId), known);
  return known;
}

/** Picks the current structure among the caller's memberships (super admins may pick any). */
export async function resolveScope(request: FastifyRequest, database: Database): Promise<RequestScope> {
  const actor = requireActor(request);
  const requested = requestedStructureId(request);
  const membership =
    requested === null ? actor.memberships[0] : actor.memberships.find((m) => m.structureId === requested);
  if (membership) {
    return {
      actor,
      currentStructureId: membership.structureId,
      currentStructureType: membership.structureType,
      unrestricted: actor.isSuperAdmin,
      standing: (await knownStructure(database, membership.structureId)).standing,
    };
  }
  if (requested !== null && actor.isSuperAdmin) {
    const { type, standing } = await knownStructure(database, requested);
    if (type !== null)
      return { actor, currentStructureId: requested, currentStructureType: type, unrestricted: true, standing };
  }
  throw forbidden("Vous n'avez pas accès à cette structure.");
}

/** The structure a request names: its X-Structure-Id header, else its structureId query parameter. */
export function namedStructureId(request: FastifyRequest): string | undefined {
  const header = request.headers[STRUCTURE_HEADER];
  const query = (request.query as Record<string, unknown> | undefined)?.structureId;
  return (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined);
}

function requestedStructureId(request: FastifyRequest): number | null {
  const raw = namedStructureId(request);
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,9}$/.test(raw)) throw badRequest('Identifiant de structure invalide');
  return Number(raw);
}
