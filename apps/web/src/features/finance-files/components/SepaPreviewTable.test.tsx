import type { SepaPreview } from '@gdf/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SepaExcludedList } from './SepaExcludedList';
import { SepaPreviewTable } from './SepaPreviewTable';

const preview: SepaPreview = {
  dateEcheance: '2026-11-27',
  nbFlux: 3,
  totalCents: 123_450,
  structures: [
    { ID_Structure: 10, NomStructure: 'ASPTT Lyon montagne', nbFlux: 2, totalCents: 23_450 },
    { ID_Structure: 31, NomStructure: 'Bureau des guides de Grenoble', nbFlux: 1, totalCents: 100_000 },
  ],
  exclues: [
    {
      ID_Structure: 13,
      NomStructure: 'Club sans RIB',
      nbFlux: 1,
      totalCents: 1_234,
      code: 'sans_rib',
      motif: 'Aucun RIB enregistré',
    },
    {
      ID_Structure: 14,
      NomStructure: 'Club au mandat expiré',
      nbFlux: 4,
      totalCents: 5_000,
      code: 'mandat_expire',
      motif: 'Mandat de prélèvement expiré ou révoqué',
    },
  ],
};

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const euros = (text: string | null) => text?.replace(/\s/g, ' ');

describe('SEPA preview', () => {
  it('lists the structures to collect with their count and amount, then the total', () => {
    render(<SepaPreviewTable preview={preview} />);
    const table = screen.getByRole('table', { name: 'Prélèvements à générer par structure' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(cellTexts(rows[0] as HTMLElement).map(euros)).toEqual(['ASPTT Lyon montagne', '2', '234,50 €']);
    expect(cellTexts(rows[2] as HTMLElement).map(euros)).toEqual(['Total', '3', '1 234,50 €']);
  });

  it('says when there is nothing to collect', () => {
    render(<SepaPreviewTable preview={{ ...preview, nbFlux: 0, totalCents: 0, structures: [] }} />);
    expect(screen.getByText('Aucun flux à prélever pour cette sélection.')).toBeInTheDocument();
  });

  it('lists the excluded structures with their reason in French', () => {
    render(<SepaExcludedList excluded={preview.exclues} />);
    expect(screen.getByText('Structures exclues du fichier (2)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Structures exclues et motif' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cellTexts(rows[0] as HTMLElement).slice(0, 2)).toEqual(['Club sans RIB', 'Aucun RIB enregistré']);
    expect(cellTexts(rows[1] as HTMLElement).slice(0, 2)).toEqual([
      'Club au mandat expiré',
      'Mandat de prélèvement expiré ou révoqué',
    ]);
  });

  it('shows nothing when no structure is excluded', () => {
    const { container } = render(<SepaExcludedList excluded={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
