import { getTableColumns, type Table } from 'drizzle-orm';
import { sqlCastOf, type ColumnKey, type SqlCast } from '../../db/column-types';

/** The shapes of the GraphQL whitelist (tables.ts) and how a table's entry becomes its metadata. */
export type ScalarName = 'Int' | 'String' | 'Boolean' | 'numeric' | 'timestamptz' | 'date';

export interface ColumnMeta {
  type: ScalarName;
  nullable: boolean;
  /** Read by the head office (and super administrators) only; null for anyone else (scope-rules.ts). */
  headOfficeOnly?: true;
}

export interface RelationMeta {
  /** object: at most one row (local column -> remote key); array: rows whose remote column points back. */
  kind: 'object' | 'array';
  target: TableName;
  localColumn: string;
  remoteColumn: string;
}

export interface TableMeta {
  name: TableName;
  description: string;
  columns: Record<string, ColumnMeta>;
  relations: Record<string, RelationMeta>;
  /** Whether the table has root query fields (`<t>`, `<t>_by_pk`, `<t>_aggregate`). */
  root: boolean;
  /** Millions of rows: a relation filter on it must stay a correlated EXISTS (see where.ts). */
  large?: boolean;
  /**
   * Figures that exist only as sums (`<t>_aggregate { aggregate { sum { … } } }`): a numeric SQL
   * expression over the row aliased by the argument. Never fields, filters or sorts.
   */
  computedSums?: Record<string, (alias: string) => string>;
}

export type TableName =
  | 'MKP_FluxFinancier'
  | 'MKP_FluxFinancierDetail'
  | 'FEDE_Saison'
  | 'STR_Structure'
  | 'STR_AffiliationTemporaire'
  | 'UTI_Utilisateur'
  | 'ADR_Adresse'
  | 'STR_StructureType'
  | 'MKP_CategoryFlux'
  | 'MKP_RetourPrelevement';

/**
 * Every column of the Drizzle table, each 'read' (a GraphQL field, filter and order),
 * 'head-office' (read so by the head office, null for anyone else: R-SCOPE-07, the web's
 * head office columns) or 'hidden': a column added to the schema is neither exposed nor
 * forgotten until it is classified here (typecheck, and graphql/metadata/tables.test.ts).
 */
type Exposure = 'read' | 'head-office' | 'hidden';
type ColumnExposure<T extends Table> = { readonly [Key in ColumnKey<T>]: Exposure };

export interface TableSource<T extends Table> {
  table: T;
  description: string;
  root: boolean;
  large?: boolean;
  computedSums?: Record<string, (alias: string) => string>;
  columns: ColumnExposure<T>;
  relations: Record<string, RelationMeta>;
}

/** The GraphQL scalar of each SQL type a column may have (db/column-types.ts). */
const SCALAR_OF: Record<SqlCast, ScalarName> = {
  integer: 'Int',
  text: 'String',
  boolean: 'Boolean',
  numeric: 'numeric',
  timestamptz: 'timestamptz',
  date: 'date',
};

/** A table's metadata: its read columns in the Drizzle schema's order, typed from it. */
export function tableMeta(name: TableName, source: TableSource<Table>): TableMeta {
  const exposure = source.columns as Record<string, Exposure | undefined>;
  const columns: Record<string, ColumnMeta> = {};
  for (const [key, column] of Object.entries(getTableColumns(source.table))) {
    const exposed = exposure[key];
    if (exposed === undefined || exposed === 'hidden') continue;
    columns[column.name] = {
      type: SCALAR_OF[sqlCastOf(column)],
      nullable: !column.notNull,
      ...(exposed === 'head-office' ? { headOfficeOnly: true as const } : {}),
    };
  }
  return {
    name,
    description: source.description,
    root: source.root,
    ...(source.large ? { large: true } : {}),
    ...(source.computedSums ? { computedSums: source.computedSums } : {}),
    columns,
    relations: source.relations,
  };
}

export const object = (target: TableName, localColumn: string, remoteColumn = 'id'): RelationMeta => ({
  kind: 'object',
  target,
  localColumn,
  remoteColumn,
});
export const array = (target: TableName, remoteColumn: string, localColumn = 'id'): RelationMeta => ({
  kind: 'array',
  target,
  localColumn,
  remoteColumn,
});
