import { actionRefusal, FLUX_RELAUNCH, FLUX_WRITE, type ActionGrant, type ModuleSlugValue } from '@gdf/domain';
import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { hasGrant, moduleRefusal, type RequestScope } from '../../modules/scope/scope';

/**
 * The write grant each mutation field needs (R-PERM-06, R-PERM-07, Hasura's insert/update permissions).
 * A mutation field without an entry here is refused; a test checks that every mutation of
 * the schema has one. The services check the same grants again.
 */
export const MUTATION_GRANTS: Readonly<Record<string, ActionGrant>> = {
  insert_MKP_FluxFinancier_one: FLUX_WRITE,
  update_MKP_FluxFinancier_by_pk: FLUX_WRITE,
  relaunch_MKP_FluxFinancier: FLUX_RELAUNCH,
};

/**
 * Why the caller may not run one of the operation's mutation fields (French), or null:
 * checked for the whole request before any field runs, so a document mixing an allowed
 * and a refused mutation changes nothing. Fields under @skip/@include count too.
 */
export function mutationRefusal(
  scope: RequestScope,
  operation: OperationDefinitionNode,
  document: DocumentNode,
): string | null {
  for (const field of rootFieldNames(operation, document)) {
    if (field === '__typename') continue;
    const grant = MUTATION_GRANTS[field];
    if (!grant) return `La mutation ${field} n'est pas autorisée.`;
    if (!hasGrant(scope, grant)) {
      return moduleRefusal(scope, grant.split(':')[0] as ModuleSlugValue) ?? actionRefusal(grant);
    }
  }
  return null;
}

function rootFieldNames(operation: OperationDefinitionNode, document: DocumentNode): Set<string> {
  const fragments = new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (selections: OperationDefinitionNode['selectionSet']['selections']) => {
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet.selections);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) visit(fragment.selectionSet.selections);
      }
    }
  };
  visit(operation.selectionSet.selections);
  return names;
}
