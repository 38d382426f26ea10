import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, sentRequest, stubApi } from '@/test/stub-api';
import { draft, invoicingMe } from '@/test/draft-fixtures';
import { CreationFacturesPage } from './CreationFacturesPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

function openPage() {
  return renderWithSession(<CreationFacturesPage />, invoicingMe(true));
}

describe("'Création factures' page (R-INV-05, R-INV-06)", () => {
  it('lists drafts and issued invoices; an issued one has no action left', async () => {
    stubApi({
      'GET /api/creation-factures/brouillons': () =>
        jsonResponse({
          brouillons: [draft(), draft({ id: 8, fluxId: 55, numero: '2027-FFME-55', libelle: 'Passeports' })],
        }),
      'GET /api/creation-factures/tarifs': () => jsonResponse({ tarifs: [] }),
    });
    openPage();
    const table = await screen.findByRole('table', { name: 'Brouillons' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('button', { name: 'Émettre' })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Émise (2027-FFME-55)')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the empty state, then issues a draft only after the confirmation, with its version', async () => {
    let listed = [draft()];
    const fetchMock = stubApi({
      'GET /api/creation-factures/brouillons': () => jsonResponse({ brouillons: listed }),
      'GET /api/creation-factures/tarifs': () => jsonResponse({ tarifs: [] }),
      'POST /api/creation-factures/brouillons/7/emission': () => {
        listed = [draft({ fluxId: 90, numero: '2027-FFME-90' })];
        return jsonResponse({ fluxId: 90, numero: '2027-FFME-90', totalCentimes: 13_500 }, 201);
      },
    });
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Émettre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Émettre la facture ?' });
    expect(dialog).toHaveTextContent('ne pourra plus être modifiée');
    await user.click(within(dialog).getByRole('button', { name: 'Émettre' }));
    expect(await screen.findByText('Facture 2027-FFME-90 émise.')).toBeInTheDocument();
    const issue = fetchMock.mock.calls.findIndex(
      ([url, init]) => String(url).includes('/emission') && init?.method === 'POST',
    );
    expect(await sentRequest(fetchMock, issue).json()).toEqual({ version: 2 });
    await waitFor(() => expect(screen.getByText('Émise (2027-FFME-90)')).toBeInTheDocument());
  });

  it('says when there is no draft', async () => {
    stubApi({
      'GET /api/creation-factures/brouillons': () => jsonResponse({ brouillons: [] }),
      'GET /api/creation-factures/tarifs': () => jsonResponse({ tarifs: [] }),
    });
    openPage();
    expect(await screen.findByText('Aucun brouillon. Créez une facture pour une structure.')).toBeInTheDocument();
  });
});
