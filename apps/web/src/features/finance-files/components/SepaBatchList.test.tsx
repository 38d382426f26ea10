import type { MeResponse, SepaBatch } from '@gdf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { SepaBatchList } from './SepaBatchList';

const writer: MeResponse = { ...headOfficeMe(['export__sepa']), grants: { '1318': ['export__sepa:ecriture'] } };
const reader = headOfficeMe(['export__sepa']);

const standing: SepaBatch = {
  id: 7,
  NomFichier: 'prelevements-sepa-7-2026-11-27.xml',
  Z_DateCreation: '2026-11-20T09:30:00.000Z',
  auteur: 'Anne Martin',
  nbFlux: 12,
  totalCents: 123_400,
  fichierDisponible: true,
  annuleLe: null,
  annulePar: null,
  annulable: true,
  etat: 'genere',
  dateEcheance: '2026-11-27',
  preleves: { nb: 12, cents: 123_400 },
  rejetes: { nb: 0, cents: 0 },
  relances: { nb: 0, cents: 0 },
};
const cancelled: SepaBatch = {
  ...standing,
  fichierDisponible: false,
  annuleLe: '2026-11-21T08:00:00.000Z',
  annulePar: 'Paul Durand',
  annulable: false,
  etat: 'annule',
  preleves: { nb: 0, cents: 0 },
};
const cancelLabel = `Annuler le lot ${standing.NomFichier}`;

const renderList = (me: MeResponse) => renderWithSession(<SepaBatchList structureId={1318} onDownload={vi.fn()} />, me);
const rowOf = async () => {
  const table = await screen.findByRole('table', { name: 'Fichiers SEPA déjà générés' });
  return within(table).getAllByRole('row')[1] as HTMLElement;
};

afterEach(() => vi.unstubAllGlobals());

describe('SEPA batch history: cancelling a batch (R-SEPA-08)', () => {
  it('asks with the count, total and date, cancels, then shows the batch as cancelled without its file', async () => {
    let current = standing;
    const cancel = vi.fn(() => {
      current = cancelled;
      return jsonResponse({ id: 7, annuleLe: cancelled.annuleLe, nbFluxLiberes: 12, totalCents: 123_400 });
    });
    stubApi({
      'GET /api/exports/sepa/batches': () => jsonResponse([current]),
      'POST /api/exports/sepa/batches/7/cancel': cancel,
    });
    renderList(writer);
    let row = await rowOf();
    expect(within(row).getByText('Généré')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: cancelLabel }));
    let dialog = await screen.findByRole('dialog', { name: 'Annuler ce lot de prélèvements ?' });
    const text = dialog.textContent?.replace(/\s/g, ' ') ?? '';
    expect(text).toContain('12 flux pour 1 234,00 €');
    expect(text).toContain('généré le 20/11/2026');
    expect(text).toContain('n’a pas été déposé à la banque');

    // 'Retour' changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancel).not.toHaveBeenCalled();

    await userEvent.click(within(row).getByRole('button', { name: cancelLabel }));
    dialog = await screen.findByRole('dialog', { name: 'Annuler ce lot de prélèvements ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler le lot' }));
    expect(await screen.findByText(/annulé : 12 flux seront repris dans le prochain fichier/)).toBeInTheDocument();
    expect(cancel).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect(within(await rowOf()).getByText('Annulé')).toBeInTheDocument());
    row = await rowOf();
    expect(within(row).getByText(/le 21\/11\/2026 .* par Paul Durand/)).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull(); // neither download nor cancel
    expect(within(row).queryByText('Fichier non conservé')).toBeNull();
  });

  it('shows the server’s French refusal, and the pending state while it runs', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      'GET /api/exports/sepa/batches': () => jsonResponse([standing]),
      'POST /api/exports/sepa/batches/7/cancel': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderList(writer);
    const row = await rowOf();
    await userEvent.click(within(row).getByRole('button', { name: cancelLabel }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler ce lot de prélèvements ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler le lot' }));
    const pending = await within(row).findByRole('button', { name: cancelLabel });
    await waitFor(() => expect(pending).toHaveTextContent('Annulation…'));
    expect(pending).toBeDisabled();
    const refusal =
      'Ce lot SEPA ne peut plus être annulé : des prélèvements de ce lot ont déjà été marqués réglés (le fichier a été traité par la banque).';
    answer(jsonResponse({ statusCode: 409, error: 'conflict', message: refusal }, 409));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByRole('button', { name: cancelLabel })).toBeEnabled());
  });

  it('offers no cancellation without the SEPA write grant, nor for a batch the bank answered for', async () => {
    stubApi({
      'GET /api/exports/sepa/batches': () =>
        jsonResponse([standing, { ...standing, id: 6, NomFichier: 'regle.xml', annulable: false }]),
    });
    renderList(reader);
    const table = await screen.findByRole('table', { name: 'Fichiers SEPA déjà générés' });
    expect(within(table).getAllByRole('button', { name: 'Télécharger' })).toHaveLength(2);
    expect(within(table).queryByRole('button', { name: /Annuler le lot/ })).toBeNull();
  });

  it('with the grant, only the batches that may still be cancelled offer it', async () => {
    stubApi({
      'GET /api/exports/sepa/batches': () =>
        jsonResponse([standing, { ...standing, id: 6, NomFichier: 'regle.xml', annulable: false }]),
    });
    renderList(writer);
    const table = await screen.findByRole('table', { name: 'Fichiers SEPA déjà générés' });
    await within(table).findByRole('button', { name: cancelLabel });
    expect(within(table).getAllByRole('button', { name: /^Annuler le lot/ })).toHaveLength(1);
  });
});

