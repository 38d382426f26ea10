import type { ExportHistoryItem, MeResponse } from '@gdf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { ExportHistory } from './ExportHistory';

const { saveBlob } = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('@/lib/save-file', () => ({ saveBlob }));

const me = {
  user: { id: 1, email: 'siege@demo.fr', firstName: 'Siège', lastName: 'Démo', isSuperAdmin: false },
  memberships: [{ structureId: 1318, structureName: 'Siège', structureType: 7, roleSlug: 'administrateur_si' }],
  permissions: { '1318': ['export__sage'] },
  grants: {},
} as unknown as MeResponse;

const SHA = 'a3f19c0b7e2d5f8a1b4c6d9e0f2a3b5c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a';
const validated: ExportHistoryItem = {
  id: 8,
  format: 'pnm',
  du: '2025-09-01',
  au: '2026-08-31',
  journaux: ['VE', 'AC'],
  valide: true,
  utilisateur: 'Anne Martin',
  date: '2026-11-20T09:30:00.000Z',
  taille: 12_595,
  sha256: SHA,
  nbEcritures: 1_204,
  nomFichier: 'sage-2025-09-01-2026-08-31.txt',
};
const draft: ExportHistoryItem = {
  id: 9,
  format: 'fec',
  du: '2026-09-01',
  au: '2027-08-31',
  journaux: null,
  valide: false,
  utilisateur: 'Paul Durand',
  date: '2026-11-22T16:05:00.000Z',
  taille: 840,
  sha256: 'ff'.repeat(32),
  nbEcritures: 3,
  nomFichier: '775672272FEC20270831-BROUILLARD.txt',
};

const findTable = () => screen.findByRole('table', { name: 'Historique des fichiers produits' });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  saveBlob.mockReset();
});

describe('SAGE page: the history of the files produced (R-LEDG-11)', () => {
  it('lists each file with its date, format, period, journals, status, author, size, entries and hash', async () => {
    stubApi({ 'GET /api/exports/sage/historique': () => jsonResponse({ fichiers: [draft, validated] }) });
    renderWithSession(<ExportHistory />, me);
    expect(screen.getByRole('progressbar', { name: 'Chargement de l’historique…' })).toBeInTheDocument();
    const rows = within(await findTable())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => cellsOf(row).slice(0, 9))).toEqual([
      [
        '22/11/2026 17:05',
        'FEC',
        '01/09/2026 – 31/08/2027',
        'Tous',
        'Brouillard',
        'Paul Durand',
        '840 octets',
        '3',
        'ffffffffffff',
      ],
      [
        '20/11/2026 10:30',
        'PNM',
        '01/09/2025 – 31/08/2026',
        'VE, AC',
        'Validé',
        'Anne Martin',
        '12,3 Ko',
        '1\u202f204',
        'a3f19c0b7e2d',
      ],
    ]);
  });

  it('shows the whole SHA-256 in a tooltip, from the mouse or the keyboard', async () => {
    stubApi({ 'GET /api/exports/sage/historique': () => jsonResponse({ fichiers: [validated] }) });
    renderWithSession(<ExportHistory />, me);
    const hash = within(await findTable()).getByText('a3f19c0b7e2d');
    await userEvent.tab();
    expect(hash).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(SHA);
  });

  it('says when no file was produced yet', async () => {
    stubApi({ 'GET /api/exports/sage/historique': () => jsonResponse({ fichiers: [] }) });
    renderWithSession(<ExportHistory />, me);
    expect(await screen.findByText('Aucun fichier produit pour l’instant.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers to retry when the history fails to load', async () => {
    let loads = 0;
    stubApi({
      'GET /api/exports/sage/historique': () =>
        ++loads === 1 ? jsonResponse({ message: 'Service indisponible' }, 503) : jsonResponse({ fichiers: [] }),
    });
    renderWithSession(<ExportHistory />, me);
    expect(await screen.findByText('Service indisponible')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Aucun fichier produit pour l’instant.')).toBeInTheDocument();
  });

  it('downloads a file again under its own name, then refreshes the list', async () => {
    const fetchMock = stubApi({
      'GET /api/exports/sage/historique': () => jsonResponse({ fichiers: [draft, validated] }),
      'GET /api/exports/sage/historique/8/fichier': () =>
        new Response('VE;bytes as first produced', {
          headers: { 'Content-Disposition': 'attachment; filename="autre-nom.txt"' },
        }),
    });
    renderWithSession(<ExportHistory />, me);
    const table = await findTable();
    await userEvent.click(within(table).getByRole('button', { name: 'Télécharger sage-2025-09-01-2026-08-31.txt' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    const [blob, fileName] = saveBlob.mock.calls[0] as [Blob, string];
    expect(fileName).toBe('sage-2025-09-01-2026-08-31.txt');
    expect(await blob.text()).toBe('VE;bytes as first produced');
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/exports/sage/historique/8/fichier?structureId=1318');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/exports/sage/historique?')),
      ).toHaveLength(2),
    );
  });
});
