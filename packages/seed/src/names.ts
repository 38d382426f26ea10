import type { Faker } from '@faker-js/faker';
import { StructureType, type StructureTypeId } from '@gdf/domain';
import type { Rng } from './random';
import type { Department } from './territories';

/** Realistic French names for structures, communes, phones and e-mail addresses. */

const MASCOTS = ['Chamois', 'Bouquetins', 'Lézards', 'Marmottes', 'Geckos', 'Choucas', 'Grimpeurs', 'Varappeurs'];
const WORDS = ['Vertical', 'Dévers', 'Dalle', 'Cordée', 'Piolet', 'Relais', 'Mousqueton', 'Surplomb', 'Crux', 'Prise'];
const RIVERS = ['Loire', 'Rhône', 'Saône', 'Marne', 'Seine', 'Garonne', 'Dordogne', 'Isère', 'Durance', 'Allier'];

export function clubName(type: StructureTypeId, dep: Department, city: string, rng: Rng): string {
  switch (type) {
    case StructureType.EtablissementAgree:
      return rng.pick([`Salle d'escalade ${rng.pick(WORDS)} ${city}`, `Centre d'escalade de ${city}`]);
    case StructureType.Section:
      return rng.pick([`Section escalade de l'AS ${city}`, `Section montagne Université de ${city}`]);
    case StructureType.MembreAssocie:
      return rng.pick([`Bureau des guides de ${city}`, `Canyon ${dep.name}`, `Spéléo club de ${city}`]);
    default:
      return rng.pick([
        `Club alpin de ${city}`,
        `${city} Escalade`,
        `Les ${rng.pick(MASCOTS)} de ${city}`,
        `${rng.pick(WORDS)} ${city}`,
        `Montagne et escalade ${dep.name}`,
        `Escalade club ${city}`,
        `ASPTT ${city} montagne`,
        `Grimpe ${dep.name}`,
        `Roc ${city}`,
      ]);
  }
}

/** A plausible small-town name (the prefecture is used for most structures). */
export function commune(rng: Rng, faker: Faker): string {
  const name = faker.person.lastName();
  switch (rng.int(0, 3)) {
    case 0:
      return `Saint-${faker.person.firstName('male')}`;
    case 1:
      return `${name}-sur-${rng.pick(RIVERS)}`;
    case 2:
      return `${name}-les-Bains`;
    default:
      return `Villeneuve-${name}`;
  }
}

/** '04 72 12 34 56' (landline) or '06 12 34 56 78' (mobile). */
export function frenchPhone(rng: Rng, landline: boolean): string {
  const first = landline ? rng.int(1, 5) : rng.pick([6, 7]);
  const digits = `0${first}${rng.digits(8)}`;
  return digits.replace(/(\d{2})(?=\d)/g, '$1 ');
}

/** Lower-case ASCII with dashes: 'Club alpin de Lyon' -> 'club-alpin-de-lyon'. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Personal address on a reserved example domain: the app must never mail real people. */
export function personEmail(firstName: string, lastName: string, n: number): string {
  return `${slug(firstName).replaceAll('-', '')}.${slug(lastName).replaceAll('-', '')}${n % 1000}@example.org`;
}
