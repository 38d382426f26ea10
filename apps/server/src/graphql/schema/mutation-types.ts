import {
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLInputFieldConfigMap,
} from 'graphql';
import { DETAIL_WRITABLE_COLUMNS, FLUX_WRITABLE_COLUMNS } from '../../modules/flux/flux-write.service';
import { TABLES, type TableName } from '../metadata/tables';
import { SCALARS } from './comparison-types';

/** Input fields for the settable columns only (the whitelist lives with the flux service). */
function columnInputs(table: TableName, columns: readonly string[]): GraphQLInputFieldConfigMap {
  return Object.fromEntries(columns.map((column) => [column, { type: SCALARS[TABLES[table].columns[column]!.type] }]));
}

const detailInsertInput = new GraphQLInputObjectType({
  name: 'MKP_FluxFinancierDetail_insert_input',
  fields: columnInputs('MKP_FluxFinancierDetail', Object.keys(DETAIL_WRITABLE_COLUMNS)),
});

const detailArrayRelationInsertInput = new GraphQLInputObjectType({
  name: 'MKP_FluxFinancierDetail_arr_rel_insert_input',
  fields: { data: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(detailInsertInput))) } },
});

export const FluxInsertInput = new GraphQLInputObjectType({
  name: 'MKP_FluxFinancier_insert_input',
  fields: {
    ...columnInputs('MKP_FluxFinancier', Object.keys(FLUX_WRITABLE_COLUMNS)),
    MKP_FluxFinancierDetail: { type: detailArrayRelationInsertInput },
  },
});

export const FluxSetInput = new GraphQLInputObjectType({
  name: 'MKP_FluxFinancier_set_input',
  fields: columnInputs('MKP_FluxFinancier', Object.keys(FLUX_WRITABLE_COLUMNS)),
});

export const FluxPkColumnsInput = new GraphQLInputObjectType({
  name: 'MKP_FluxFinancier_pk_columns_input',
  fields: { id: { type: new GraphQLNonNull(GraphQLInt) } },
});
