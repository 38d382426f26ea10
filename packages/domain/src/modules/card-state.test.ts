import { describe, expect, it } from 'vitest';
import { StructureType } from '../structures/structure-types';
import {
  CARD_TOOLTIPS,
  cardState,
  isModuleVisible,
  openableTarget,
  type CardStateKind,
  type CardStructure,
  type CardUser,
} from './card-state';
import type { ModuleDefinition } from './module-definition';
import { MODULES } from './module-registry';
import { ModuleSlug } from './module-slugs';

/** An available module for clubs and comités, opened by export__sage. */
const MODULE: ModuleDefinition = {
  id: 'export_sage',
  title: 'Module de test',
  description: '',
  status: 'available',
  kind: 'route',
  targets: [{ route: 'export__sage', permission: ModuleSlug.ExportSage }],
  structureTypes: [StructureType.Club, StructureType.ComiteDepartemental],
};
const CLUB: CardStructure = {
  id: 42,
  typeId: StructureType.Club,
  blocked: false,
  affiliated: true,
  affiliatedCurrentSeason: true,
};
const ALLOWED: CardUser = { isSuperAdmin: false, permissions: [ModuleSlug.ExportSage] };

interface Case {
  user: CardUser;
  structure: CardStructure;
  module: ModuleDefinition;
}
const base = (): Case => ({ user: ALLOWED, structure: CLUB, module: MODULE });

/** How to bring each disabled state about, one condition at a time; they combine. */
const TRIGGERS: Record<Exclude<CardStateKind, 'enabled'>, (c: Case) => Case> = {
  coming_soon: (c) => ({ ...c, module: { ...c.module, status: 'coming_soon' } }),
  not_applicable: (c) => ({ ...c, module: { ...c.module, structureTypes: [StructureType.Federation] } }),
  blocked: (c) => ({ ...c, structure: { ...c.structure, blocked: true } }),
  not_affiliated: (c) => ({ ...c, structure: { ...c.structure, affiliated: false, affiliatedCurrentSeason: false } }),
  not_affiliated_current_season: (c) => ({ ...c, structure: { ...c.structure, affiliatedCurrentSeason: false } }),
  no_permission: (c) => ({ ...c, user: { ...c.user, permissions: [ModuleSlug.ExportSepa] } }),
};

/** R-PERM-02's precedence, strongest first (not applicable ranked in card-state.ts). */
const PRECEDENCE = [
  'coming_soon',
  'not_applicable',
  'blocked',
  'not_affiliated',
  'not_affiliated_current_season',
  'no_permission',
] as const;

const run = (c: Case) => cardState(c.user, c.structure, c.module);

describe('cardState: each state alone (R-PERM-01, R-PERM-02 texts)', () => {
  it('is enabled, without tooltip, when nothing stands in the way', () => {
    expect(run(base())).toEqual({ kind: 'enabled', enabled: true, tooltip: null });
  });

  it.each([
    ['coming_soon', 'Module prochainement disponible.'],
    ['not_applicable', "Vous n'avez pas accès à ce module."],
    ['blocked', 'Cette structure est bloquée.'],
    ['not_affiliated', "Cette structure n'est pas affiliée."],
    ['not_affiliated_current_season', "Cette structure n'est pas affiliée sur la saison en cours."],
    [
      'no_permission',
      "Vous n'avez pas les droits nécessaire pour accéder à ce module. Merci de contacter un administrateur.",
    ],
  ] as const)('%s: disabled with the tooltip "%s"', (kind, tooltip) => {
    expect(run(TRIGGERS[kind](base()))).toEqual({ kind, enabled: false, tooltip });
    expect(CARD_TOOLTIPS[kind]).toBe(tooltip);
  });
});

describe('cardState: precedence (R-PERM-02: coming soon > blocked > not affiliated > not affiliated this season > no permission)', () => {
  const pairs = PRECEDENCE.flatMap((stronger, i) =>
    PRECEDENCE.slice(i + 1).map((weaker) => [stronger, weaker] as const),
  );

  it('covers every pair', () => expect(pairs).toHaveLength(15));

  it.each(pairs)('%s wins over %s', (stronger, weaker) => {
    const both = TRIGGERS[weaker](TRIGGERS[stronger](base()));
    expect(run(both).kind).toBe(stronger);
  });

  it('shows the strongest reason when every condition holds at once', () => {
    const all = PRECEDENCE.reduce((c, kind) => TRIGGERS[kind](c), base());
    expect(run(all).kind).toBe('coming_soon');
  });
});

