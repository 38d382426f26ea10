import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLInputFieldConfigMap,
  type GraphQLScalarType,
} from 'graphql';
import type { ScalarName } from '../metadata/tables';
import { DateScalar, NumericScalar, TimestamptzScalar } from './scalars';

export const SCALARS: Record<ScalarName, GraphQLScalarType> = {
  Int: GraphQLInt,
  String: GraphQLString,
  Boolean: GraphQLBoolean,
  numeric: NumericScalar,
  timestamptz: TimestamptzScalar,
  date: DateScalar,
};

/** Operators and their SQL; the SQL text comes from here, never from the request. */
export const COMPARISON_OPERATORS = {
  _eq: '=',
  _neq: '<>',
  _gt: '>',
  _gte: '>=',
  _lt: '<',
  _lte: '<=',
} as const;
export const LIST_OPERATORS = { _in: 'IN', _nin: 'NOT IN' } as const;
export const PATTERN_OPERATORS = { _like: 'LIKE', _nlike: 'NOT LIKE', _ilike: 'ILIKE', _nilike: 'NOT ILIKE' } as const;

function comparisonType(name: ScalarName): GraphQLInputObjectType {
  const scalar = SCALARS[name];
  const fields: GraphQLInputFieldConfigMap = {};
  for (const operator of Object.keys(COMPARISON_OPERATORS)) fields[operator] = { type: scalar };
  for (const operator of Object.keys(LIST_OPERATORS))
    fields[operator] = { type: new GraphQLList(new GraphQLNonNull(scalar)) };
  fields._is_null = { type: GraphQLBoolean };
  if (name === 'String') {
    for (const operator of Object.keys(PATTERN_OPERATORS)) {
      fields[operator] = { type: GraphQLString, description: 'Motif SQL : % = n caractères, _ = un caractère' };
    }
  }
  return new GraphQLInputObjectType({
    name: `${name}_comparison_exp`,
    description: `Comparaisons sur une colonne de type ${name} ; plusieurs opérateurs se combinent par ET`,
    fields,
  });
}

export const COMPARISON_TYPES: Record<ScalarName, GraphQLInputObjectType> = {
  Int: comparisonType('Int'),
  String: comparisonType('String'),
  Boolean: comparisonType('Boolean'),
  numeric: comparisonType('numeric'),
  timestamptz: comparisonType('timestamptz'),
  date: comparisonType('date'),
};

/** Hasura's order_by values (asc = nulls last, desc = nulls first, as PostgreSQL). */
export const ORDER_DIRECTIONS = {
  asc: 'ASC',
  asc_nulls_first: 'ASC NULLS FIRST',
  asc_nulls_last: 'ASC NULLS LAST',
  desc: 'DESC',
  desc_nulls_first: 'DESC NULLS FIRST',
  desc_nulls_last: 'DESC NULLS LAST',
} as const;
export type OrderDirection = keyof typeof ORDER_DIRECTIONS;

export const OrderByEnum = new GraphQLEnumType({
  name: 'order_by',
  description: 'Sens du tri',
  values: Object.fromEntries(Object.keys(ORDER_DIRECTIONS).map((value) => [value, { value }])),
});
