import { StructureType } from '@gdf/domain';
import { DAY_MS, type CategoryId, type Season } from './catalog';
import type { PlannedStructure, StructurePlan } from './plan-types';
import { AliasTable, apportion } from './random';

/**
 * Who gets flux, when, and of which category: later seasons are busier, bigger clubs
 * get more, the club@demo.fr club a fixed share, and each kind of structure its own
 * category mix (clubs buy licences; ligues and comités mostly receive invoices).
 */

/** Share of all flux that goes to the club@demo.fr club ("many flux" at every scale). */
const DEMO_SHARE = 0.04;
/** The demo club cycles through every category, so even small seeds show them all. */
export const DEMO_CYCLE: readonly CategoryId[] = [1, 5, 2, 4, 3, 1, 5, 6, 1, 4, 2, 5];

export type Kind = 'members' | 'territorial' | 'headOffice';
export const CATEGORY_WEIGHTS: Record<Kind, readonly number[]> = {
  //          1   2   3   4   5   6
  members: [36, 14, 3, 14, 21, 12],
  territorial: [0, 0, 8, 62, 12, 18],
  headOffice: [0, 0, 0, 70, 0, 30],
};

export function kindOf(s: PlannedStructure): Kind {
  if (s.type === StructureType.Federation) return 'headOffice';
  if (s.type === StructureType.LigueRegionale || s.type === StructureType.ComiteDepartemental) return 'territorial';
  return 'members';
}

/** Flux per season: later seasons busier; the current one in proportion of days elapsed. */
export function seasonCounts(total: number, seasons: readonly Season[]): number[] {
  return apportion(
    total,
    seasons.map((s) => (1 + 0.08 * s.index) * ((s.endMs - s.startMs) / DAY_MS / 365)),
  );
}

/** Per season: the structures affiliated that season, weighted by size (demo club boosted). */
export function seasonPickers(plan: StructurePlan, seasons: readonly Season[]) {
  return seasons.map((season) => {
    const eligible = plan.all.filter(
      (s) => s.affiliation && s.affiliation.first <= season.id && season.id <= s.affiliation.last,
    );
    const weights = eligible.map((s) =>
      s.weight > 0 ? s.weight : s.type === StructureType.ComiteDepartemental ? 10 : 40,
    );
    const demo = eligible.indexOf(plan.demo.club);
    if (demo >= 0) {
      const others = weights.reduce((sum, w, i) => (i === demo ? sum : sum + w), 0);
      weights[demo] = (others * DEMO_SHARE) / (1 - DEMO_SHARE);
    }
    return { eligible, picker: new AliasTable(weights) };
  });
}
