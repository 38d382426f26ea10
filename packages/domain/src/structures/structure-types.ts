/** Structure types (R-DATA-05). Ids are stable data, referenced by rules. */
export const StructureType = {
  Club: 1,
  EtablissementAgree: 2,
  Section: 3,
  LigueRegionale: 4,
  ComiteDepartemental: 5,
  MembreAssocie: 6,
  Federation: 7,
} as const;
export type StructureTypeId = (typeof StructureType)[keyof typeof StructureType];

export const STRUCTURE_TYPE_NAMES: Record<StructureTypeId, string> = {
  1: 'Club',
  2: 'Etablissement agréé',
  3: 'Section',
  4: 'Ligue régionale',
  5: 'Comité départemental',
  6: 'Membre associé',
  7: 'Fédération / siège',
};

/** R-DATA-06: structure 1318 is the national head office. */
export const HEAD_OFFICE_STRUCTURE_ID = 1318;
