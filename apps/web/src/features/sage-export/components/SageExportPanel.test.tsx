import type { MeResponse } from '@gdf/domain';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { SageExportPanel } from './SageExportPanel';

const me = {
  user: { id: 2, email: 'club@demo.fr', firstName: 'Club', lastName: 'Démo', isSuperAdmin: false },
  memberships: [{ structureId: 42, structureName: 'Club', structureType: 1, roleSlug: 'administrateur' }],
  permissions: { '42': ['export__sage'] },
  grants: {},
} as unknown as MeResponse;

const preview = {
  entryCount: 2,
  lineCount: 4,
  totalDebitCents: 13_345,
  totalCreditCents: 13_345,
  journals: ['AC'],
  unmappedCount: 1,
  unmapped: [{ id: 900003, label: 'Facture matériel', date: '2030-01-09', category: 4, structureName: 'Club' }],
};

afterEach(() => vi.unstubAllGlobals());

describe('SAGE export panel', () => {
  it('previews the season: balanced totals, unmapped flux listed with a link to the Flux financier settings', async () => {
    const fetchMock = stubApi({ 'GET /api/exports/sage/preview': () => jsonResponse(preview) });
    renderWithSession(<SageExportPanel />, me);
    await userEvent.click(screen.getByRole('button', { name: 'Aperçu des écritures' }));
    expect(await screen.findByText('Débit = crédit : les écritures sont équilibrées.')).toBeInTheDocument();
    expect(screen.getByText(/N° 900003/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Paramétrer les flux financiers' })).toHaveAttribute(
      'href',
      expect.stringContaining('/gestion-comptabilite/parametrages/flux-financier'),
    );
    const url = String(fetchMock.mock.calls[0]?.[0]);
    expect(url).toMatch(/from=\d{4}-09-01&to=\d{4}-08-31&format=pnm&structureId=42/);
  });

  it('hides a preview once the settings change, until it is asked again', async () => {
    const fetchMock = stubApi({ 'GET /api/exports/sage/preview': () => jsonResponse(preview) });
    renderWithSession(<SageExportPanel />, me);
    await userEvent.click(screen.getByRole('button', { name: 'Aperçu des écritures' }));
    expect(await screen.findByText('Débit = crédit : les écritures sont équilibrées.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Format Sage' }));
    await userEvent.click(await screen.findByRole('option', { name: /CSV/ }));
    expect(screen.queryByText('Débit = crédit : les écritures sont équilibrées.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Aperçu des écritures' }));
    expect(await screen.findByText('Débit = crédit : les écritures sont équilibrées.')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('format=csv');
  });

  it('checks the dates under their fields and asks nothing of the server while they are wrong', async () => {
    const fetchMock = stubApi({ 'GET /api/exports/sage/preview': () => jsonResponse(preview) });
    renderWithSession(<SageExportPanel />, me);
    await userEvent.click(screen.getByRole('button', { name: 'Par dates' }));
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-03-01' } });
    expect(screen.getByText('La date de fin précède la date de début')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aperçu des écritures' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-04-30' } });
    expect(screen.queryByText('La date de fin précède la date de début')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Aperçu des écritures' }));
    await vi.waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('from=2026-03-31&to=2026-04-30'));
  });
});
