import { HEAD_OFFICE_STRUCTURE_ID, StructureType } from '@gdf/domain';
import { FRENCH_BANKS, randomFrenchRib } from './iban';
import { isoDay, lastDataDay, seasonStartDay, timestamp, type Season } from './catalog';
import { csvRow } from './csv';
import { clubName, frenchPhone, personEmail } from './names';
import type { StructurePlan } from './plan-types';
import type { Rng } from './random';
import type { TableLoad } from './write-reference';

/** Structures, their addresses, departments, bank details and affiliations. */

/** Addresses of structures take ids 1..S (STR_Structure.ID_Adresse); users' follow. */
export function structureAddressLoad(plan: StructurePlan): TableLoad {
  return {
    table: 'ADR_Adresse',
    columns: ['id', 'Adresse1', 'Adresse2', 'CodePostal', 'Ville', 'Pays', 'ID_Utilisateur', 'Z_DateCreation'],
    rows: plan.all.map((s) =>
      csvRow([s.addressId, s.street, null, s.postcode, s.city, 'FR', null, timestamp(s.createdDay, 9 * 3600)]),
    ),
  };
}

export function departmentLoad(plan: StructurePlan): TableLoad {
  return {
    table: 'ADR_Departement',
    columns: ['id', 'CodeDepartement', 'NomDepartement', 'ID_Ligue', 'ID_Comite'],
    rows: plan.departments.map((d) => csvRow([d.id, d.department.code, d.department.name, d.ligueId, d.comiteId])),
  };
}

export function structureLoad(plan: StructurePlan): TableLoad {
  return {
    table: 'STR_Structure',
    columns: [
      'id',
      'NomStructure',
      'ID_CodeFederal',
      'ID_TypeStructure',
      'ID_Federation',
      'ID_Adresse',
      'ID_Departement',
      'ID_Correspondant',
      'EST_Bloquee',
      'CT_Email',
      'CT_Telephone',
      'SIREN',
      'Z_DateCreation',
    ],
    rows: plan.all.map((s) =>
      csvRow([
        s.id,
        s.name,
        s.code,
        s.type,
        // Every member structure belongs to the head office; the head office to none.
        s.type === StructureType.Federation ? null : HEAD_OFFICE_STRUCTURE_ID,
        s.addressId,
        s.departmentId,
        s.correspondentId,
        s.blocked,
        s.email,
        s.phone,
        s.siren,
        timestamp(s.createdDay, 10 * 3600),
      ]),
    ),
  };
}

/**
 * One RIB per structure except the 'none' cases; the head office banks with the first
 * bank of the list and has a BIC, so its RIB card always has something valid to show.
 * The mandate reference (RUM, at most 35 characters) is unique: it embeds the id.
 */
export function ribLoad(plan: StructurePlan, seasons: Season[], rng: Rng): TableLoad {
  const maxDay = lastDataDay(seasons);
  const rows: string[] = [];
  for (const s of plan.all) {
    if (s.rib === 'none') continue;
    const rib = randomFrenchRib(rng, s.type === StructureType.Federation ? FRENCH_BANKS[0] : undefined);
    const first = s.affiliation?.first ?? (seasons.at(-1) as Season).id;
    // An expired mandate was signed long ago (SEPA mandates lapse after 36 idle months).
    const signed =
      s.rib === 'expired'
        ? seasonStartDay((seasons[0] as Season).id) + rng.int(0, 60)
        : Math.min(maxDay, seasonStartDay(first) + rng.int(0, 90));
    const mandate = s.rib !== 'no_mandate';
    rows.push(
      csvRow([
        rows.length + 1,
        s.id,
        rib.iban,
        s.rib === 'no_bic' ? null : rib.bic,
        s.name,
        rib.bank,
        mandate ? `FFME-${s.code}-${s.id}` : null,
        mandate ? isoDay(signed) : null,
        s.rib !== 'expired',
        timestamp(Math.min(maxDay, signed), 11 * 3600),
      ]),
    );
  }
  return {
    table: 'STR_StructureRib',
    columns: [
      'id',
      'ID_Structure',
      'IBAN',
      'BIC',
      'Titulaire',
      'Banque',
      'MandatRUM',
      'MandatDateSignature',
      'EST_Valide',
      'Z_DateCreation',
    ],
    rows,
  };
}

/** One row per structure and affiliated season, dated early in that season. */
export function affiliationLoad(plan: StructurePlan, seasons: Season[], rng: Rng): TableLoad {
  const maxDay = lastDataDay(seasons);
  const rows: string[] = [];
  for (const s of plan.all) {
    if (!s.affiliation) continue;
    for (let season = s.affiliation.first; season <= s.affiliation.last; season++) {
      const day = Math.min(maxDay, seasonStartDay(season) + rng.int(0, 45));
      rows.push(csvRow([rows.length + 1, s.id, season, 'affiliee', timestamp(day, 8 * 3600 + rng.int(0, 36_000))]));
    }
  }
  return { table: 'STR_Affiliation', columns: ['id', 'ID_Structure', 'ID_Saison', 'Etat', 'Z_DateCreation'], rows };
}

const REQUEST_FIRST_NAMES = ['Camille', 'Julien', 'Léa', 'Mathieu', 'Sophie', 'Nicolas', 'Inès', 'Hugo'];
const REQUEST_LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Petit', 'Durand', 'Lefèvre'];
const NEW_CLUBS = 3;

/**
 * Temporary affiliation structures (R-API-05) of the current season, made to the
 * head office: one for each club never affiliated or not affiliated this season (linked to
 * it), and a few for clubs not created yet (no structure).
 */
export function affiliationTemporaireLoad(plan: StructurePlan, seasons: Season[], rng: Rng): TableLoad {
  const season = seasons.at(-1) as Season;
  const day = Math.min(lastDataDay(seasons), seasonStartDay(season.id) + 20);
  const rows: string[] = [];
  const add = (
    structureId: number | null,
    type: number,
    name: string,
    place: { street: string; postcode: string; city: string },
  ) => {
    const first = rng.pick(REQUEST_FIRST_NAMES);
    const last = rng.pick(REQUEST_LAST_NAMES);
    const n = rows.length + 1;
    rows.push(
      csvRow([
        n,
        name,
        type,
        HEAD_OFFICE_STRUCTURE_ID,
        season.id,
        structureId,
        first,
        last,
        personEmail(first, last, n),
        frenchPhone(rng, false),
        place.street,
        place.postcode,
        place.city,
        timestamp(day, 9 * 3600 + rng.int(0, 30_000)),
      ]),
    );
  };
  for (const s of plan.all) {
    if (s.type !== StructureType.Club || (s.affiliation && s.affiliation.last >= season.id)) continue;
    add(s.id, s.type, s.name, s);
  }
  for (const { department } of plan.departments.slice(0, NEW_CLUBS)) {
    const city = department.prefecture;
    add(null, StructureType.Club, clubName(StructureType.Club, department, city, rng), {
      street: `${rng.int(1, 90)} rue de la République`,
      postcode: `${department.postalPrefix}000`,
      city,
    });
  }
  return {
    table: 'STR_AffiliationTemporaire',
    columns: [
      'id',
      'NomStructure',
      'ID_TypeStructure',
      'ID_Federation',
      'ID_Saison',
      'ID_Structure',
      'CT_Prenom',
      'CT_Nom',
      'CT_Email',
      'CT_Telephone',
      'Adresse1',
      'CodePostal',
      'Ville',
      'Z_DateCreation',
    ],
    rows,
  };
}
