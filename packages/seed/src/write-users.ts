import type { Faker } from '@faker-js/faker';
import { FIRST_SEASON, ROLE_IDS, lastDataDay, seasonStartDay, timestamp, type Season } from './catalog';
import { csvRow } from './csv';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { frenchPhone, personEmail } from './names';
import type { StructurePlan } from './plan-types';
import type { UserPlan } from './plan-users';
import type { Rng } from './random';
import type { TableLoad } from './write-reference';

/** Users (demo accounts first), their addresses, licences, logins and memberships. */

export function userLoad(users: UserPlan, rng: Rng): TableLoad {
  function* rows(): Generator<string> {
    const created = timestamp(seasonStartDay(FIRST_SEASON), 8 * 3600);
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      yield csvRow([i + 1, account.lastName, account.firstName, null, account.email, null, created]);
    }
    for (let i = 0; i < users.count; i++) {
      const last = users.lastName[i] as string;
      const first = users.firstName[i] as string;
      const id = users.firstId + i;
      yield csvRow([
        id,
        last,
        first,
        users.licence[i] || null,
        rng.chance(0.85) ? personEmail(first, last, id) : null,
        rng.chance(0.7) ? frenchPhone(rng, false) : null,
        timestamp(users.createdDay[i] as number, 8 * 3600 + rng.int(0, 43_200)),
      ]);
    }
  }
  return {
    table: 'UTI_Utilisateur',
    columns: ['id', 'CT_Nom', 'CT_Prenom', 'LicenceNumero', 'CT_Email', 'CT_Telephone', 'Z_DateCreation'],
    rows: rows(),
  };
}

/** 60 % of users have a postal address, in their club's town. */
export function userAddressLoad(users: UserPlan, structures: StructurePlan, rng: Rng, faker: Faker): TableLoad {
  function* rows(): Generator<string> {
    let id = structures.all.length;
    for (let i = 0; i < users.count; i++) {
      if (!rng.chance(0.6)) continue;
      const club = structures.all[users.home[i] as number];
      if (!club) continue;
      const street = faker.location.streetAddress();
      const extra = rng.chance(0.1) ? faker.location.secondaryAddress() : null;
      const day = users.createdDay[i] as number;
      yield csvRow([++id, street, extra, club.postcode, club.city, 'FR', users.firstId + i, timestamp(day, 12 * 3600)]);
    }
  }
  return {
    table: 'ADR_Adresse',
    columns: ['id', 'Adresse1', 'Adresse2', 'CodePostal', 'Ville', 'Pays', 'ID_Utilisateur', 'Z_DateCreation'],
    rows: rows(),
  };
}

/** One licence per licensed user and season, taken in the first weeks of the season. */
export function licenceLoad(users: UserPlan, structures: StructurePlan, seasons: Season[], rng: Rng): TableLoad {
  const maxDay = lastDataDay(seasons);
  function* rows(): Generator<string> {
    let id = 0;
    for (let i = 0; i < users.count; i++) {
      if (!users.licence[i]) continue;
      const structureId = (structures.all[users.home[i] as number] as { id: number }).id;
      for (let season = users.firstSeason[i] as number; season <= (users.lastSeason[i] as number); season++) {
        const day = Math.min(maxDay, seasonStartDay(season) + rng.int(0, 70));
        yield csvRow([++id, users.firstId + i, structureId, season, timestamp(day, 9 * 3600 + rng.int(0, 36_000))]);
      }
    }
  }
  return {
    table: 'LIC_Licence',
    columns: ['id', 'ID_Utilisateur', 'ID_Structure', 'ID_Saison', 'Z_DateCreation'],
    rows: rows(),
  };
}

/** Demo logins share one password hash (computed once: scrypt is slow on purpose). */
export function demoLoginLoads(structures: StructurePlan, passwordHash: string): TableLoad[] {
  const created = timestamp(seasonStartDay(FIRST_SEASON), 8 * 3600);
  return [
    {
      table: 'UTI_Login',
      columns: ['id', 'ID_Utilisateur', 'Email', 'MotDePasseHash', 'EST_Actif', 'DerniereConnexion', 'Z_DateCreation'],
      rows: DEMO_ACCOUNTS.map((a, i) => csvRow([i + 1, i + 1, a.email, passwordHash, true, null, created])),
    },
    {
      table: 'STR_StructureUtilisateur',
      columns: ['id', 'ID_Utilisateur', 'ID_Structure', 'ID_Role'],
      rows: DEMO_ACCOUNTS.map((a, i) => csvRow([i + 1, i + 1, structures.demo[a.structure].id, ROLE_IDS[a.role]])),
    },
  ];
}
