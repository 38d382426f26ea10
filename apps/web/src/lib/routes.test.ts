import { describe, expect, it } from 'vitest';
import { ROUTES, href, hrefInContext, safeRedirectPath, type RouteName } from './routes';

// The route table of docs/product/screens.md (R-UI-02), written out again so a typo in ROUTES fails here.
const expectedPaths: Record<RouteName, string> = {
  login: '/connexion',
  gestion_des_finances__dashboard: '/gestion-des-finances',
  gestion_des_finances__parametrage_plan_comptable: '/gestion-des-finances/parametrage-plan-comptable',
  gestion_des_finances__etats_statistiques: '/gestion-des-finances/etats-statistiques',
  gestion_des_finances__rib: '/gestion-des-finances/rib',
  gestion_des_finances__recapitulatif: '/gestion-des-finances/recapitulatif',
  gestion_des_finances__creation_factures: '/gestion-des-finances/creation-factures',
  flux_financiers__gestion_des_finances: '/gestion-des-finances/flux-financiers',
  flux_financiers__gestion_comptabilite: '/gestion-comptabilite/flux-financiers',
  flux_impayes: '/gestion-des-finances/flux-financiers/impayes',
  flux_facture: '/gestion-des-finances/flux-financiers/:id/facture',
  flux_releve: '/gestion-des-finances/flux-financiers/:id/releve',
  structure_situation: '/gestion-des-finances/structures/:id/situation',
  gestion_comptabilite__dashboard: '/gestion-comptabilite',
  parametrages_comptables__plan_comptable: '/gestion-comptabilite/parametrages/plan-comptable',
  parametrages_comptables__type_facturation: '/gestion-comptabilite/parametrages/type-facturation',
  parametrages_comptables__plan_analytique: '/gestion-comptabilite/parametrages/plan-analytique',
  parametrages_comptables__flux_financier: '/gestion-comptabilite/parametrages/flux-financier',
  export__sepa: '/export-fichiers/sepa',
  export__sage: '/export-fichiers/sage',
  mes_traitements: '/mes-traitements',
};

describe('href', () => {
  it.each(Object.entries(expectedPaths))('builds %s -> %s', (name, path) => {
    expect(href(name as RouteName, { id: 42 } as never)).toBe(path.replace(':id', '42'));
  });

  it('has exactly the named routes of the design', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(expectedPaths).sort());
  });

  it('appends the query, leaving out empty values and repeating arrays', () => {
    expect(href('export__sage', undefined, { saison: 2024, vide: '', nul: null, id: [1, 2] })).toBe(
      '/export-fichiers/sage?saison=2024&id=1&id=2',
    );
    expect(href('login', undefined, { redirect: '/gestion-des-finances/rib?structureId=3' })).toBe(
      '/connexion?redirect=%2Fgestion-des-finances%2Frib%3FstructureId%3D3',
    );
  });
});

describe('hrefInContext', () => {
  it('carries structureId and appMode, and nothing else', () => {
    const current = '?structureId=202&appMode=embedded&page=3&libelle=licence';
    expect(hrefInContext(current, 'gestion_des_finances__rib')).toBe(
      '/gestion-des-finances/rib?structureId=202&appMode=embedded',
    );
  });

  it("lets the link's own query win", () => {
    expect(hrefInContext('?structureId=202', 'export__sepa', undefined, { structureId: 101, page: 2 })).toBe(
      '/export-fichiers/sepa?structureId=101&page=2',
    );
  });

  it('adds nothing in a context-free URL', () => {
    expect(hrefInContext('', 'gestion_comptabilite__dashboard')).toBe('/gestion-comptabilite');
  });
});

describe('safeRedirectPath', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirectPath('/gestion-des-finances/rib?structureId=3')).toBe('/gestion-des-finances/rib?structureId=3');
  });
  it.each([
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'gestion',
    '',
    null,
    '/connexion?redirect=/',
  ])('refuses %s', (value) => {
    expect(safeRedirectPath(value)).toBeUndefined();
  });
});
