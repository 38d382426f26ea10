import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { draft, invoicingMe } from '@/test/draft-fixtures';
import { CreationFacturesPage } from './CreationFacturesPage';

const listing = (drafts = [draft()]) => ({
  'GET /api/creation-factures/brouillons': () => jsonResponse({ brouillons: drafts }),
  'GET /api/creation-factures/tarifs': () => jsonResponse({ tarifs: [] }),
});

let revoked: string[];
beforeEach(() => {
  revoked = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:apercu-7'),
      revokeObjectURL: vi.fn((url: string) => revoked.push(url)),
    }),
  );
});

describe("'Création factures' without the write grant (R-INV-10)", () => {
  it('shows the drafts but no write action: no new draft, no row action, no avoir tab, no bulk issue', async () => {
    stubApi(listing());
    const user = userEvent.setup();
    renderWithSession(<CreationFacturesPage />, invoicingMe(false));
    const table = await screen.findByRole('table', { name: 'Brouillons' });
    expect(within(table).getByText('Stage escalade')).toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau brouillon' })).not.toBeInTheDocument();
    expect(screen.getByText(/Consultation seule/)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Avoir sur une facture' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Facturation en lot' }));
    expect(await screen.findByRole('button', { name: 'Aperçu du lot' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Émettre le lot' })).not.toBeInTheDocument();
  });

  it('gives every write action to the holder of the grant', async () => {
    stubApi(listing());
    const user = userEvent.setup();
    renderWithSession(<CreationFacturesPage />, invoicingMe(true));
    const table = await screen.findByRole('table', { name: 'Brouillons' });
    for (const name of ['Modifier', 'Aperçu', 'Émettre', 'Supprimer'])
      expect(within(table).getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouveau brouillon' })).toBeInTheDocument();
    expect(screen.queryByText(/Consultation seule/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Facturation en lot' }));
    expect(await screen.findByRole('button', { name: 'Émettre le lot' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Avoir sur une facture' }));
    expect(await screen.findByRole('button', { name: 'Émettre l’avoir' })).toBeInTheDocument();
  });
});

// happy-dom does not load iframe pages and logs "Iframe page loading is disabled": expected.
describe('the draft preview (R-INV-05)', () => {
  it('shows the PDF in a dialog, not in a window a popup blocker would stop, and frees it on close', async () => {
    stubApi({
      ...listing(),
      'GET /api/creation-factures/brouillons/7/apercu.pdf': () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="brouillon-7.pdf"' },
        }),
    });
    const open = vi.spyOn(window, 'open');
    const user = userEvent.setup();
    renderWithSession(<CreationFacturesPage />, invoicingMe(true));
    await user.click(await screen.findByRole('button', { name: 'Aperçu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aperçu du brouillon « Stage escalade »' });
    const frame = await within(dialog).findByTitle('Aperçu PDF brouillon-7.pdf');
    expect(frame).toHaveAttribute('src', 'blob:apercu-7');
    const download = within(dialog).getByRole('link', { name: 'Télécharger' });
    expect(download).toHaveAttribute('href', 'blob:apercu-7');
    expect(download).toHaveAttribute('download', 'brouillon-7.pdf');
    expect(open).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(revoked).toContain('blob:apercu-7');
  });

  it('says in the dialog when the preview cannot be made, with the server’s reason', async () => {
    stubApi({
      ...listing(),
      'GET /api/creation-factures/brouillons/7/apercu.pdf': () =>
        jsonResponse({ message: 'La date d’échéance est passée : modifiez le brouillon.' }, 409),
    });
    const user = userEvent.setup();
    renderWithSession(<CreationFacturesPage />, invoicingMe(true));
    await user.click(await screen.findByRole('button', { name: 'Aperçu' }));
    const dialog = await screen.findByRole('dialog', { name: /Aperçu du brouillon/ });
    expect(
      await within(dialog).findByText('La date d’échéance est passée : modifiez le brouillon.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Télécharger' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
