import type { Faker } from '@faker-js/faker';
import { HEAD_OFFICE_STRUCTURE_ID, StructureType, type StructureTypeId } from '@gdf/domain';
import { DAY_MS, FIRST_SEASON, lastDataDay, seasonStartDay, type Season } from './catalog';
import { randomSiren } from './iban';
import { AliasTable, type Rng } from './random';
import { clubName, commune, frenchPhone, slug } from './names';
import {
  SCALES,
  type PlannedDepartment,
  type PlannedStructure,
  type SeedScale,
  type StructurePlan,
} from './plan-types';
import { BUSY_DEPARTMENTS, REGIONS } from './territories';

/**
 * The structure tree, planned in memory before anything is written (users, flux and
 * addresses refer to it). Demo structures are fixed by position so every scale has
 * them, and are kept out of the random flags (blocked, lapsed...).
 */
export function planStructures(scale: SeedScale, seasons: Season[], rng: Rng, faker: Faker): StructurePlan {
  const config = SCALES[scale];
  const current = (seasons.at(-1) as Season).id;
  const all: PlannedStructure[] = [];
  let nextId = 1;
  const takeId = () => {
    if (nextId === HEAD_OFFICE_STRUCTURE_ID) nextId++;
    return nextId++;
  };
  const firstDay = Math.floor(Date.UTC(FIRST_SEASON - 2, 0, 1) / DAY_MS);

  const add = (type: StructureTypeId, name: string, code: string, dep: PlannedDepartment | null, city?: string) => {
    const department = dep?.department ?? null;
    city ??= department?.prefecture ?? 'Paris';
    const postcode = plannedPostcode(rng, department, city);
    const structure: PlannedStructure = {
      index: all.length,
      id: type === StructureType.Federation ? HEAD_OFFICE_STRUCTURE_ID : takeId(),
      type,
      name,
      code,
      departmentId: dep?.id ?? null,
      department,
      addressId: all.length + 1,
      street: faker.location.streetAddress(),
      postcode,
      city,
      email: `contact.${slug(name)}@example.org`,
      phone: frenchPhone(rng, true),
      siren: type === StructureType.Club && rng.chance(0.3) ? null : randomSiren(rng),
      blocked: false,
      affiliation: { first: FIRST_SEASON, last: current },
      rib: 'valid',
      weight: 0,
      createdDay: firstDay + rng.int(0, 700),
      correspondentId: 0,
    };
    all.push(structure);
    return structure;
  };

  const headOffice = add(StructureType.Federation, "Fédération Française de la Montagne et de l'Escalade", '000', null);
  headOffice.street = '8-10 quai de la Marne';
  headOffice.postcode = '75019';
  headOffice.email = 'siege.federal@example.org';

  // One comité per department, taken round-robin across the chosen regions so a small
  // seed still spans several ligues; a ligue sits in its region's first department.
  const regions = REGIONS.slice(0, config.ligues);
  const regionOf: number[] = [];
  const departments: PlannedDepartment[] = [];
  for (let round = 0; departments.length < config.comites; round++) {
    const before = departments.length;
    regions.forEach((region, r) => {
      const department = region.departments[round];
      if (!department || departments.length >= config.comites) return;
      departments.push({ id: departments.length + 1, department, ligueId: 0, comiteId: 0 });
      regionOf.push(r);
    });
    if (departments.length === before) break;
  }
  const ligues = regions.map((region, r) => {
    const seat = departments.find((_, i) => regionOf[i] === r) ?? null;
    const code = String(r + 1).padStart(2, '0');
    const ligue = add(StructureType.LigueRegionale, `Ligue ${region.name} de montagne et d'escalade`, code, seat);
    departments.forEach((d, i) => {
      if (regionOf[i] === r) d.ligueId = ligue.id;
    });
    return ligue;
  });
  for (const dep of departments) {
    const ligueCode = (ligues.find((l) => l.id === dep.ligueId) as PlannedStructure).code;
    const name = `Comité départemental de montagne et d'escalade - ${dep.department.name}`;
    dep.comiteId = add(StructureType.ComiteDepartemental, name, `${ligueCode}-0${dep.department.code}`, dep).id;
  }

  // Clubs: more in mountain and big-city departments; the first three are the demo clubs.
  const depPicker = new AliasTable(
    departments.map((d) => (BUSY_DEPARTMENTS.has(d.department.code) ? 4 : 1) * (0.5 + rng.next())),
  );
  const perDepartment = new Map<string, number>();
  const usedNames = new Set<string>();
  const clubTypes: StructureTypeId[] = [
    ...Array<StructureTypeId>(config.clubs).fill(StructureType.Club),
    ...Object.entries(config.others).flatMap(([type, n]) =>
      Array<StructureTypeId>(n).fill(Number(type) as StructureTypeId),
    ),
  ];
  const clubStart = all.length;
  clubTypes.forEach((type, i) => {
    const dep =
      i < 3 ? (departments[0] as PlannedDepartment) : (departments[depPicker.sample(rng)] as PlannedDepartment);
    const rank = (perDepartment.get(dep.department.code) ?? 0) + 1;
    perDepartment.set(dep.department.code, rank);
    // Redraw on a name clash (a few tries), then number it: names stay readable.
    let city = '';
    let name = '';
    for (let attempt = 0; attempt < 8 && (!name || usedNames.has(name)); attempt++) {
      city = rng.chance(0.6) ? dep.department.prefecture : commune(rng, faker);
      name = clubName(type, dep.department, city, rng);
    }
    for (let n = 2; usedNames.has(name); n++) name = `${name.replace(/ \d+$/, '')} ${n}`;
    usedNames.add(name);
    const code = `${dep.department.code.padStart(3, '0')}${String(rank).padStart(3, '0')}`;
    const club = add(type, name, code, dep, city);
    club.weight = 5 + 200 * rng.next() ** 4;
    if (i >= 6) applyRandomFlags(club, rng, current);
  });
  type Six = [
    PlannedStructure,
    PlannedStructure,
    PlannedStructure,
    PlannedStructure,
    PlannedStructure,
    PlannedStructure,
  ];
  const [club, blocked, lapsed, never, noRib, expired] = all.slice(clubStart, clubStart + 6) as Six;
  club.weight = 320; // the demo club is among the biggest
  blocked.blocked = true;
  lapsed.affiliation = { first: FIRST_SEASON, last: current - 1 };
  never.affiliation = null;
  never.weight = 0;
  noRib.rib = 'none';
  expired.rib = 'expired';
  // Creation dates precede the first affiliation; never-affiliated clubs are recent.
  const lastDay = lastDataDay(seasons);
  for (const s of all) {
    if (!s.affiliation) s.createdDay = rng.int(seasonStartDay(current), lastDay);
    else if (s.affiliation.first > FIRST_SEASON) s.createdDay = seasonStartDay(s.affiliation.first) - rng.int(10, 60);
  }

  return {
    all,
    departments,
    demo: {
      siege: headOffice,
      ligue: ligues[0] as PlannedStructure,
      comite: all.find((s) => s.id === (departments[0] as PlannedDepartment).comiteId) as PlannedStructure,
      club,
      club_bloque: blocked,
      club_non_affilie: lapsed,
    },
  };
}

