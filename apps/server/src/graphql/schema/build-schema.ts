import {
  GraphQLBoolean,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  type GraphQLField,
  type GraphQLFieldConfigMap,
} from 'graphql';
import type { GraphqlContext } from '../context';
import { SCOPE_RULES } from '../metadata/scope-rules';
import { TABLE_LIST } from '../metadata/tables';
import { insertFluxOne, relaunchFluxResolver, updateFluxByPk } from '../resolvers/mutations';
import type { RootFieldKind } from '../execution/compile';
import { rootFieldResolver } from '../resolvers/root-query';
import type { TableName } from '../metadata/tables';
import { FluxInsertInput, FluxPkColumnsInput, FluxSetInput } from './mutation-types';
import { TableTypes } from './table-types';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;

/** Hasura v2 shaped schema over the whitelist; every resolver compiles to one scoped SQL statement. */
function buildSchema(): GraphQLSchema {
  const types = new TableTypes();
  const query: Fields = {};
  for (const table of TABLE_LIST.filter((t) => t.root)) {
    if (SCOPE_RULES[table.name].kind === 'relation-only')
      throw new Error(`${table.name} n'a pas de règle de portée racine`);
    query[table.name] = {
      type: types.list(table.name),
      args: types.listArgs(table.name),
      resolve: rootFieldResolver(table.name, 'list'),
      extensions: rootFieldExtensions(table.name, 'list'),
    };
    query[`${table.name}_by_pk`] = {
      type: types.object(table.name),
      args: { id: { type: new GraphQLNonNull(GraphQLInt) } },
      resolve: rootFieldResolver(table.name, 'by_pk'),
      extensions: rootFieldExtensions(table.name, 'by_pk'),
    };
    query[`${table.name}_aggregate`] = {
      type: new GraphQLNonNull(types.aggregate(table.name)),
      args: {
        ...types.listArgs(table.name),
        estimate: {
          type: GraphQLBoolean,
          description:
            'Avec limit et aggregate { count } seul : quand le planificateur prévoit bien plus de lignes que limit, count vaut limit sans les lire',
        },
        estimateOnly: {
          type: GraphQLBoolean,
          description:
            'Avec estimate : ne compte que si le planificateur prévoit peu de lignes ; aggregate vaut null quand il n’en prévoit ni peu ni bien plus que limit',
        },
      },
      resolve: rootFieldResolver(table.name, 'aggregate'),
      extensions: rootFieldExtensions(table.name, 'aggregate'),
    };
  }
  const flux = types.object('MKP_FluxFinancier');
  const mutation: Fields = {
    insert_MKP_FluxFinancier_one: {
      type: flux,
      description: 'Crée un flux (et ses lignes) dans une structure de votre périmètre',
      args: { object: { type: new GraphQLNonNull(FluxInsertInput) } },
      resolve: insertFluxOne,
    },
    update_MKP_FluxFinancier_by_pk: {
      type: flux,
      description: "Modifie un flux de votre périmètre ; null s'il n'existe pas ou n'est pas visible",
      args: { pk_columns: { type: new GraphQLNonNull(FluxPkColumnsInput) }, _set: { type: FluxSetInput } },
      resolve: updateFluxByPk,
    },
    relaunch_MKP_FluxFinancier: {
      type: flux,
      description:
        "Relance un prélèvement impayé : nouveau flux daté d'un mois plus tard, l'original est marqué relancé",
      args: { id: { type: new GraphQLNonNull(GraphQLInt) } },
      resolve: relaunchFluxResolver,
    },
  };
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'query_root', fields: query }),
    mutation: new GraphQLObjectType({ name: 'mutation_root', fields: mutation }),
  });
}

/** What a root query field reads, for the direct path (execution/direct-path.ts). */
export interface RootFieldTarget {
  table: TableName;
  kind: RootFieldKind;
}

const rootFieldExtensions = (table: TableName, kind: RootFieldKind) => ({ rootField: { table, kind } });

/** The table and kind of a root query field, as the schema declares them. */
export function rootFieldTarget(field: GraphQLField<unknown, unknown> | undefined): RootFieldTarget | null {
  return (field?.extensions.rootField as RootFieldTarget | undefined) ?? null;
}

let schema: GraphQLSchema | null = null;

export function graphqlSchema(): GraphQLSchema {
  schema ??= buildSchema();
  return schema;
}
