import type { SituationStructure } from '@gdf/domain';

/** The demo ligue (202, the head-office user's second structure) as a structure's page shows it. */
export const LIGUE_SITUATION: SituationStructure = {
  id: 202,
  name: 'Ligue Auvergne-Rhône-Alpes',
  federalCode: '084000',
  typeId: 4,
  typeName: 'Ligue régionale',
};