describe('SEPA batch history: state and counts (R-RET-07)', () => {
  it('shows the state, the collection date and what became of the debits', async () => {
    const answered: SepaBatch = {
      ...standing,
      annulable: false,
      etat: 'rejete_partiel',
      preleves: { nb: 9, cents: 100_000 },
      rejetes: { nb: 3, cents: 23_400 },
      relances: { nb: 1, cents: 4_500 },
    };
    stubApi({ 'GET /api/exports/sepa/batches': () => jsonResponse([answered]) });
    renderList(reader);
    const row = await rowOf();
    expect(within(row).getByText('Partiellement rejeté')).toBeInTheDocument();
    const text = row.textContent?.replace(/\s/g, ' ') ?? '';
    expect(text).toContain('Échéance : 27/11/2026');
    expect(text).toContain('Prélevés : 9 (1 000,00 €)');
    expect(text).toContain('Rejetés : 3 (234,00 €)');
    expect(text).toContain('Relancés : 1 (45,00 €)');
  });
});

describe('SEPA batch history: pages and sort asked of the server (R-UI-20)', () => {
  const page = (request: Request) => {
    const query = new URL(request.url).searchParams;
    const number = Number(query.get('page'));
    const batches = [0, 1].map((n) => ({
      ...standing,
      id: number * 10 + n,
      NomFichier: `lot-${query.get('tri')}-${query.get('ordre')}-page-${number}-${n}.xml`,
    }));
    return new Response(JSON.stringify(batches), {
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': '60' },
    });
  };

  it('shows the total, asks for the next page, and sorts on a column from the first page', async () => {
    const fetchMock = stubApi({ 'GET /api/exports/sepa/batches': page });
    renderList(reader);
    expect(await screen.findByText('lot-date-desc-page-1-0.xml')).toBeInTheDocument();
    expect(screen.getByText(/^1–25 (sur|of) 60$/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /page suivante|next page/i }));
    expect(await screen.findByText('lot-date-desc-page-2-0.xml')).toBeInTheDocument();
    expect(screen.getByText(/^26–50 (sur|of) 60$/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Fichier' }));
    expect(await screen.findByText('lot-fichier-asc-page-1-0.xml')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Montant' }));
    expect(await screen.findByText('lot-montant-desc-page-1-0.xml')).toBeInTheDocument();
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(last)).toMatchObject({ structureId: '1318', limit: '25', page: '1', tri: 'montant' });
  });

  it('keeps each row on one line (R-UI-20)', async () => {
    stubApi({ 'GET /api/exports/sepa/batches': page });
    renderList(reader);
    const row = await rowOf();
    for (const cell of within(row).getAllByRole('cell')) expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
  });
});
