import type { MeResponse, OverdueRow } from '@gdf/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session';
import { meFixture, headOfficeMe } from '@/test/fixtures';
import { fetchOverdueList } from '../api/impayes-api';
import { serveOverdue } from './impayes-test-server';
import { ImpayesPage } from './ImpayesPage';

vi.mock('../api/impayes-api', () => ({
  fetchOverdueList: vi.fn(),
  downloadOverdueXlsx: vi.fn(),
  issueReminders: vi.fn(),
  downloadReminders: vi.fn(),
  issueStatementBatch: vi.fn(),
}));
const fetchList = vi.mocked(fetchOverdueList);

afterEach(() => vi.resetAllMocks());

const row = (id: number, name: string, total: number, extra: Partial<OverdueRow> = {}): OverdueRow => ({
  structure: { id, name, code: `C${id}` },
  buckets: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': total },
  total,
  resteDu: total,
  count: 1,
  oldestDaysLate: 120,
  lastReminder: null,
  proposedLevel: 1,
  ...extra,
});
const ROWS = [row(1, 'Club Alpin', 10_000), row(2, 'Escalade Bretagne', 50_000), row(3, 'Vertical Nice', 2_000)];
/** 12 clubs, 'Club 1' owing the most: two pages of 10. */
const MANY = Array.from({ length: 12 }, (_, i) => row(i + 10, `Club ${i + 1}`, 100_000 - i * 100));

let location = '';
function Where() {
  location = useLocation().search;
  return null;
}
const HEAD_OFFICE = headOfficeMe(['gestion_des_finances__flux_financiers']);

function openPage(search = '?structureId=1318', me: MeResponse = HEAD_OFFICE) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/gestion-des-finances/flux-financiers/impayes${search}`]}>
        <SessionProvider me={me}>
          <ImpayesPage backHref="/gestion-des-finances/flux-financiers" />
          <Where />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}
const names = () => screen.getAllByRole('rowheader').map((cell) => cell.firstChild?.textContent ?? '');
const params = () => Object.fromEntries(new URLSearchParams(location));

describe('Impayés: search, filters, sort and pages on the server (R-UI-20)', () => {
  it('finds one club by typing its name; the search is kept in the URL', async () => {
    fetchList.mockImplementation(serveOverdue(ROWS));
    const user = openPage();
    await screen.findByRole('table');
    expect(names()).toEqual(['Escalade Bretagne', 'Club Alpin', 'Vertical Nice']);
    await user.type(screen.getByRole('searchbox', { name: 'Nom ou code fédéral de la structure' }), 'vertical{Enter}');
    await waitFor(() => expect(names()).toEqual(['Vertical Nice']));
    expect(fetchList).toHaveBeenLastCalledWith(1318, { recherche: 'vertical' }, expect.anything());
    expect(params()).toEqual({ structureId: '1318', recherche: 'vertical' });
    // R-UI-19: the count agrees with 1.
    expect(screen.getByText('1 structure trouvée')).toBeInTheDocument();
  });

  it('a linked address opens with its filters, sort and page applied and shown', async () => {
    fetchList.mockImplementation(serveOverdue(ROWS));
    openPage('?structureId=1318&recherche=club&montantMin=5000&anciennete=90%2B&relance=non&tri=structure&ordre=asc');
    await screen.findByRole('table');
    expect(fetchList).toHaveBeenCalledWith(
      1318,
      { recherche: 'club', montantMin: '5000', anciennete: '90+', relance: 'non', tri: 'structure', ordre: 'asc' },
      expect.anything(),
    );
    expect(names()).toEqual(['Club Alpin']);
    expect(screen.getByRole('searchbox', { name: 'Nom ou code fédéral de la structure' })).toHaveValue('club');
    expect(screen.getByRole('textbox', { name: 'Total échu minimum (€)' })).toHaveValue('50');
    expect(screen.getByRole('combobox', { name: 'Ancienneté' })).toHaveTextContent('Impayés de plus de 90 jours');
    expect(screen.getByRole('combobox', { name: 'Relance' })).toHaveTextContent('Jamais relancées');
  });

  it('a choice applies at once and goes back to the first page; a minimum in euros is sent in cents', async () => {
    fetchList.mockImplementation(serveOverdue(ROWS));
    const user = openPage('?structureId=1318&page=2');
    await screen.findByText(/structures trouvées/);
    await user.click(screen.getByRole('combobox', { name: 'Type de structure' }));
    await user.click(screen.getByRole('option', { name: 'Club' }));
    await waitFor(() => expect(params()).toEqual({ structureId: '1318', type: '1' }));
    await user.type(screen.getByRole('textbox', { name: 'Total échu minimum (€)' }), '150,50{Enter}');
    await waitFor(() => expect(params()).toMatchObject({ type: '1', montantMin: '15050' }));
    await user.clear(screen.getByRole('textbox', { name: 'Total échu minimum (€)' }));
    await user.type(screen.getByRole('textbox', { name: 'Total échu minimum (€)' }), 'beaucoup{Enter}');
    expect(screen.getByText('Montant attendu en euros, par exemple 150 ou 150,50.')).toBeInTheDocument();
    expect(params().montantMin).toBe('15050');
  });

  it('nothing kept: says so in French and clears the filters', async () => {
    fetchList.mockImplementation(serveOverdue(ROWS));
    const user = openPage('?structureId=1318&recherche=inconnu');
    expect(await screen.findByText('Aucune structure ayant des impayés ne correspond à ces filtres.')).toBeVisible();
    expect(screen.getByText('0 structure trouvée')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 structure sélectionnée');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Effacer les filtres' }));
    await screen.findByRole('table');
    expect(params()).toEqual({ structureId: '1318' });
  });

  it('pages on the server and keeps the selection across pages', async () => {
    fetchList.mockImplementation(serveOverdue(MANY));
    const user = openPage('?structureId=1318&parPage=10');
    await screen.findByRole('table');
    expect(names()).toHaveLength(10);
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Club 1' }));
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(names()).toEqual(['Club 11', 'Club 12']));
    expect(params()).toEqual({ structureId: '1318', page: '2', parPage: '10' });
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Club 12' }));
    expect(screen.getByRole('status')).toHaveTextContent('2 structures sélectionnées');
    await user.click(screen.getByRole('button', { name: 'Relancer la sélection' }));
    const dialog = screen.getByRole('dialog', { name: 'Émettre 2 lettres de relance' });
    expect(within(dialog).getByText('Club 1 : niveau 1 proposé')).toBeInTheDocument();
  });
});

describe('Impayés refused or asked wrongly (R-UI-18)', () => {
  it("a club's refusal: the server's French message only, no action it cannot take and no 'Réessayer'", async () => {
    const message =
      'Les impayés sont suivis par le siège, les ligues et les comités : votre structure n’y a pas accès.';
    fetchList.mockRejectedValue(new ApiError(403, message, { message }));
    openPage(`?structureId=${meFixture.memberships[0]!.structureId}`, meFixture);
    expect(await screen.findByText(message)).toBeVisible();
    for (const name of ['Réessayer', 'Exporter (Excel)', 'Relancer la sélection', 'Relevés de compte de la sélection'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Filtres des impayés' })).toBeNull();
    expect(fetchList).toHaveBeenCalledTimes(1);
  });

  it("a filter the server refuses (400): its message, and no 'Réessayer' that cannot help", async () => {
    const message = 'Requête invalide : tri inconnu';
    fetchList.mockRejectedValue(new ApiError(400, message, { message }));
    openPage('?structureId=1318&tri=nom');
    expect(await screen.findByText('Tri inconnu')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });
});
