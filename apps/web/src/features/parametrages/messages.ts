/** French text of the Paramétrages Comptables layout (SPEC.md screen 2). */
export const parametragesMessages = {
  title: 'Paramétrages Comptables',
  navLabel: 'Paramétrages comptables',
} as const;
