import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { PlanComptableSettings } from './SimpleSettings';

const me = headOfficeMe(['parametrages_comptables__plan_comptable']);

type Account = { id: number; Numero: string; Libelle: string; Classe: number };

/** The accounts endpoint as a tiny in-memory store, recording what the page sends. */
function accountsApi(initial: Account[]) {
  let accounts = [...initial];
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  const record = async (request: Request) => {
    const path = new URL(request.url).pathname;
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.json();
    sent.push({ method: request.method, path, body });
    return { path, body: body as Partial<Account> };
  };
  const fetchMock = stubApi({
    'GET /api/parametrages-comptables/comptes': () => jsonResponse(accounts),
    'POST /api/parametrages-comptables/comptes': async (request) => {
      const { body } = await record(request);
      if (body.Numero === '999') return jsonResponse({ message: 'Ce numéro de compte existe déjà.' }, 409);
      const created = { id: 99, Numero: String(body.Numero), Libelle: String(body.Libelle), Classe: 4 };
      accounts = [...accounts, created];
      return jsonResponse(created, 201);
    },
    'PUT /api/parametrages-comptables/comptes/1': async (request) => {
      const { body } = await record(request);
      accounts = accounts.map((a) => (a.id === 1 ? { ...a, ...body } : a));
      return jsonResponse(accounts[0]);
    },
    'DELETE /api/parametrages-comptables/comptes/2': async (request) => {
      await record(request);
      accounts = accounts.filter((a) => a.id !== 2);
      return new Response(null, { status: 204 });
    },
  });
  return { sent, fetchMock };
}

const renderPage = () => renderWithSession(<PlanComptableSettings />, me);

const ACCOUNTS: Account[] = [
  { id: 1, Numero: '411000', Libelle: 'Clients', Classe: 4 },
  { id: 2, Numero: '706000', Libelle: 'Prestations de services', Classe: 7 },
];
const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('Paramétrages comptables: a settings list', () => {
  it('shows a loading state, then the rows, or says there are none', async () => {
    accountsApi([]);
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Chargement des paramétrages…' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Comptes du plan comptable' });
    expect(within(table).getByText('Aucun élément.')).toBeInTheDocument();
  });

  it('adds an account (number upper-cased), then lists it and confirms', async () => {
    const { sent } = accountsApi(ACCOUNTS);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Comptes du plan comptable' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), '401abc');
    await userEvent.type(screen.getByRole('textbox', { name: 'Libellé' }), 'Fournisseurs');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await within(table).findByText('401ABC')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/parametrages-comptables/comptes',
        body: { Numero: '401ABC', Libelle: 'Fournisseurs' },
      },
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('Modifications enregistrées.');
    expect(screen.getByRole('textbox', { name: 'Numéro de compte' })).toHaveValue('');
  });

  it('shows the server message when the account is refused, and keeps what was typed', async () => {
    accountsApi(ACCOUNTS);
    renderPage();
    await screen.findByRole('table', { name: 'Comptes du plan comptable' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), '999');
    await userEvent.type(screen.getByRole('textbox', { name: 'Libellé' }), 'Doublon');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Ce numéro de compte existe déjà.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Numéro de compte' })).toHaveValue('999');
  });

  it('names the field by its label in a validation message, not by its API name', async () => {
    stubApi({
      'GET /api/parametrages-comptables/comptes': () => jsonResponse(ACCOUNTS),
      'POST /api/parametrages-comptables/comptes': () =>
        jsonResponse(
          {
            message: 'Requête invalide : Libelle : obligatoire',
            issues: [{ path: 'Libelle', message: 'obligatoire' }],
          },
          400,
        ),
    });
    renderPage();
    await screen.findByRole('table', { name: 'Comptes du plan comptable' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), '512');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Libellé : obligatoire')).toBeInTheDocument();
  });

  it('offers to retry when the list fails to load', async () => {
    let loads = 0;
    stubApi({
      'GET /api/parametrages-comptables/comptes': () =>
        ++loads === 1 ? jsonResponse({ message: 'Service indisponible' }, 503) : jsonResponse(ACCOUNTS),
    });
    renderPage();
    expect(await screen.findByText('Service indisponible')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table', { name: 'Comptes du plan comptable' })).toBeInTheDocument();
  });

  it('edits a row in the form, and cancelling leaves it unchanged', async () => {
    const { sent } = accountsApi(ACCOUNTS);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Comptes du plan comptable' });
    await userEvent.click(within(rowOf(table, 'Clients')).getByRole('button', { name: 'Modifier' }));
    const label = screen.getByRole('textbox', { name: 'Libellé' });
    expect(label).toHaveValue('Clients');
    expect(screen.getByRole('textbox', { name: 'Numéro de compte' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(label).toHaveValue('');
    expect(sent).toEqual([]);

    await userEvent.click(within(rowOf(table, 'Clients')).getByRole('button', { name: 'Modifier' }));
    await userEvent.clear(label);
    await userEvent.type(label, 'Clients cotisants');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await within(table).findByText('Clients cotisants')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/parametrages-comptables/comptes/1',
        body: { Numero: '411000', Libelle: 'Clients cotisants' },
      },
    ]);
  });

  it('keeps an edit in progress when another row is deleted', async () => {
    accountsApi(ACCOUNTS);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Comptes du plan comptable' });
    await userEvent.click(within(rowOf(table, 'Clients')).getByRole('button', { name: 'Modifier' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Libellé' }), ' cotisants');
    await userEvent.click(within(rowOf(table, '706000')).getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer cet élément ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(table).queryByText('706000')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Libellé' })).toHaveValue('Clients cotisants');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    const { sent } = accountsApi(ACCOUNTS);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Comptes du plan comptable' });
    await userEvent.click(within(rowOf(table, '706000')).getByRole('button', { name: 'Supprimer' }));
    let dialog = await screen.findByRole('dialog', { name: 'Supprimer cet élément ?' });
    expect(dialog).toHaveTextContent('« 706000 Prestations de services 7 » sera supprimé.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    // The dialog hides the page from assistive technology until it has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
    expect(within(table).getByText('706000')).toBeInTheDocument();

    await userEvent.click(within(rowOf(table, '706000')).getByRole('button', { name: 'Supprimer' }));
    dialog = await screen.findByRole('dialog', { name: 'Supprimer cet élément ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(table).queryByText('706000')).toBeNull());
    expect(sent).toEqual([{ method: 'DELETE', path: '/api/parametrages-comptables/comptes/2', body: undefined }]);
    expect(screen.getByRole('alert')).toHaveTextContent('Élément supprimé.');
  });
});
