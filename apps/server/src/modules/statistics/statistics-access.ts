import { ModuleSlug, StructureType } from '@gdf/domain';
import { forbidden } from '../../lib/http-errors';
import { requireModule, type RequestScope } from '../scope/scope';
import { STATISTICS_SERVER_MESSAGES } from './messages';

/** The structure types that read 'Etats statistiques' (R-STAT-01): the head office, a ligue, a comité. */
const READING_TYPES: ReadonlySet<number> = new Set([
  StructureType.Federation,
  StructureType.LigueRegionale,
  StructureType.ComiteDepartemental,
]);

/** R-STAT-01: the module's read grant (R-PERM-09's refusals first), then a structure type that reads it. */
export function requireStatisticsAccess(scope: RequestScope): void {
  requireModule(scope, ModuleSlug.EtatsStatistiques);
  if (!scope.actor.isSuperAdmin && !READING_TYPES.has(scope.currentStructureType))
    throw forbidden(STATISTICS_SERVER_MESSAGES.notReading);
}
