/** French text of the dashboards (R-UI-04). Card titles and tooltips come from @gdf/domain. */
export const dashboardMessages = {
  modulesLabel: 'Modules',
  loading: 'Chargement des modules…',
  statusUnavailable:
    'L’état de la structure (blocage, affiliation) n’a pas pu être vérifié : seuls vos droits sont pris en compte.',
} as const;
