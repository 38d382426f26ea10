import {
  ModuleSlug,
  PermissionAction,
  actionGrant,
  parametresInputSchema,
  type AccountingResource,
  type ModuleSlugValue,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import { parseInput } from '../../lib/validation';
import { hasModule, requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { RESOURCES, SETTINGS_MODULES } from './accounting-resources';
import * as repo from './accounting-settings.repository';

// The modules that open the accounting settings (read by the ledger too) and the resources'
// columns (checked against the schema with the GraphQL metadata).
export { RESOURCES, SETTINGS_MODULES } from './accounting-resources';

const conflict = (message: string) => new HttpError(409, message, 'conflict');
const UNIQUE_VIOLATION = '23505';

/** Reading a settings page and changing it are separate grants (R-PERM-06). */
const requireSettingsWrite = (scope: RequestScope, module: ModuleSlugValue) =>
  requireGrant(scope, actionGrant(module, PermissionAction.Ecriture));

/** Settings belong to the current structure and take its point of view (R-LEDG-01). */
export function createAccountingSettingsService(database: Database) {
  function requireAnySettingsModule(scope: RequestScope) {
    if (!SETTINGS_MODULES.some((slug) => hasModule(scope, slug))) requireModule(scope, ModuleSlug.ParamPlanComptable);
  }

  /** References of a mapping must exist in the structure's own settings. */
  async function checkMapping(structureId: number, values: Record<string, unknown>) {
    const checks: Array<[boolean, string]> = [
      [await repo.accountExists(database, structureId, values.CompteNumero), 'Compte inconnu dans le plan comptable'],
      [
        values.CodeSection === null || (await repo.sectionExists(database, structureId, values.CodeSection)),
        'Section analytique inconnue',
      ],
      [
        values.ID_CategoryFlux === null || (await repo.categoryExists(database, values.ID_CategoryFlux)),
        'Catégorie de flux inconnue',
      ],
      [values.ID_Tarif === null || (await repo.tarifExists(database, values.ID_Tarif)), 'Tarif inconnu'],
    ];
    const failed = checks.find(([ok]) => !ok);
    if (failed) throw badRequest(failed[1]);
  }

  async function parseWrite(scope: RequestScope, resource: AccountingResource, body: unknown) {
    const def = RESOURCES[resource];
    const input = parseInput(def.input, body);
    requireSettingsWrite(scope, def.module);
    const values = { ...input, ...def.derived?.(input) };
    if (resource === 'mappings-flux') await checkMapping(scope.currentStructureId, values);
    return { def, values };
  }

  async function uniqueOrConflict<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw conflict('Cet élément existe déjà.');
      throw error;
    }
  }

  return {
    async list(scope: RequestScope, resource: AccountingResource) {
      requireAnySettingsModule(scope);
      return repo.listRows(database, RESOURCES[resource], scope.currentStructureId);
    },
    async create(scope: RequestScope, resource: AccountingResource, body: unknown) {
      const { def, values } = await parseWrite(scope, resource, body);
      const row = await uniqueOrConflict(() => repo.insertRow(database, def, scope.currentStructureId, values));
      await repo.audit(database, scope, 'parametrage_creation', def.table, Number(row?.id), values);
      return row;
    },
    async update(scope: RequestScope, resource: AccountingResource, id: number, body: unknown) {
      const { def, values } = await parseWrite(scope, resource, body);
      const row = await uniqueOrConflict(() => repo.updateRow(database, def, scope.currentStructureId, id, values));
      if (!row) throw notFound('Élément introuvable');
      await repo.audit(database, scope, 'parametrage_modification', def.table, id, values);
      return row;
    },
    async remove(scope: RequestScope, resource: AccountingResource, id: number) {
      const def = RESOURCES[resource];
      requireSettingsWrite(scope, def.module);
      if (resource === 'comptes' && (await repo.accountInUse(database, scope.currentStructureId, id))) {
        throw conflict('Ce compte est utilisé par un mapping de flux : modifiez le mapping avant de le supprimer.');
      }
      if (!(await repo.deleteRow(database, def, scope.currentStructureId, id))) throw notFound('Élément introuvable');
      await repo.audit(database, scope, 'parametrage_suppression', def.table, id, null);
    },
    async references(scope: RequestScope) {
      requireAnySettingsModule(scope);
      return repo.loadReferences(database);
    },
    async parametres(scope: RequestScope) {
      requireAnySettingsModule(scope);
      return repo.loadParametres(database, scope.currentStructureId);
    },
    async saveParametres(scope: RequestScope, body: unknown) {
      const input = parseInput(parametresInputSchema, body);
      requireSettingsWrite(scope, ModuleSlug.ParamFluxFinancier);
      const row = await repo.saveParametres(database, scope.currentStructureId, input);
      await repo.audit(database, scope, 'parametrage_modification', 'CPT_Parametres', scope.currentStructureId, input);
      return row;
    },
  };
}
