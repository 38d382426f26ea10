import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEPA_WRITE } from '@gdf/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi, type ApiHandler } from '@/test/stub-api';
import { BankSplitDialog } from './BankSplitDialog';
import { creditToProcess, flux, reconciledCredit } from './test-data';

const withGrant = { ...headOfficeMe(['export__sepa']), grants: { '1318': [SEPA_WRITE] } };
const CONFIRM = 'POST /api/exports/sepa/releves/ecritures/41/rapprochement';
const SEARCH = 'GET /api/exports/sepa/releves/flux-ouverts';

afterEach(() => vi.unstubAllGlobals());

function renderDialog(handlers: Record<string, ApiHandler>, entry = creditToProcess()) {
  const onConfirmed = vi.fn();
  stubApi(handlers);
  renderWithSession(
    <BankSplitDialog
      entry={entry}
      amount="1 234,56 €"
      structureId={1318}
      onClose={() => {}}
      onConfirmed={onConfirmed}
    />,
    withGrant,
  );
  return {
    onConfirmed,
    user: userEvent.setup(),
    dialog: screen.getByRole('dialog', { name: 'Rapprocher le crédit de 1 234,56 €' }),
  };
}

const amountField = (invoice: string) => screen.getByRole('textbox', { name: `Montant pour Facture ${invoice} (€)` });
const sumLine = () => screen.getByText(/^Total : /).textContent?.replace(/[\u00a0\u202f]/g, ' ');

describe("'Corriger': search the open flux and split the credit (R-BANK-04)", () => {
  it('starts from the best proposal, searches a flux, splits the credit and sends the parts', async () => {
    const bodies: unknown[] = [];
    const queries: (string | null)[] = [];
    const { user, dialog, onConfirmed } = renderDialog({
      [SEARCH]: (request) => {
        queries.push(new URL(request.url).searchParams.get('q'));
        return jsonResponse([
          flux({
            ID_FluxFinancier: 610,
            numeroFacture: '2026-FFME-610',
            NomStructure: 'Club de Grenoble',
            resteDuCents: 50_000,
          }),
        ]);
      },
      [CONFIRM]: async (request) => {
        bodies.push(await request.json());
        return jsonResponse(reconciledCredit());
      },
    });
    expect(amountField('2026-FFME-501')).toHaveValue('1234,56');
    expect(sumLine()).toBe('Total : 1 234,56 € sur un crédit de 1 234,56 €');

    await user.type(within(dialog).getByRole('textbox', { name: 'Chercher un flux' }), 'Grenoble{Enter}');
    const results = await screen.findByRole('list', { name: 'Flux à régler trouvés' });
    expect(queries).toEqual(['Grenoble']);
    await user.click(within(results).getByRole('button', { name: 'Ajouter Facture 2026-FFME-610' }));
    // Nothing left of the credit: the new flux starts at what it owes, and the sum is over.
    expect(amountField('2026-FFME-610')).toHaveValue('500,00');
    expect(within(results).getByRole('button', { name: 'Ajouter Facture 2026-FFME-610' })).toBeDisabled();
    expect(
      await within(dialog).findByText(/Les montants choisis \(1.734,56.€\) dépassent le crédit \(1.234,56.€\)\./),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Rapprocher' })).toBeDisabled();

    await user.clear(amountField('2026-FFME-501'));
    await user.type(amountField('2026-FFME-501'), '734,56');
    expect(sumLine()).toBe('Total : 1 234,56 € sur un crédit de 1 234,56 €');
    await user.click(within(dialog).getByRole('button', { name: 'Rapprocher' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        parts: [
          { ID_FluxFinancier: 501, montantCents: 73_456 },
          { ID_FluxFinancier: 610, montantCents: 50_000 },
        ],
      },
    ]);
  });

  it('checks each amount and what the flux still owes, and says what is left of the credit', async () => {
    const { user, dialog } = renderDialog({});
    await user.clear(amountField('2026-FFME-501'));
    await user.type(amountField('2026-FFME-501'), '12,345');
    expect(
      within(dialog).getByText('Montant en euros positif, deux décimales au plus (ex. 12,50).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Rapprocher' })).toBeDisabled();

    await user.clear(amountField('2026-FFME-501'));
    await user.type(amountField('2026-FFME-501'), '1000');
    expect(within(dialog).getByText(/Reste non affecté : 234,56/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Rapprocher' })).toBeEnabled();

    // No flux left: the domain's rule, in French.
    await user.click(within(dialog).getByRole('button', { name: 'Retirer Facture 2026-FFME-501' }));
    expect(within(dialog).getByText('Aucun flux choisi : cherchez-en un ci-dessus.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choisissez au moins un flux.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Rapprocher' })).toBeDisabled();
  });

  it('refuses a part above what the flux still owes', async () => {
    const { user, dialog } = renderDialog(
      {},
      creditToProcess({
        propositions: [
          {
            flux: [flux({ resteDuCents: 1_000 })],
            resteDuCents: 1_000,
            score: 60,
            confiance: 'possible',
            raisons: ['montant'],
            autreStructure: false,
            debitRejets: null,
          },
        ],
      }),
    );
    expect(amountField('2026-FFME-501')).toHaveValue('10,00');
    await user.clear(amountField('2026-FFME-501'));
    await user.type(amountField('2026-FFME-501'), '10,01');
    expect(within(dialog).getByText(/Le flux 501 ne doit plus que 10,00.€\./)).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    const { user, dialog, onConfirmed } = renderDialog({
      [CONFIRM]: () =>
        jsonResponse(
          { message: 'Le flux 501 n’est pas un flux à régler de votre périmètre (déjà réglé, relancé ou inconnu).' },
          422,
        ),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Rapprocher' }));
    expect(
      await within(dialog).findByText(
        'Le flux 501 n’est pas un flux à régler de votre périmètre (déjà réglé, relancé ou inconnu).',
      ),
    ).toBeInTheDocument();
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});
