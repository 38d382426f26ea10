import {
  cardState,
  cardStructureFromStatus,
  MODULES,
  openableTarget,
  type CardState,
  type CardStructure,
  type ModuleDefinition,
  type ModuleId,
  type ModuleTarget,
} from '@gdf/domain';
import { useMemo } from 'react';
import { useSession } from '@/lib/session';
import { useStructureStatus } from './get-structure-status';

export interface ModuleAccess {
  module: ModuleDefinition;
  state: CardState;
  /** The page to open when the state is enabled. */
  target: ModuleTarget | undefined;
}

export type ModuleAccessResult =
  | { status: 'pending' }
  | {
      status: 'ready';
      structureId: number;
      modules: ModuleAccess[];
      /** The structure's status could not be read: only the module permissions were checked. */
      structureStatusUnavailable: boolean;
    };

/**
 * The state of each module for the current structure and user (R-PERM-02).
 * The server refuses the data anyway; this only says, truthfully, what the user can open.
 */
export function useModuleAccess(ids: readonly ModuleId[]): ModuleAccessResult {
  const { me, currentStructure, modules: permissions } = useSession();
  const status = useStructureStatus(currentStructure.structureId);

  return useMemo(() => {
    if (status.isPending) return { status: 'pending' };
    const structure: CardStructure = status.data
      ? cardStructureFromStatus(status.data)
      : // Without the status, nothing says the structure is blocked: the permissions still decide.
        {
          id: currentStructure.structureId,
          typeId: currentStructure.structureType,
          blocked: false,
          affiliated: true,
          affiliatedCurrentSeason: true,
        };
    const user = { isSuperAdmin: me.isSuperAdmin, permissions };
    return {
      status: 'ready',
      structureId: currentStructure.structureId,
      structureStatusUnavailable: !status.data,
      modules: ids.map((id) => {
        const module = MODULES[id];
        return { module, state: cardState(user, structure, module), target: openableTarget(user, module) };
      }),
    };
  }, [status.isPending, status.data, currentStructure, me.isSuperAdmin, permissions, ids]);
}
