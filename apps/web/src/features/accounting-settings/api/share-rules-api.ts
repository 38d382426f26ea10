import { SHARE_RULES_PATH, type ShareRuleInput, type ShareRulesAnswer, type ShareRuleView } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';
import { toSearch } from '@/lib/routes';

/** The levels' share rules with what a rule may name (categories, tarifs, seasons); the head office's only. */
export const getShareRules = (structureId: number) =>
  apiFetch<ShareRulesAnswer>(SHARE_RULES_PATH + toSearch({ structureId }));

/** Sets the rule of a target, level and season (a new rule, or that season's changed); refusals are French 400s. */
export const saveShareRule = (structureId: number, input: ShareRuleInput) =>
  apiFetch<ShareRuleView>(SHARE_RULES_PATH + toSearch({ structureId }), { method: 'PUT', body: input });
