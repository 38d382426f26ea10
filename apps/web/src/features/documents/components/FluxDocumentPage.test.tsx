import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/auth-token';
import { ROUTES } from '@/lib/routes';
import { SessionProvider } from '@/lib/session';
import { meFixture } from '@/test/fixtures';
import { jsonResponse, sentRequest, stubApi } from '@/test/stub-api';
import { FluxDocumentLinks } from './FluxDocumentLinks';
import { FluxFacturePage, FluxRelevePage } from './FluxDocumentPage';

function renderAt(path: string, element: ReactNode = null, state?: unknown) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const [pathname, search = ''] = path.split('?');
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname, search: search && `?${search}`, state }]}>
        <SessionProvider me={meFixture}>
          <Routes>
            <Route path={ROUTES.flux_facture} element={<FluxFacturePage />} />
            <Route path={ROUTES.flux_releve} element={<FluxRelevePage />} />
            <Route path="*" element={element} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const pdfResponse = (fileName: string) =>
  new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
    headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${fileName}"` },
  });

let clicks: Array<{ download: string; href: string }>;

beforeEach(() => {
  setToken('jwt');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:document'), revokeObjectURL: vi.fn() }));
  clicks = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ download: this.download, href: this.getAttribute('href') ?? '' });
  });
});
afterEach(() => vi.restoreAllMocks());

// happy-dom does not load iframe pages and logs "Iframe page loading is disabled": expected.
describe("'Retour' of a document page", () => {
  it('goes back to the search it came from, never to another site', async () => {
    const path = '/gestion-des-finances/flux-financiers/42/facture?structureId=202';
    const search = '/gestion-des-finances/flux-financiers?structureId=202&libelle=Licence&tri=structure';
    for (const [returnTo, expected] of [
      [search, search],
      ['//evil.example/x', '/gestion-des-finances/flux-financiers?structureId=202'],
      ['/\\evil.example/x', '/gestion-des-finances/flux-financiers?structureId=202'],
      ['https://evil.example/', '/gestion-des-finances/flux-financiers?structureId=202'],
    ] as const) {
      stubApi({ 'GET /api/flux/42/facture.pdf': () => pdfResponse('facture-42-2024-03-01.pdf') });
      const view = renderAt(path, null, { returnTo });
      expect(await screen.findByRole('link', { name: 'Retour' })).toHaveAttribute('href', expected);
      view.unmount();
    }
  });
});

describe('printable Facture (R-UI-10)', () => {
  it('fetches the PDF with the bearer token for the current structure and shows it with its buttons', async () => {
    const fetchMock = stubApi({ 'GET /api/flux/42/facture.pdf': () => pdfResponse('facture-42-2024-03-01.pdf') });
    renderAt('/gestion-des-finances/flux-financiers/42/facture?structureId=202');

    const frame = await screen.findByTitle('Aperçu du document facture-42-2024-03-01.pdf');
    expect(frame).toHaveAttribute('src', 'blob:document');
    const request = sentRequest(fetchMock);
    expect(request.url).toBe('http://localhost/api/flux/42/facture.pdf?structureId=202');
    expect(request.headers.get('authorization')).toBe('Bearer jwt');

    expect(screen.getByRole('heading', { name: 'Facture du flux n° 42' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute(
      'href',
      '/gestion-des-finances/flux-financiers?structureId=202',
    );
    const download = screen.getByRole('button', { name: 'Télécharger' });
    const print = screen.getByRole('button', { name: 'Imprimer' });
    expect(download).toBeEnabled();
    expect(print).toBeEnabled();

    await userEvent.click(download);
    expect(clicks).toEqual([{ download: 'facture-42-2024-03-01.pdf', href: 'blob:document' }]);

    const printFrame = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { print: printFrame } });
    await userEvent.click(print);
    expect(printFrame).toHaveBeenCalledOnce();
  });
});

describe("printable Relevé d'opération (R-UI-10)", () => {
  it('asks for releve.pdf and shows the title', async () => {
    const fetchMock = stubApi({ 'GET /api/flux/7/releve.pdf': () => pdfResponse('releve-7-2024-03-01.pdf') });
    renderAt('/gestion-des-finances/flux-financiers/7/releve');
    expect(await screen.findByTitle('Aperçu du document releve-7-2024-03-01.pdf')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Relevé d’opération du flux n° 7' })).toBeInTheDocument();
    expect(sentRequest(fetchMock).url).toBe('http://localhost/api/flux/7/releve.pdf?structureId=101');
  });

  it('says so when the flux is not found (or out of scope), with the buttons disabled', async () => {
    stubApi({ 'GET /api/flux/7/releve.pdf': () => jsonResponse({ message: 'Flux financier introuvable' }, 404) });
    renderAt('/gestion-des-finances/flux-financiers/7/releve');
    expect(await screen.findByText(/Ce flux financier est introuvable/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Télécharger' })).toBeDisabled();
  });

  it('shows a loading state, then the generic error on a server failure', async () => {
    stubApi({ 'GET /api/flux/7/releve.pdf': () => jsonResponse({ message: 'boom' }, 500) });
    renderAt('/gestion-des-finances/flux-financiers/7/releve');
    expect(screen.getByLabelText('Préparation du document…')).toBeInTheDocument();
    expect(await screen.findByText('Oups, une erreur est survenue...')).toBeInTheDocument();
  });

  it('refuses a malformed flux number without calling the API', async () => {
    const fetchMock = stubApi({});
    renderAt('/gestion-des-finances/flux-financiers/abc/releve');
    expect(await screen.findByText('Numéro de flux invalide.')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});

describe('FluxDocumentLinks (reachable from the flux screens)', () => {
  it('links to both printable pages, keeping the context', () => {
    stubApi({});
    renderAt(
      '/gestion-des-finances/flux-financiers?structureId=202&appMode=embedded',
      <FluxDocumentLinks fluxId={42} />,
    );
    expect(screen.getByRole('link', { name: 'Facture du flux n° 42' })).toHaveAttribute(
      'href',
      '/gestion-des-finances/flux-financiers/42/facture?structureId=202&appMode=embedded',
    );
    expect(screen.getByRole('link', { name: 'Relevé d’opération (justificatif) du flux n° 42' })).toHaveAttribute(
      'href',
      '/gestion-des-finances/flux-financiers/42/releve?structureId=202&appMode=embedded',
    );
  });
});
