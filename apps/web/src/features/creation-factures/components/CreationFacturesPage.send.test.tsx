import { FLUX_WRITE, INVOICING_WRITE, MAIL_NO_ADDRESS, type BillingEmailAnswer, type MeResponse } from '@gdf/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, sentRequest, stubApi } from '@/test/stub-api';
import { draft, invoicingMe } from '@/test/draft-fixtures';
import { CreationFacturesPage } from './CreationFacturesPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The head office's administrator who may write invoices and send a flux's documents (R-MAIL-05). */
const sender: MeResponse = { ...invoicingMe(true), grants: { '1318': [INVOICING_WRITE, FLUX_WRITE] } };

const recipient = (destinataire: BillingEmailAnswer['destinataire']): BillingEmailAnswer => ({
  structureId: 101,
  emailFacturation: destinataire.address,
  destinataire,
  modifiable: false,
});

const delivery = {
  id: 31,
  structureId: 101,
  typeDocument: 'facture',
  documentId: 90,
  destinataire: 'tresorerie@club-alpin.fr',
  objet: 'Facture n° 2027-FFME-90',
  statut: 'en_attente',
  tentatives: 0,
  idMessage: null,
  reponseServeur: null,
  demandeLe: '2026-11-29T08:00:00.000Z',
  derniereTentativeLe: null,
  envoyeLe: null,
  demandePar: 'Siège Démo',
  renvoiDe: null,
};

function stub(destinataire: BillingEmailAnswer['destinataire'], answer: object, categorie: 4 | 5 = 4) {
  return stubApi({
    'GET /api/creation-factures/brouillons': () => jsonResponse({ brouillons: [draft({ categorie })] }),
    'GET /api/creation-factures/tarifs': () => jsonResponse({ tarifs: [] }),
    'GET /api/structures/101/email-facturation': () => jsonResponse(recipient(destinataire)),
    'POST /api/creation-factures/brouillons/7/emission': () =>
      jsonResponse({ fluxId: 90, numero: '2027-FFME-90', totalCentimes: 13_500, ...answer }, 201),
  });
}

const issueBody = async (fetchMock: ReturnType<typeof stubApi>) => {
  const call = fetchMock.mock.calls.findIndex(
    ([url, init]) => String(url).includes('/emission') && init?.method === 'POST',
  );
  return sentRequest(fetchMock, call).json();
};

describe("'Émettre et envoyer' a draft (R-MAIL-09)", () => {
  it('names the address, sends envoyer with the issue, and says the facture is queued to it', async () => {
    const fetchMock = stub(
      { address: 'tresorerie@club-alpin.fr', source: 'facturation' },
      { envoiEmail: { envoi: delivery, nouveau: true } },
      5,
    );
    const user = userEvent.setup();
    renderWithSession(<CreationFacturesPage />, sender);
    await user.click(await screen.findByRole('button', { name: 'Émettre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Émettre la facture ?' });
    const box = await within(dialog).findByRole('checkbox', { name: 'Envoyer par e-mail à tresorerie@club-alpin.fr' });
    expect(box).not.toBeChecked();
    await user.click(box);
    // A direct-debit invoice sent is its SEPA pre-notification (R-FACT-10).
    expect(dialog).toHaveTextContent('pré-notification SEPA');
    await user.click(within(dialog).getByRole('button', { name: 'Émettre et envoyer' }));
    expect(
      await screen.findByText(/Facture 2027-FFME-90 émise ; son envoi par e-mail à tresorerie@club-alpin\.fr/),
    ).toBeInTheDocument();
    expect(await issueBody(fetchMock)).toEqual({ version: 2, envoyer: true });
  });

  it('a structure without an address cannot be ticked: the draft is issued without envoyer', async () => {
    const fetchMock = stub({ address: null, reason: MAIL_NO_ADDRESS.noCorrespondent }, {});
    const user = userEvent.setup();
    renderWithSession(<CreationFacturesPage />, sender);
    await user.click(await screen.findByRole('button', { name: 'Émettre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Émettre la facture ?' });
    const box = await within(dialog).findByRole('checkbox', {
      name: `Envoi par e-mail impossible : ${MAIL_NO_ADDRESS.noCorrespondent}`,
    });
    expect(box).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Émettre' }));
    expect(await screen.findByText('Facture 2027-FFME-90 émise.')).toBeInTheDocument();
    expect(await issueBody(fetchMock)).toEqual({ version: 2 });
  });

  it('shows the reason when the server issued the invoice but could not send it', async () => {
    stub(
      { address: 'tresorerie@club-alpin.fr', source: 'facturation' },
      { envoiEmail: { envoi: null, structure: 'Club Alpin', raison: MAIL_NO_ADDRESS.correspondentWithoutEmail } },
    );
    const user = userEvent.setup();
    renderWithSession(<CreationFacturesPage />, sender);
    await user.click(await screen.findByRole('button', { name: 'Émettre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Émettre la facture ?' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Envoyer par e-mail à/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Émettre et envoyer' }));
    expect(
      await screen.findByText(
        `Facture 2027-FFME-90 émise, mais non envoyée par e-mail : ${MAIL_NO_ADDRESS.correspondentWithoutEmail}`,
      ),
    ).toBeInTheDocument();
  });

  it('without the send grant the box is disabled and says why; the address is not asked', async () => {
    const fetchMock = stub({ address: 'tresorerie@club-alpin.fr', source: 'facturation' }, {});
    const user = userEvent.setup();
    renderWithSession(<CreationFacturesPage />, invoicingMe(true));
    await user.click(await screen.findByRole('button', { name: 'Émettre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Émettre la facture ?' });
    expect(within(dialog).getByRole('checkbox', { name: 'Envoyer par e-mail à la structure' })).toBeDisabled();
    expect(dialog).toHaveTextContent('droit d’écriture des flux financiers');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('email-facturation'))).toBe(false);
  });
});
