import type { FiscalYearView, MeResponse } from '@gdf/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi, type ApiHandler } from '@/test/stub-api';
import { SageExportPanel } from './SageExportPanel';

const { saveBlob } = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('@/lib/save-file', () => ({ saveBlob }));

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
  valide: false,
  unmapped: [{ id: 900003, label: 'Facture matériel', date: '2030-01-09', category: 4, structureName: 'Club' }],
};

const year = (id: number, start: number, patch: Partial<FiscalYearView> = {}): FiscalYearView => ({
  id,
  debut: `${start}-09-01`,
  fin: `${start + 1}-08-31`,
  libelle: `${start}-${start + 1}`,
  statut: 'ouvert',
  valideJusquau: null,
  dateCloture: null,
  validations: [],
  ...patch,
});
const YEARS = [
  year(1, 2023, { statut: 'cloture', valideJusquau: '2024-08-31' }),
  year(2, 2024, { statut: 'cloture', valideJusquau: '2025-08-31' }),
  year(3, 2025, { valideJusquau: '2026-03-31' }),
];

/** The page's own calls (fiscal years, history) plus the handlers of a test. */
const stubPage = (handlers: Record<string, ApiHandler>) =>
  stubApi({
    'GET /api/parametrages-comptables/exercices': () =>
      jsonResponse({ moisDebut: 9, moisDebutModifiable: false, peutValider: false, exercices: YEARS }),
    'GET /api/exports/sage/historique': () => jsonResponse({ fichiers: [] }),
    ...handlers,
  });
const callsTo = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(`${path}?`));

afterEach(() => {
  vi.unstubAllGlobals();
  saveBlob.mockReset();
});

