/** French text of the Paramétrages Comptables layout (R-UI-05). */
export const parametragesMessages = {
  title: 'Paramétrages Comptables',
  navLabel: 'Paramétrages comptables',
} as const;
