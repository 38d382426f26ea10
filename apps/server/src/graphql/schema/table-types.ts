import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLOutputType,
} from 'graphql';
import { TABLES, type ScalarName, type TableMeta, type TableName } from '../metadata/tables';
import { COMPARISON_TYPES, OrderByEnum, SCALARS } from './comparison-types';

/** Columns each aggregate function applies to, and the GraphQL type it returns. */
export const AGGREGATE_FUNCTIONS = {
  sum: (type: ScalarName) => (type === 'numeric' ? SCALARS.numeric : type === 'Int' ? GraphQLFloat : null),
  avg: (type: ScalarName) => (type === 'numeric' || type === 'Int' ? GraphQLFloat : null),
  max: (type: ScalarName) => (type === 'Boolean' ? null : SCALARS[type]),
  min: (type: ScalarName) => (type === 'Boolean' ? null : SCALARS[type]),
} as const;
export type AggregateFunction = keyof typeof AGGREGATE_FUNCTIONS;

/** Hasura-named GraphQL types of every whitelisted table, built once and shared. */
export class TableTypes {
  private readonly cache = new Map<string, unknown>();

  private memo<T>(name: string, build: () => T): T {
    if (!this.cache.has(name)) this.cache.set(name, build());
    return this.cache.get(name) as T;
  }

  object(name: TableName): GraphQLObjectType {
    const table = TABLES[name];
    return this.memo(
      name,
      () => new GraphQLObjectType({ name, description: table.description, fields: () => this.objectFields(table) }),
    );
  }

  private objectFields(table: TableMeta): GraphQLFieldConfigMap<unknown, unknown> {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
    for (const [column, meta] of Object.entries(table.columns)) {
      fields[column] = { type: meta.nullable ? SCALARS[meta.type] : new GraphQLNonNull(SCALARS[meta.type]) };
    }
    for (const [relation, meta] of Object.entries(table.relations)) {
      if (meta.kind === 'object') {
        fields[relation] = { type: this.object(meta.target) };
        continue;
      }
      fields[relation] = { type: this.list(meta.target), args: this.listArgs(meta.target) };
      fields[`${relation}_aggregate`] = {
        type: new GraphQLNonNull(this.aggregate(meta.target)),
        args: this.listArgs(meta.target),
      };
    }
    return fields;
  }

  list(name: TableName): GraphQLOutputType {
    return new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(this.object(name))));
  }

  listArgs(name: TableName): GraphQLFieldConfigArgumentMap {
    return {
      where: { type: this.boolExp(name), description: 'Filtre' },
      order_by: { type: new GraphQLList(new GraphQLNonNull(this.orderBy(name))), description: 'Tri' },
      limit: { type: GraphQLInt, description: 'Nombre maximal de lignes' },
      offset: { type: GraphQLInt, description: 'Lignes à sauter' },
    };
  }

  boolExp(name: TableName): GraphQLInputObjectType {
    const table = TABLES[name];
    return this.memo(`${name}_bool_exp`, () => {
      const type: GraphQLInputObjectType = new GraphQLInputObjectType({
        name: `${name}_bool_exp`,
        description: `Expression booléenne sur ${name} (plusieurs clés : ET)`,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {
            _and: { type: new GraphQLList(new GraphQLNonNull(type)) },
            _or: { type: new GraphQLList(new GraphQLNonNull(type)) },
            _not: { type },
          };
          for (const [column, meta] of Object.entries(table.columns))
            fields[column] = { type: COMPARISON_TYPES[meta.type] };
          for (const [relation, meta] of Object.entries(table.relations))
            fields[relation] = { type: this.boolExp(meta.target) };
          return fields;
        },
      });
      return type;
    });
  }

  orderBy(name: TableName): GraphQLInputObjectType {
    const table = TABLES[name];
    return this.memo(
      `${name}_order_by`,
      () =>
        new GraphQLInputObjectType({
          name: `${name}_order_by`,
          description: `Tri de ${name}`,
          fields: () => {
            const fields: GraphQLInputFieldConfigMap = {};
            for (const column of Object.keys(table.columns)) fields[column] = { type: OrderByEnum };
            for (const [relation, meta] of Object.entries(table.relations)) {
              if (meta.kind === 'object') fields[relation] = { type: this.orderBy(meta.target) };
            }
            return fields;
          },
        }),
    );
  }

  selectColumn(name: TableName): GraphQLEnumType {
    const table = TABLES[name];
    return this.memo(
      `${name}_select_column`,
      () =>
        new GraphQLEnumType({
          name: `${name}_select_column`,
          values: Object.fromEntries(Object.keys(table.columns).map((column) => [column, { value: column }])),
        }),
    );
  }

  aggregate(name: TableName): GraphQLObjectType {
    return this.memo(
      `${name}_aggregate`,
      () =>
        new GraphQLObjectType({
          name: `${name}_aggregate`,
          fields: () => ({
            aggregate: { type: this.aggregateFields(name) },
            nodes: { type: this.list(name) },
          }),
        }),
    );
  }

  private aggregateFields(name: TableName): GraphQLObjectType {
    return this.memo(`${name}_aggregate_fields`, () => {
      const fields: GraphQLFieldConfigMap<unknown, unknown> = {
        count: {
          type: new GraphQLNonNull(GraphQLInt),
          args: {
            columns: { type: new GraphQLList(new GraphQLNonNull(this.selectColumn(name))) },
            distinct: { type: GraphQLBoolean },
          },
        },
      };
      for (const fn of Object.keys(AGGREGATE_FUNCTIONS) as AggregateFunction[]) {
        const type = this.functionFields(name, fn);
        if (type) fields[fn] = { type };
      }
      return new GraphQLObjectType({ name: `${name}_aggregate_fields`, fields });
    });
  }

  private functionFields(name: TableName, fn: AggregateFunction): GraphQLObjectType | null {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
    for (const [column, meta] of Object.entries(TABLES[name].columns)) {
      const type = AGGREGATE_FUNCTIONS[fn](meta.type);
      if (type) fields[column] = { type };
    }
    if (fn === 'sum')
      for (const column of Object.keys(TABLES[name].computedSums ?? {})) fields[column] = { type: SCALARS.numeric };
    if (Object.keys(fields).length === 0) return null;
    return this.memo(`${name}_${fn}_fields`, () => new GraphQLObjectType({ name: `${name}_${fn}_fields`, fields }));
  }
}
