import { describe, expect, it } from 'vitest';
import {
  COMPTABILITE_DASHBOARD_MODULES,
  EXPORT_NAV_MODULES,
  FINANCES_DASHBOARD_MODULES,
  MODULES,
  PARAMETRAGES_NAV_MODULES,
  ROUTE_MODULES,
  modulesOf,
} from './module-registry';
import { ALL_MODULE_SLUGS } from './module-slugs';

const titles = (ids: readonly (keyof typeof MODULES)[]) => modulesOf(ids).map((module) => module.title);

describe('module registry', () => {
  it("lists the finance dashboard cards (R-UI-04): one coming soon, 'Création factures' a real module (R-INV-10), 'Récapitulatif mensuel' one for its grant's holders (R-RECAP-08)", () => {
    expect(titles(FINANCES_DASHBOARD_MODULES)).toEqual([
      'Paramétrages comptable',
      'Création factures',
      'Récapitulatif mensuel',
      'Recherche flux financiers',
      'SAGE/SEPA',
      'RIB',
    ]);
    expect(modulesOf(FINANCES_DASHBOARD_MODULES).map((module) => module.status)).toEqual([
      'coming_soon',
      'available',
      'grant_holders',
      'available',
      'available',
      'available',
    ]);
  });

  it("makes 'Recherche flux financiers' an external link and 'SAGE/SEPA' open the SEPA export", () => {
    expect(MODULES.recherche_flux_financiers).toMatchObject({ kind: 'external' });
    expect(MODULES.recherche_flux_financiers.targets[0]?.route).toBe('flux_financiers__gestion_des_finances');
    expect(MODULES.recherche_flux_comptabilite.targets[0]?.route).toBe('flux_financiers__gestion_comptabilite');
    expect(MODULES.sage_sepa.targets[0]).toEqual({ route: 'export__sepa', permission: 'export__sepa' });
  });

  it('lists the Paramétrages Comptables links (screen 2) and the export entries (screen 7)', () => {
    expect(titles(PARAMETRAGES_NAV_MODULES)).toEqual([
      'Plan Comptable',
      'Type de facturation',
      'Plan analytique',
      'Flux financier',
    ]);
    expect(modulesOf(PARAMETRAGES_NAV_MODULES).map((m) => m.targets[0]?.permission)).toEqual([
      'parametrages_comptables__plan_comptable',
      'parametrages_comptables__type_facturation',
      'parametrages_comptables__plan_analytique',
      'parametrages_comptables__flux_financier',
    ]);
    expect(COMPTABILITE_DASHBOARD_MODULES).toEqual([...PARAMETRAGES_NAV_MODULES, 'recherche_flux_comptabilite']);
    expect(modulesOf(EXPORT_NAV_MODULES).map((m) => [m.title, m.targets[0]?.permission])).toEqual([
      ['SEPA', 'export__sepa'],
      ['SAGE', 'export__sage'],
    ]);
  });

  it('gives every available module a target, and only known permissions', () => {
    for (const module of Object.values(MODULES)) {
      if (module.status === 'available') expect(module.targets.length, module.id).toBeGreaterThan(0);
      for (const target of module.targets) expect(ALL_MODULE_SLUGS).toContain(target.permission);
    }
  });

  it('keys each module by its id', () => {
    for (const [id, module] of Object.entries(MODULES)) expect(module.id).toBe(id);
  });

  it('guards each module route with a module that opens that route', () => {
    for (const [route, id] of Object.entries(ROUTE_MODULES)) {
      expect(
        MODULES[id].targets.map((target) => target.route),
        route,
      ).toContain(route);
    }
  });
});
