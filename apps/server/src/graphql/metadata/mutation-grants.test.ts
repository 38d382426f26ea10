import { FLUX_RELAUNCH, ModuleSlug, type ActionGrant } from '@gdf/domain';
import { getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { RequestScope } from '../../modules/scope/scope';
import { graphqlSchema } from '../schema/build-schema';
import { MUTATION_GRANTS, mutationRefusal } from './mutation-grants';

/** A club administrator's scope holding the flux module and the given write grants. */
function scopeWith(grants: ActionGrant[]): RequestScope {
  return {
    actor: {
      userId: 1,
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.fr',
      isSuperAdmin: false,
      memberships: [],
      permissions: new Map([[42, new Set([ModuleSlug.FluxFinanciers])]]),
      grants: new Map([[42, new Set(grants)]]),
    },
    currentStructureId: 42,
    currentStructureType: 1,
    unrestricted: false,
    standing: { blocked: false, affiliated: true, affiliatedCurrentSeason: true },
  };
}

const refusalOf = (scope: RequestScope, text: string) => {
  const document = parse(text);
  return mutationRefusal(scope, getOperationAST(document)!, document);
};

describe('mutation grants (R-PERM-06: writes are a permission of their own)', () => {
  it('names the grant of every mutation field of the schema', () => {
    const fields = Object.keys(graphqlSchema().getMutationType()?.getFields() ?? {});
    expect(fields.sort()).toEqual(Object.keys(MUTATION_GRANTS).sort());
  });

  it('refuses the whole document when one of its mutations lacks its grant, through fragments too', () => {
    const relaunchOnly = scopeWith([FLUX_RELAUNCH]);
    expect(refusalOf(relaunchOnly, `mutation { relaunch_MKP_FluxFinancier(id: 1) { id } }`)).toBeNull();
    expect(
      refusalOf(
        relaunchOnly,
        `mutation { relaunch_MKP_FluxFinancier(id: 1) { id } ...W }
         fragment W on mutation_root { update_MKP_FluxFinancier_by_pk(pk_columns: {id: 1}, _set: {}) { id } }`,
      ),
    ).toBe("Vous n'avez pas le droit de créer ou de modifier des flux financiers.");
  });

  it("gives the module's own refusal first (a blocked structure)", () => {
    const blocked = {
      ...scopeWith([FLUX_RELAUNCH]),
      standing: { blocked: true, affiliated: true, affiliatedCurrentSeason: true },
    };
    expect(refusalOf(blocked, `mutation { relaunch_MKP_FluxFinancier(id: 1) { id } }`)).toBe(
      'Cette structure est bloquée.',
    );
  });
});