/** The JJ/MM/AAAA picker of 'Du' or 'Au' (R-UI-18): its group, and its input a day is pasted in. */
const dateGroup = (label: 'Du' | 'Au') => screen.getByRole('group', { name: label });
function dateInput(name: 'from' | 'to') {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no ${name} date field`);
  return input;
}

describe('SAGE export panel', () => {
  it('previews the season: balanced totals, unmapped flux listed with a link to the Flux financier settings', async () => {
    const fetchMock = stubPage({ 'GET /api/exports/sage/preview': () => jsonResponse(preview) });
    renderWithSession(<SageExportPanel />, me);
    await userEvent.click(screen.getByRole('button', { name: 'Aperçu des écritures' }));
    expect(await screen.findByText('Débit = crédit : les écritures sont équilibrées.')).toBeInTheDocument();
    expect(screen.getByText(/N° 900003/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Paramétrer les flux financiers' })).toHaveAttribute(
      'href',
      expect.stringContaining('/gestion-comptabilite/parametrages/flux-financier'),
    );
    const url = callsTo(fetchMock, '/api/exports/sage/preview')[0];
    expect(url).toMatch(/from=\d{4}-09-01&to=\d{4}-08-31&format=pnm&structureId=42/);
  });

  it('hides a preview once the settings change, until it is asked again', async () => {
    const fetchMock = stubPage({ 'GET /api/exports/sage/preview': () => jsonResponse(preview) });
    renderWithSession(<SageExportPanel />, me);
    await userEvent.click(screen.getByRole('button', { name: 'Aperçu des écritures' }));
    expect(await screen.findByText('Débit = crédit : les écritures sont équilibrées.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Format Sage' }));
    await userEvent.click(await screen.findByRole('option', { name: /CSV/ }));
    expect(screen.queryByText('Débit = crédit : les écritures sont équilibrées.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Aperçu des écritures' }));
    expect(await screen.findByText('Débit = crédit : les écritures sont équilibrées.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/exports/sage/preview').at(-1)).toContain('format=csv');
  });

  it('checks the dates under their fields and asks nothing of the server while they are wrong', async () => {
    const fetchMock = stubPage({ 'GET /api/exports/sage/preview': () => jsonResponse(preview) });
    renderWithSession(<SageExportPanel />, me);
    await userEvent.click(screen.getByRole('button', { name: 'Par dates' }));
    fireEvent.change(dateInput('from'), { target: { value: '31/03/2026' } });
    fireEvent.change(dateInput('to'), { target: { value: '01/03/2026' } });
    expect(screen.getByText('La date de fin précède la date de début')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aperçu des écritures' })).toBeDisabled();
    fireEvent.change(dateInput('to'), { target: { value: '30/04/2026' } });
    expect(screen.queryByText('La date de fin précède la date de début')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Aperçu des écritures' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/exports/sage/preview').at(-1)).toContain('from=2026-03-31&to=2026-04-30'),
    );
  });

  it('offers the FEC of the latest closed fiscal year, names the file as the server does, then refreshes the history', async () => {
    const fec = vi.fn(
      () =>
        new Response('JournalCode\tJournalLib', {
          headers: { 'Content-Disposition': 'attachment; filename="775672272FEC20250831.txt"' },
        }),
    );
    const fetchMock = stubPage({ 'GET /api/exports/fec': fec });
    renderWithSession(<SageExportPanel />, me);
    const select = await screen.findByRole('combobox', { name: 'Exercice' });
    expect(select).toHaveTextContent('2024-2025 (clôturé)');
    expect(
      screen.getByText('Exercice validé jusqu’à sa fin : le fichier est le FEC de l’exercice.'),
    ).toBeInTheDocument();
    await userEvent.click(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['2025-2026', '2024-2025 (clôturé)', '2023-2024 (clôturé)']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le FEC' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(saveBlob.mock.calls[0]?.[1]).toBe('775672272FEC20250831.txt');
    expect(callsTo(fetchMock, '/api/exports/fec')).toEqual(['/api/exports/fec?exercice=2&structureId=42']);
    expect(callsTo(fetchMock, '/api/exports/fec')[0]).not.toMatch(/from=|to=/);
    await waitFor(() => expect(callsTo(fetchMock, '/api/exports/sage/historique')).toHaveLength(2));
  });

  it('says a fiscal year not validated to its end gives a provisional file', async () => {
    const fetchMock = stubPage({
      'GET /api/exports/fec': () =>
        new Response('x', {
          headers: { 'Content-Disposition': 'attachment; filename="775672272FEC20260831-BROUILLARD.txt"' },
        }),
    });
    renderWithSession(<SageExportPanel />, me);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Exercice' }));
    await userEvent.click(await screen.findByRole('option', { name: '2025-2026' }));
    expect(
      screen.getByText(
        'Exercice validé jusqu’au 31/03/2026 seulement : le fichier sera un brouillard (écritures provisoires), pas un FEC.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le FEC' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(saveBlob.mock.calls[0]?.[1]).toBe('775672272FEC20260831-BROUILLARD.txt');
    expect(callsTo(fetchMock, '/api/exports/fec')).toEqual(['/api/exports/fec?exercice=3&structureId=42']);
  });

  it('refreshes the history after a SAGE file is downloaded', async () => {
    const fetchMock = stubPage({
      'GET /api/exports/sage': () =>
        new Response('x', { headers: { 'Content-Disposition': 'attachment; filename="sage-BROUILLARD.txt"' } }),
    });
    renderWithSession(<SageExportPanel />, me);
    expect(await screen.findByText('Aucun fichier produit pour l’instant.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le fichier Sage' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(saveBlob.mock.calls[0]?.[1]).toBe('sage-BROUILLARD.txt');
    await waitFor(() => expect(callsTo(fetchMock, '/api/exports/sage/historique')).toHaveLength(2));
  });

  it("says a missing date with the contract's message beside the field (R-LEDG-03)", async () => {
    stubPage({});
    renderWithSession(<SageExportPanel />, me);
    await userEvent.click(screen.getByRole('button', { name: 'Par dates' }));
    fireEvent.change(dateInput('from'), { target: { value: '' } });
    expect(dateGroup('Du')).toHaveAccessibleDescription('Date obligatoire');
    expect(screen.getByRole('button', { name: 'Télécharger le fichier Sage' })).toBeDisabled();
  });

  it("puts the server's refusal of a field beside that field, until the values change", async () => {
    stubPage({
      'GET /api/exports/sage/preview': () =>
        jsonResponse(
          {
            message: 'Requête invalide : to : Période trop longue',
            issues: [{ path: 'to', message: 'Période trop longue' }],
          },
          400,
        ),
    });
    renderWithSession(<SageExportPanel />, me);
    await userEvent.click(screen.getByRole('button', { name: 'Par dates' }));
    await userEvent.click(screen.getByRole('button', { name: 'Aperçu des écritures' }));
    await waitFor(() => expect(dateGroup('Au')).toHaveAccessibleDescription('Période trop longue'));
    fireEvent.change(dateInput('to'), { target: { value: '30/04/2026' } });
    expect(dateGroup('Au')).not.toHaveAccessibleDescription('Période trop longue');
  });

  it("puts the server's refusal of the fiscal year beside the Exercice field (R-LEDG-04)", async () => {
    stubPage({
      'GET /api/exports/fec': () =>
        jsonResponse(
          {
            message: 'Requête invalide : exercice : Exercice invalide',
            issues: [{ path: 'exercice', message: 'Exercice invalide' }],
          },
          400,
        ),
    });
    renderWithSession(<SageExportPanel />, me);
    const select = await screen.findByRole('combobox', { name: 'Exercice' });
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le FEC' }));
    await waitFor(() => expect(select).toHaveAccessibleDescription('Exercice invalide'));
  });
});