describe('cardState: super_administrateur (R-PERM-03: bypasses module permissions and card blocks)', () => {
  const superAdmin = (c: Case): Case => ({ ...c, user: { isSuperAdmin: true, permissions: [] } });

  it.each(['blocked', 'not_affiliated', 'not_affiliated_current_season', 'no_permission'] as const)(
    'is enabled despite %s',
    (kind) => expect(run(superAdmin(TRIGGERS[kind](base()))).kind).toBe('enabled'),
  );

  it.each(['coming_soon', 'not_applicable'] as const)('still sees %s: it describes the module, not a block', (kind) => {
    expect(run(superAdmin(TRIGGERS[kind](base()))).kind).toBe(kind);
  });
});

describe("'Récapitulatif mensuel': the module for its grant's holders, coming soon to others (R-RECAP-08)", () => {
  const recap = MODULES.recapitulatif_mensuel;
  const user = (permissions: string[]): CardUser => ({ isSuperAdmin: false, permissions });

  it("is enabled for a holder of its permission and opens 'gestion_des_finances__recapitulatif'", () => {
    expect(run({ ...base(), module: recap, user: user([ModuleSlug.Recapitulatif]) }).kind).toBe('enabled');
    expect(openableTarget(user([ModuleSlug.Recapitulatif]), recap)?.route).toBe('gestion_des_finances__recapitulatif');
  });

  it("keeps the 'Prochainement' card and tooltip (R-PERM-02) for a user without it", () => {
    const state = run({ ...base(), module: recap, user: user([ModuleSlug.FluxFinanciers]) });
    expect(state).toEqual({ kind: 'coming_soon', enabled: false, tooltip: 'Module prochainement disponible.' });
  });

  it('is enabled for super_administrateur, and blocked for a holder when the structure is', () => {
    expect(run({ ...base(), module: recap, user: { isSuperAdmin: true, permissions: [] } }).kind).toBe('enabled');
    const blocked = TRIGGERS.blocked({ ...base(), module: recap, user: user([ModuleSlug.Recapitulatif]) });
    expect(run(blocked).kind).toBe('blocked');
  });
});

describe('modules with several targets and structure-bound modules', () => {
  const sageSepa = MODULES.sage_sepa;
  const user = (permissions: string[]): CardUser => ({ isSuperAdmin: false, permissions });

  it('SAGE/SEPA is enabled with either export permission and opens SEPA first (R-PERM-05)', () => {
    expect(run({ ...base(), module: sageSepa, user: user([ModuleSlug.ExportSage]) }).kind).toBe('enabled');
    expect(openableTarget(user([ModuleSlug.ExportSage]), sageSepa)?.route).toBe('export__sage');
    expect(openableTarget(user([ModuleSlug.ExportSage, ModuleSlug.ExportSepa]), sageSepa)?.route).toBe('export__sepa');
    expect(openableTarget({ isSuperAdmin: true, permissions: [] }, sageSepa)?.route).toBe('export__sepa');
    expect(run({ ...base(), module: sageSepa, user: user([]) }).kind).toBe('no_permission');
  });

  it('RIB exists only for structure 1318 (R-PERM-11)', () => {
    const headOffice: CardStructure = { ...CLUB, id: 1318, typeId: StructureType.Federation };
    const otherFederation: CardStructure = { ...headOffice, id: 7 };
    const ribUser = user([ModuleSlug.Rib]);
    expect(isModuleVisible(MODULES.rib, 1318)).toBe(true);
    expect(isModuleVisible(MODULES.rib, CLUB.id)).toBe(false);
    expect(isModuleVisible(MODULES.sage_sepa, CLUB.id)).toBe(true);
    expect(run({ user: ribUser, structure: headOffice, module: MODULES.rib }).kind).toBe('enabled');
    // Typed by URL elsewhere: the module does not apply to that structure.
    expect(run({ user: ribUser, structure: otherFederation, module: MODULES.rib }).kind).toBe('not_applicable');
    expect(run({ user: ribUser, structure: CLUB, module: MODULES.rib }).kind).toBe('not_applicable');
  });
});
