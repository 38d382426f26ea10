import { HEAD_OFFICE_STRUCTURE_ID } from '@gdf/domain';
import type { Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type * as schema from '../../db/schema/index';
import type { RequestScope } from '../../modules/scope/scope';
import { SqlBuilder } from '../compiler/sql-builder';
import { exposureVisibility } from './scope-rules';
import { tableMeta, type TableSource } from './table-meta';
import { TABLES, TABLE_SOURCES } from './tables';

const scopeOf = (currentStructureId: number, unrestricted = false) =>
  ({ currentStructureId, unrestricted }) as RequestScope;
const CLUB = scopeOf(42);
const HEAD_OFFICE = scopeOf(HEAD_OFFICE_STRUCTURE_ID);
const SUPER_ADMIN = scopeOf(42, true);

/**
 * A column exposed 'head-office' (what the web's head office columns read, e.g. a 'Référence
 * bancaire'): the head office and super administrators read it, anyone else reads null
 * (R-SCOPE-07), in selections, sorts and filters alike (SqlBuilder.column, where.ts).
 */
describe("a column exposed to the head office only (exposure 'head-office')", () => {
  const source = {
    ...TABLE_SOURCES.MKP_FluxFinancier,
    columns: { ...TABLE_SOURCES.MKP_FluxFinancier.columns, ID_EcritureBancaire: 'head-office' },
  } satisfies TableSource<typeof schema.MKP_FluxFinancier>;
  const meta = tableMeta('MKP_FluxFinancier', source as TableSource<Table>);

  it('is a GraphQL column marked as the head office’s; the others are not', () => {
    expect(meta.columns.ID_EcritureBancaire).toEqual({ type: 'Int', nullable: true, headOfficeOnly: true });
    expect(meta.columns.NomFluxFinancier?.headOfficeOnly).toBeUndefined();
    // Hidden in the real metadata: the bank statements' routes show it.
    expect(TABLES.MKP_FluxFinancier.columns.ID_EcritureBancaire).toBeUndefined();
  });

  it('reads as null for a club, as itself for the head office and a super administrator', () => {
    const column = meta.columns.ID_EcritureBancaire;
    expect(exposureVisibility(column, CLUB)).toBe('FALSE');
    expect(exposureVisibility(column, HEAD_OFFICE)).toBeNull();
    expect(exposureVisibility(column, SUPER_ADMIN)).toBeNull();
    expect(exposureVisibility(meta.columns.NomFluxFinancier, CLUB)).toBeNull();
  });

  it('reaches the SQL a club’s query is compiled to as a null', () => {
    const columns = TABLES.MKP_FluxFinancier.columns;
    columns.ID_EcritureBancaire = meta.columns.ID_EcritureBancaire!;
    try {
      const club = new SqlBuilder(CLUB).column('MKP_FluxFinancier', 't0', 'ID_EcritureBancaire');
      const headOffice = new SqlBuilder(HEAD_OFFICE).column('MKP_FluxFinancier', 't0', 'ID_EcritureBancaire');
      expect(club).toBe('(CASE WHEN FALSE THEN t0."ID_EcritureBancaire" END)');
      expect(headOffice).toBe('t0."ID_EcritureBancaire"');
    } finally {
      delete columns.ID_EcritureBancaire;
    }
  });
});
