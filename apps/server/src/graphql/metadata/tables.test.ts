import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index';
import { RESOURCES } from '../../modules/accounting-settings/accounting-settings.service';
import { DETAIL_WRITABLE_COLUMNS, FLUX_WRITABLE_COLUMNS } from '../../modules/flux/flux-write.service';
import { TABLES, TABLE_LIST, TABLE_SOURCES, type TableName } from './tables';

/**
 * The GraphQL metadata, the write whitelists and the Drizzle schema say one thing: a column
 * added to (or renamed in) the schema fails here until GraphQL reads or hides it, and a
 * whitelist never names a column the schema lacks.
 */
const drizzleColumns = (table: TableName) => Object.keys(getTableColumns(TABLE_SOURCES[table].table)).sort();

describe('GraphQL metadata from the Drizzle schema', () => {
  it('classifies every column of every table GraphQL reads as read or hidden, and names no other', () => {
    for (const meta of TABLE_LIST) {
      const classified = Object.keys(TABLE_SOURCES[meta.name].columns).sort();
      expect({ table: meta.name, classified }).toEqual({ table: meta.name, classified: drizzleColumns(meta.name) });
    }
  });

  it('keys each table by its SQL name', () => {
    for (const meta of TABLE_LIST) expect(getTableName(TABLE_SOURCES[meta.name].table)).toBe(meta.name);
  });

  it('joins relations on columns of the schema on both sides (a hidden one may carry a join)', () => {
    for (const meta of TABLE_LIST)
      for (const [field, relation] of Object.entries(meta.relations)) {
        const joined =
          drizzleColumns(meta.name).includes(relation.localColumn) &&
          drizzleColumns(relation.target).includes(relation.remoteColumn);
        expect({ relation: `${meta.name}.${field}`, joined }).toEqual({
          relation: `${meta.name}.${field}`,
          joined: true,
        });
      }
  });
});

describe('write whitelists from the Drizzle schema', () => {
  it('lets a flux mutation set only columns GraphQL reads (its input types take their scalar from there)', () => {
    for (const [table, columns] of [
      ['MKP_FluxFinancier', FLUX_WRITABLE_COLUMNS],
      ['MKP_FluxFinancierDetail', DETAIL_WRITABLE_COLUMNS],
    ] as const)
      expect(Object.keys(columns).filter((column) => !TABLES[table].columns[column])).toEqual([]);
  });

  it("names only columns of each accounting setting's table, which belongs to a structure", () => {
    const tables = new Map<string, Table>(Object.values(schema).map((table) => [getTableName(table), table]));
    for (const resource of Object.values(RESOURCES)) {
      const table = tables.get(resource.table);
      expect(table, resource.table).toBeDefined();
      const known = Object.keys(getTableColumns(table!));
      expect([...resource.columns, 'ID_Structure', 'id'].filter((column) => !known.includes(column))).toEqual([]);
    }
  });
});
