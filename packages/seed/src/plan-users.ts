import type { Faker } from '@faker-js/faker';
import { FIRST_SEASON, lastDataDay, seasonStartDay, type Season } from './catalog';
import { DEMO_ACCOUNTS } from './demo-accounts';
import type { StructurePlan } from './plan-types';
import { AliasTable, type Rng } from './random';

/**
 * Licensees, planned in memory as typed arrays (100,000 users stay a few MB) because the
 * flux generator needs each structure's members and their names. Demo accounts take
 * ids 1..7; regular users follow.
 */
const FIRST_LICENCE_NUMBER = 100_000;

export interface UserPlan {
  firstId: number;
  count: number;
  lastName: string[];
  firstName: string[];
  female: Uint8Array;
  /** LicenceNumero, 0 for people who never held a licence (shown 'N.C'). */
  licence: Int32Array;
  /** Index (in StructurePlan.all) of the user's club. */
  home: Int32Array;
  /** Licensed seasons first..last (licensed users only). */
  firstSeason: Uint16Array;
  lastSeason: Uint16Array;
  createdDay: Int32Array;
  /** Members (user ids) of structure index i: members[memberStart[i] .. memberStart[i + 1]). */
  memberStart: Int32Array;
  members: Int32Array;
}

export function planUsers(
  count: number,
  structures: StructurePlan,
  seasons: Season[],
  rng: Rng,
  faker: Faker,
): UserPlan {
  const clubs = structures.all.filter((s) => s.weight > 0 && s.affiliation);
  const picker = new AliasTable(clubs.map((s) => s.weight));
  const maxDay = lastDataDay(seasons);
  const plan: UserPlan = {
    firstId: DEMO_ACCOUNTS.length + 1,
    count,
    lastName: new Array<string>(count),
    firstName: new Array<string>(count),
    female: new Uint8Array(count),
    licence: new Int32Array(count),
    home: new Int32Array(count),
    firstSeason: new Uint16Array(count),
    lastSeason: new Uint16Array(count),
    createdDay: new Int32Array(count),
    memberStart: new Int32Array(structures.all.length + 1),
    members: new Int32Array(count),
  };
  let nextLicence = FIRST_LICENCE_NUMBER;
  for (let i = 0; i < count; i++) {
    const female = rng.chance(0.45);
    plan.female[i] = female ? 1 : 0;
    plan.lastName[i] = faker.person.lastName();
    plan.firstName[i] = faker.person.firstName(female ? 'female' : 'male');
    const club = clubs[picker.sample(rng)] as (typeof clubs)[number];
    const range = club.affiliation as { first: number; last: number };
    plan.home[i] = club.index;
    // ~5 % never held a licence; user #4 is always one, so small seeds have the case too.
    if (i === 3 || rng.chance(0.05)) {
      plan.createdDay[i] = rng.int(seasonStartDay(FIRST_SEASON), maxDay);
      continue;
    }
    plan.licence[i] = nextLicence++;
    const span = range.last - range.first;
    const first = range.first + Math.floor(span * rng.next() ** 2);
    const last = rng.chance(0.6) ? range.last : first + Math.floor((range.last - first) * rng.next());
    plan.firstSeason[i] = first;
    plan.lastSeason[i] = last;
    plan.createdDay[i] = Math.min(maxDay, seasonStartDay(first) + rng.int(0, 75));
  }

  // Members per structure (CSR layout), users in id order.
  const start = plan.memberStart;
  for (let i = 0; i < count; i++) {
    const slot = (plan.home[i] as number) + 1;
    start[slot] = (start[slot] as number) + 1;
  }
  for (let s = 0; s < structures.all.length; s++) {
    plan.memberStart[s + 1] = (plan.memberStart[s + 1] as number) + (plan.memberStart[s] as number);
  }
  const fill = plan.memberStart.slice(0, -1);
  for (let i = 0; i < count; i++) {
    const s = plan.home[i] as number;
    plan.members[fill[s] as number] = plan.firstId + i;
    fill[s] = (fill[s] as number) + 1;
  }

  // Correspondent: the club's first licensee, else any licensee (ligues, comités, head office).
  const licensed = (id: number) => (plan.licence[id - plan.firstId] as number) > 0;
  for (const s of structures.all) {
    let chosen = 0;
    for (let m = plan.memberStart[s.index] as number; m < (plan.memberStart[s.index + 1] as number); m++) {
      const id = plan.members[m] as number;
      if (licensed(id)) {
        chosen = id;
        break;
      }
    }
    while (chosen === 0) {
      const id = plan.firstId + rng.int(0, count - 1);
      if (licensed(id)) chosen = id;
    }
    s.correspondentId = chosen;
  }
  return plan;
}

/** 'Dupont Marie', as labels and the results table show people. */
export function userLabel(plan: UserPlan, userId: number): string {
  const i = userId - plan.firstId;
  return `${plan.lastName[i]} ${plan.firstName[i]}`;
}