/** ~2 % blocked, ~3 % never affiliated, ~3 % lapsed, a few late joiners, RIB edge cases. */
function applyRandomFlags(s: PlannedStructure, rng: Rng, current: number): void {
  s.blocked = rng.chance(0.02);
  const roll = rng.next();
  if (roll < 0.03) {
    s.affiliation = null;
    s.weight = 0;
  } else if (roll < 0.06) {
    const first = rng.int(FIRST_SEASON, current - 1);
    s.affiliation = { first, last: rng.int(first, current - 1) };
  } else if (roll < 0.3) {
    s.affiliation = { first: rng.int(FIRST_SEASON + 1, current), last: current };
  }
  const rib = rng.next();
  s.rib = rib < 0.04 ? 'none' : rib < 0.07 ? 'expired' : rib < 0.1 ? 'no_mandate' : rib < 0.2 ? 'no_bic' : 'valid';
}

/** A Paris arrondissement, a prefecture's x000, else a commune of the department. */
function plannedPostcode(rng: Rng, department: PlannedDepartment['department'] | null, city: string): string {
  const prefix = department?.postalPrefix ?? '75';
  const atPrefecture = city === department?.prefecture;
  return prefix === '75'
    ? `750${String(rng.int(1, 20)).padStart(2, '0')}`
    : `${prefix}${atPrefecture ? '000' : rng.int(1, 9) + rng.digits(2)}`;
}
