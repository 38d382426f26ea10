import { FLUX_WRITE, type MailDeliveryView, type MeResponse } from '@gdf/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { fetchDocumentLog, resendDelivery, sendDocument } from '../api/mail-api';
import { MailLog } from './MailLog';
import { SendByEmailButton } from './SendByEmailButton';

vi.mock('../api/mail-api', () => ({
  fetchDocumentLog: vi.fn(),
  fetchStructureLog: vi.fn(),
  resendDelivery: vi.fn(),
  sendDocument: vi.fn(),
}));
const fetchLog = vi.mocked(fetchDocumentLog);
const send = vi.mocked(sendDocument);
const resend = vi.mocked(resendDelivery);

afterEach(() => vi.resetAllMocks());

const me: MeResponse = { ...headOfficeMe(['gestion_des_finances__flux_financiers']), grants: { '1318': [FLUX_WRITE] } };
const delivery = (overrides: Partial<MailDeliveryView>): MailDeliveryView => ({
  id: 1,
  structureId: 110,
  typeDocument: 'facture',
  documentId: 42,
  destinataire: 'compta@club.fr',
  objet: 'Facture n° 2027-FFME-42',
  statut: 'envoye',
  tentatives: 1,
  idMessage: '<envoi-1.0123456789abcdef@ffme.fr>',
  reponseServeur: '250 OK',
  demandeLe: '2026-11-28T09:00:00Z',
  derniereTentativeLe: '2026-11-28T09:00:01Z',
  envoyeLe: '2026-11-28T09:00:01Z',
  demandePar: 'Siège Démo',
  renvoiDe: null,
  ...overrides,
});
const document = { type: 'facture' as const, id: 42 };

describe('R-MAIL-04: the delivery log of a document', () => {
  it('R-MAIL-04: shows sent with its message id, failed with the server’s answer, and resends', async () => {
    fetchLog.mockResolvedValue({
      envois: [
        delivery({
          id: 2,
          statut: 'echec',
          reponseServeur: '550 5.1.1 Boîte inconnue',
          envoyeLe: null,
          idMessage: null,
        }),
        delivery({}),
      ],
    });
    resend.mockResolvedValue({ envoi: delivery({ id: 3, statut: 'en_attente', renvoiDe: 2 }), nouveau: true });
    renderWithSession(<MailLog source={{ document }} canResend />, me);
    expect(await screen.findByText('Échec : 550 5.1.1 Boîte inconnue')).toBeInTheDocument();
    expect(screen.getByText(/^Envoyé le .*\(<envoi-1\.0123456789abcdef@ffme\.fr>\)$/)).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Renvoyer à compta@club.fr' })[0]!);
    await waitFor(() => expect(resend).toHaveBeenCalledWith(1318, 2, expect.stringMatching(/^[0-9a-f]{32}$/)));
  });

  it('R-MAIL-05: a reader (no send grant) sees the status without who asked, never "Envoi automatique"', async () => {
    fetchLog.mockResolvedValue({ envois: [delivery({ demandePar: null, reponseServeur: null })] });
    renderWithSession(<MailLog source={{ document }} canResend={false} />, me);
    expect(await screen.findByText(/^Envoyé le /)).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(screen.queryByText('Envoi automatique')).not.toBeInTheDocument();
  });

  it('R-MAIL-04: loading, empty and error states', async () => {
    fetchLog.mockResolvedValueOnce({ envois: [] });
    const { unmount } = renderWithSession(<MailLog source={{ document }} canResend={false} />, me);
    expect(screen.getByRole('progressbar', { name: 'Chargement du journal des envois…' })).toBeInTheDocument();
    expect(await screen.findByText('Aucun envoi par e-mail pour le moment.')).toBeInTheDocument();
    unmount();
    fetchLog.mockRejectedValueOnce(
      new ApiError(404, 'Flux financier introuvable', { message: 'Flux financier introuvable' }),
    );
    renderWithSession(<MailLog source={{ document }} canResend={false} />, me);
    expect(await screen.findByText('Flux financier introuvable')).toBeInTheDocument();
  });
});

describe('R-MAIL-03: one click, one request key', () => {
  it('R-MAIL-03: a retry after an error keeps the click’s key; the next click has a new one', async () => {
    send.mockRejectedValueOnce(new Error('réseau'));
    send.mockResolvedValue({ envoi: delivery({ statut: 'en_attente' }), nouveau: true });
    renderWithSession(<SendByEmailButton document={document} label="Facture n° 42" />, me);
    const button = screen.getByRole('button', { name: 'Envoyer par e-mail : Facture n° 42' });
    await userEvent.click(button);
    expect(await screen.findByText('L’envoi n’a pas pu être demandé.')).toBeInTheDocument();
    await userEvent.click(button);
    expect(await screen.findByText(/Envoi demandé à compta@club\.fr/)).toBeInTheDocument();
    await userEvent.click(button);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    const keys = send.mock.calls.map((call) => call[2]);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
