import type { StructureTypeId } from '../structures/structure-types';
import type { ModuleDefinition, ModuleTarget } from './module-definition';

/** The caller, for one structure: GET /api/me's isSuperAdmin and that structure's module slugs. */
export interface CardUser {
  isSuperAdmin: boolean;
  permissions: readonly string[];
}

/** The structure the cards are drawn for (GET /api/structures/{id}/status). */
export interface CardStructure {
  id: number;
  typeId: StructureTypeId;
  blocked: boolean;
  /** Affiliated on at least one season. */
  affiliated: boolean;
  affiliatedCurrentSeason: boolean;
}

export type CardStateKind =
  | 'coming_soon'
  | 'not_applicable'
  | 'blocked'
  | 'not_affiliated'
  | 'not_affiliated_current_season'
  | 'no_permission'
  | 'enabled';

/** R-PERM-01 and R-PERM-02's texts, exactly (spelling included). */
export const CARD_TOOLTIPS: Readonly<Record<Exclude<CardStateKind, 'enabled'>, string>> = {
  coming_soon: 'Module prochainement disponible.',
  not_applicable: "Vous n'avez pas accès à ce module.",
  blocked: 'Cette structure est bloquée.',
  not_affiliated: "Cette structure n'est pas affiliée.",
  not_affiliated_current_season: "Cette structure n'est pas affiliée sur la saison en cours.",
  no_permission:
    "Vous n'avez pas les droits nécessaire pour accéder à ce module. Merci de contacter un administrateur.",
};

export interface CardState {
  kind: CardStateKind;
  enabled: boolean;
  /** Why the card is disabled; null when it is enabled. */
  tooltip: string | null;
}

function state(kind: CardStateKind): CardState {
  return kind === 'enabled'
    ? { kind, enabled: true, tooltip: null }
    : { kind, enabled: false, tooltip: CARD_TOOLTIPS[kind] };
}

/** Whether the module has a card for this structure at all (R-PERM-11: RIB only for 1318). */
export function isModuleVisible(module: ModuleDefinition, structureId: number): boolean {
  return module.onlyStructureIds === undefined || module.onlyStructureIds.includes(structureId);
}

function appliesTo(module: ModuleDefinition, structure: CardStructure): boolean {
  const typeApplies = module.structureTypes === 'all' || module.structureTypes.includes(structure.typeId);
  return typeApplies && isModuleVisible(module, structure.id);
}

/** The first target the user may open (SAGE/SEPA: SEPA, else SAGE); super_administrateur holds them all. */
export function openableTarget(user: CardUser, module: ModuleDefinition): ModuleTarget | undefined {
  if (user.isSuperAdmin) return module.targets[0];
  return module.targets.find((target) => user.permissions.includes(target.permission));
}

/**
 * A card's state, by R-PERM-02's precedence: coming soon > structure blocked >
 * not affiliated (ever) > not affiliated on the current season > no module permission >
 * enabled. A module that does not apply to the structure ('Vous n'avez pas accès à ce
 * module.') ranks right after coming soon: no change of the structure or of the user's
 * rights would open it, so any other reason would mislead.
 *
 * super_administrateur bypasses module permissions and card blocks (blocked, not
 * affiliated); coming soon and not applicable describe the module, so they still hold.
 */
export function cardState(user: CardUser, structure: CardStructure, module: ModuleDefinition): CardState {
  if (module.status === 'coming_soon') return state('coming_soon');
  // R-RECAP-08: without its permission, the module is still announced as coming soon.
  if (module.status === 'grant_holders' && openableTarget(user, module) === undefined) return state('coming_soon');
  if (!appliesTo(module, structure)) return state('not_applicable');
  return state(moduleAccessRefusal(user, structure, openableTarget(user, module) !== undefined) ?? 'enabled');
}

/** What the caller's access to a module depends on, beyond the module itself. */
export type AccessRefusalKind = 'blocked' | 'not_affiliated' | 'not_affiliated_current_season' | 'no_permission';

/**
 * Why a user may not open a module for a structure, or null: the part of the card-state
 * precedence about the structure and the user (blocked > not affiliated > not affiliated on
 * the current season > no module permission), super_administrateur bypassing it. The
 * dashboard's cards and the server's refusals both apply it, so they never disagree.
 */
export function moduleAccessRefusal(
  user: Pick<CardUser, 'isSuperAdmin'>,
  structure: Pick<CardStructure, 'blocked' | 'affiliated' | 'affiliatedCurrentSeason'>,
  holdsPermission: boolean,
): AccessRefusalKind | null {
  if (user.isSuperAdmin) return null;
  if (structure.blocked) return 'blocked';
  if (!structure.affiliated) return 'not_affiliated';
  if (!structure.affiliatedCurrentSeason) return 'not_affiliated_current_season';
  if (!holdsPermission) return 'no_permission';
  return null;
}
