import { resolveTable } from '@gdf/file-formats';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { searchPageQuery } from '../api/search-flux-queries';
import { FluxResultsCards } from '../components/FluxResultsCards';
import { FluxResultsTable } from '../components/FluxResultsTable';
import { ANYONE_COLUMNS } from '../hooks/use-flux-columns';
import { FLUX_EXPORT_FIELDS } from '../utils/export-fields';
import { cardLayout, exportAmountColumns, exportFields, tableColumns, visibleFluxColumns } from './column-views';
import type { FluxColumn, FluxViewer } from './flux-column-types';
import { FLUX_COLUMNS, FLUX_FIELDS, type FluxRow } from './flux-columns';
import { headOfficeField, selectionText, type RowOf } from './selection';

/**
 * The newcomer's task (flux-columns.ts): a 'Référence bancaire' column, head office only, added
 * through the definition alone, here in a test-local extension of it. It must reach the table,
 * the phone cards, the export and the query of the head office, and nothing of a club's.
 */
const FIELDS = { ...FLUX_FIELDS, ID_EcritureBancaire: headOfficeField<string>() };
type Row = RowOf<typeof FIELDS>;
const BANK_REFERENCE: FluxColumn<Row> = {
  id: 'bankReference',
  label: 'Référence bancaire',
  fields: ['ID_EcritureBancaire'],
  audience: 'head-office',
  width: 130,
  text: (row) => row.ID_EcritureBancaire ?? '',
  card: { slot: 'field', order: 7 },
  export: { order: 7, value: 'ID_EcritureBancaire' },
};
const EXTENDED: FluxColumn<Row>[] = [...FLUX_COLUMNS, BANK_REFERENCE];
const HEAD_OFFICE: FluxViewer = { headOffice: true };
const CLUB: FluxViewer = { headOffice: false };

const row: Row = {
  id: 501,
  NomFluxFinancier: 'Prélèvement SEPA licences mars 2026',
  Z_DateCreation: '2026-03-01T09:30:00.000Z',
  MontantTTC: '60.00',
  EST_Debit: true,
  EST_Reglement: true,
  ID_FluxFinancierRelance: null,
  STR_Structure: { NomStructure: 'Club Alpin de Lyon' },
  UTI_Utilisateur: { CT_Nom: 'Dupont', CT_Prenom: 'Anne', LicenceNumero: 123456 },
  ID_EcritureBancaire: 'VIR-2026-03-0042',
};

const actions = () => ({ open: vi.fn(), downloadJustificatif: vi.fn() });

function headers(viewer: FluxViewer) {
  render(
    <FluxResultsTable
      rows={[row]}
      columns={visibleFluxColumns(viewer, EXTENDED, FIELDS)}
      sort={{ column: 'createdAt', direction: 'desc' }}
      onSortChange={() => {}}
      actions={actions()}
      virtual={false}
    />,
  );
  const table = screen.getByRole('table');
  return {
    headers: within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
    cells: within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  };
}

function cardLines(viewer: FluxViewer) {
  render(
    <FluxResultsCards
      rows={[row]}
      columns={visibleFluxColumns(viewer, EXTENDED, FIELDS)}
      actions={actions()}
      virtual={false}
    />,
  );
  const card = within(screen.getByRole('list')).getByRole('listitem');
  return [...card.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

const exported = (viewer: FluxViewer) =>
  resolveTable([row], { fields: exportFields(visibleFluxColumns(viewer, EXTENDED, FIELDS)) });

describe("a column added through the definition: 'Référence bancaire', head office only", () => {
  it('reaches the head office’s table, after the ten columns', () => {
    const table = headers(HEAD_OFFICE);
    expect(table.headers.at(-1)).toBe('Référence bancaire');
    expect(table.cells.at(-1)).toBe('VIR-2026-03-0042');
  });

  it('reaches the head office’s phone card, as its last line', () => {
    expect(cardLines(HEAD_OFFICE).at(-1)).toBe('Référence bancaire: VIR-2026-03-0042');
  });

  it('reaches the head office’s export, after the six columns', () => {
    const table = exported(HEAD_OFFICE);
    expect(table.columns.at(-1)).toBe('Référence bancaire');
    expect(table.rows[0]?.at(-1)).toBe('VIR-2026-03-0042');
  });

  it('reaches the head office’s query and row type', () => {
    expect(searchPageQuery(selectionText(FIELDS, HEAD_OFFICE.headOffice))).toMatch(/\bID_EcritureBancaire\b/);
  });

  it('never reaches a club: not in its table, cards, export nor query', () => {
    expect(headers(CLUB).headers).not.toContain('Référence bancaire');
    expect(cardLines(CLUB).join('\n')).not.toMatch(/Référence bancaire|VIR-2026/);
    expect(exported(CLUB).columns).not.toContain('Référence bancaire');
    expect(JSON.stringify(exported(CLUB).rows)).not.toContain('VIR-2026');
    expect(searchPageQuery(selectionText(FIELDS, CLUB.headOffice))).not.toMatch(/ID_EcritureBancaire/);
  });

  it('never reaches a club even when its head office mark is forgotten: its field is the head office’s', () => {
    const unmarked: FluxColumn<Row> = { ...BANK_REFERENCE, audience: undefined };
    const ids = visibleFluxColumns(CLUB, [...FLUX_COLUMNS, unmarked], FIELDS).map((column) => column.id);
    expect(ids).not.toContain('bankReference');
    expect(visibleFluxColumns(HEAD_OFFICE, [...FLUX_COLUMNS, unmarked], FIELDS).at(-1)?.id).toBe('bankReference');
  });
});

describe('the definition as it stands (SPEC section 3)', () => {
  it('gives the ten results columns, the reason only in a search of rejected flux', () => {
    const labels = (withReason: boolean) => tableColumns(ANYONE_COLUMNS, withReason).map((column) => column.label);
    // Their names: app/pages/flux-financiers/results.test.tsx reads them from the page.
    const ten = labels(false);
    expect(ten).toHaveLength(10);
    expect(labels(true)).toEqual([...ten.slice(0, 6), 'Motif du rejet', ...ten.slice(6)]);
  });

  it('gives the six export columns, Débit and Crédit in euros', () => {
    expect(Object.keys(FLUX_EXPORT_FIELDS)).toEqual([
      'N° de flux',
      'Structure',
      'Libellé',
      'Débit',
      'Crédit',
      'Date création',
    ]);
    expect(exportAmountColumns(ANYONE_COLUMNS)).toEqual(['Débit', 'Crédit']);
  });

  it('shows the head office the same columns as anyone while no column is theirs', () => {
    expect(visibleFluxColumns(HEAD_OFFICE, FLUX_COLUMNS, FLUX_FIELDS)).toEqual(ANYONE_COLUMNS);
  });

  it('asks for every field of the row type, each read by a column', () => {
    const read = new Set(FLUX_COLUMNS.flatMap((column) => column.fields));
    expect(Object.keys(FLUX_FIELDS).filter((name) => !read.has(name as keyof typeof FLUX_FIELDS))).toEqual([]);
    expect(selectionText(FLUX_FIELDS, false)).toBe(
      'id NomFluxFinancier Z_DateCreation MontantTTC EST_Debit EST_Reglement DateReglement ID_FluxFinancierRelance ID_Structure STR_Structure { NomStructure } UTI_Utilisateur { CT_Nom CT_Prenom LicenceNumero } MKP_RetourPrelevement { CodeRaison DateRetour TypeRetour }',
    );
  });

  it('places the title, six lines (one amount per row) and two buttons on a card', () => {
    const layout = cardLayout<FluxRow>(ANYONE_COLUMNS);
    expect(layout.title?.id).toBe('label');
    expect(layout.lines.map((column) => column.id)).toEqual([
      'id',
      'createdAt',
      'structure',
      'licensee',
      'licence',
      'debit',
      'credit',
    ]);
    expect(layout.buttons.map((column) => column.id)).toEqual(['action', 'justificatif']);
  });
});
