import {
  isTargetDay,
  PAYOUT_WRITE,
  type MeResponse,
  type PayoutBatchView,
  type PayoutPreviewAnswer,
} from '@gdf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi, type ApiHandler } from '@/test/stub-api';
import { PayoutsSection } from './PayoutsSection';

const { saveBlob } = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('@/lib/save-file', () => ({ saveBlob }));

const me: MeResponse = { ...headOfficeMe(['export__sepa']), grants: { '1318': [PAYOUT_WRITE] } };

const row = (structureId: number, nom: string, niveau: 'ligue' | 'comite' | 'club', dueCentimes: number) => ({
  structureId,
  nom,
  codeFederal: `C${structureId}`,
  niveau,
  acquisCentimes: dueCentimes + 1_000,
  verseCentimes: 1_000,
  dueCentimes,
});

const preview: PayoutPreviewAnswer = {
  au: '2026-11-23',
  payables: [
    row(21, 'Ligue Auvergne-Rhône-Alpes', 'ligue', 100_000),
    row(22, 'Comité Isère', 'comite', 23_456),
    { ...row(31, 'Club Grenoble', 'club', 5_000), fluxIds: [9] },
  ],
  exclues: [
    { ...row(23, 'Comité Drôme', 'comite', 7_000), exclusion: { code: 'sans_rib', motif: 'Pas de RIB valide' } },
  ],
  totalCentimes: 128_456,
};

const batch: PayoutBatchView = {
  id: 5,
  fichier: 'virements-sepa-5.xml',
  creeLe: '2026-11-20T09:30:00.000Z',
  version: 'pain.001.001.09',
  dateExecution: '2026-11-24',
  nbVirements: 2,
  totalCentimes: 123_456,
  annuleLe: null,
};

function renderSection(handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({
    'GET /api/exports/sepa/virements/apercu': () => jsonResponse(preview),
    'GET /api/exports/sepa/virements': () => jsonResponse([]),
    ...handlers,
  });
  renderWithSession(<PayoutsSection />, me);
  const calls = (path: string) =>
    fetchMock.mock.calls.filter((call) => new URL(String(call[0]), 'http://localhost').pathname === path);
  return { fetchMock, calls };
}

const payablesTable = () => screen.findByRole('table', { name: 'Structures à payer et montants dus' });
const flat = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ') ?? '';

beforeEach(() => saveBlob.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('Générer les virements SEPA: preview (R-PAY-06, R-PAY-07)', () => {
  it('lists the payees ticked with their total, and those left out with their reason', async () => {
    const { calls } = renderSection();
    const table = await payablesTable();
    const rows = within(table).getAllByRole('row');
    expect(flat(rows[1]!)).toContain('Ligue Auvergne-Rhône-Alpes');
    expect(flat(rows[1]!)).toContain('C21');
    expect(within(rows[1]!).getByText('Ligue')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Comité')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Club (remboursement)')).toBeInTheDocument();
    expect(flat(rows[1]!)).toContain('1 000,00 €');
    for (const box of within(table).getAllByRole('checkbox')) expect(box).toBeChecked();
    expect(flat(table)).toContain('(3) : 1 284,56 €');

    const excluded = screen.getByRole('table', { name: 'Structures laissées hors du fichier et motif' });
    expect(within(excluded).getByText('Comité Drôme')).toBeInTheDocument();
    expect(within(excluded).getByText('Pas de RIB valide')).toBeInTheDocument();
    expect(within(table).queryByText('Comité Drôme')).toBeNull();

    // The head office acts through the header (the route's query is strict); refunds asked.
    const [url, init] = calls('/api/exports/sepa/virements/apercu')[0]!;
    expect(new Headers(init?.headers).get('X-Structure-Id')).toBe('1318');
    expect(new URL(String(url), 'http://localhost').searchParams.get('remboursements')).toBe('oui');
    expect(new URL(String(url), 'http://localhost').searchParams.get('au')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Inclure les remboursements aux clubs' }));
    await waitFor(() =>
      expect(
        calls('/api/exports/sepa/virements/apercu').some(
          ([asked]) => new URL(String(asked), 'http://localhost').searchParams.get('remboursements') === 'non',
        ),
      ).toBe(true),
    );
  });

  it('says when nothing is due, and offers no generation', async () => {
    renderSection({
      'GET /api/exports/sepa/virements/apercu': () =>
        jsonResponse({ au: '2026-11-23', payables: [], exclues: [], totalCentimes: 0 }),
    });
    expect(await screen.findByText('Aucune quote-part ni aucun remboursement à verser.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Générer le fichier de virements' })).toBeNull();
    expect(await screen.findByText('Aucun fichier de virements généré pour l’instant.')).toBeInTheDocument();
  });

  it('shows the server’s message when the preview fails', async () => {
    renderSection({
      'GET /api/exports/sepa/virements/apercu': () =>
        jsonResponse({ message: 'Date attendue au format AAAA-MM-JJ' }, 400),
    });
    expect(await screen.findByText('Date attendue au format AAAA-MM-JJ')).toBeInTheDocument();
  });
});

describe('Générer les virements SEPA: generation (R-PAY-05, R-PAY-07)', () => {
  it('pays the ticked rows only, after a confirmation with their count and total, then shows the file', async () => {
    let batches: PayoutBatchView[] = [];
    const generate = vi.fn(() => {
      batches = [batch];
      return jsonResponse({ ...batch, exclues: [] }, 201);
    });
    const { calls } = renderSection({
      'POST /api/exports/sepa/virements': generate,
      'GET /api/exports/sepa/virements': () => jsonResponse(batches),
      'GET /api/exports/sepa/virements/5/fichier': () => new Response('<Document/>', { status: 200 }),
    });
    const table = await payablesTable();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Verser à Club Grenoble' }));
    expect(flat(table)).toContain('(2) : 1 234,56 €');

    await userEvent.click(screen.getByRole('button', { name: 'Générer le fichier de virements' }));
    let dialog = await screen.findByRole('dialog', { name: 'Générer le fichier de virements ?' });
    expect(flat(dialog)).toContain('Générer 2 virements pour 1 234,56 € ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(generate).not.toHaveBeenCalled();

    const previewsBefore = calls('/api/exports/sepa/virements/apercu').length;
    await userEvent.click(screen.getByRole('button', { name: 'Générer le fichier de virements' }));
    dialog = await screen.findByRole('dialog', { name: 'Générer le fichier de virements ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));
    const done = await screen.findByText(/Fichier virements-sepa-5\.xml généré/);
    expect(flat(done)).toContain('2 virements pour 1 234,56 €');
    expect(generate).toHaveBeenCalledTimes(1);
    const [, init] = calls('/api/exports/sepa/virements').find(([, sent]) => sent?.method === 'POST')!;
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    // The total confirmed travels with the request: the server refuses it if what is due moved (R-PAY-07).
    expect(body).toMatchObject({
      structures: [21, 22],
      remboursements: true,
      version: 'pain.001.001.09',
      totalAttenduCentimes: 123_456,
    });
    expect(isTargetDay(String(body.dateExecution))).toBe(true);

    // The preview and the history are asked again; the new file is listed.
    await waitFor(() => expect(calls('/api/exports/sepa/virements/apercu').length).toBeGreaterThan(previewsBefore));
    const history = await screen.findByRole('table', { name: 'Fichiers de virements générés' });
    expect(await within(history).findByText('virements-sepa-5.xml')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Télécharger' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(saveBlob.mock.calls[0]![1]).toBe('virements-sepa-5.xml');
  });

  it('leaves the button off with nothing ticked, and sends the older version when chosen', async () => {
    const generate = vi.fn(() => jsonResponse({ ...batch, nbVirements: 1, exclues: [] }, 201));
    const { calls } = renderSection({ 'POST /api/exports/sepa/virements': generate });
    const table = await payablesTable();
    for (const name of ['Ligue Auvergne-Rhône-Alpes', 'Comité Isère', 'Club Grenoble'])
      await userEvent.click(within(table).getByRole('checkbox', { name: `Verser à ${name}` }));
    expect(flat(table)).toContain('(0) : 0,00 €');
    const button = screen.getByRole('button', { name: 'Générer le fichier de virements' });
    expect(button).toBeDisabled();

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Verser à Comité Isère' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Format du fichier' }));
    await userEvent.click(await screen.findByRole('option', { name: 'pain.001.001.03' }));
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Générer le fichier de virements ?' });
    expect(flat(dialog)).toContain('Générer 1 virement pour 234,56 € ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));
    await waitFor(() => expect(generate).toHaveBeenCalledTimes(1));
    const [, init] = calls('/api/exports/sepa/virements').find(([, sent]) => sent?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ structures: [22], version: 'pain.001.001.03' });
  });

  it('shows the server’s French message when nothing is left to pay (409)', async () => {
    const refusal = 'Rien à verser : aucune structure choisie n’a de montant dû.';
    renderSection({ 'POST /api/exports/sepa/virements': () => jsonResponse({ message: refusal }, 409) });
    await payablesTable();
    await userEvent.click(screen.getByRole('button', { name: 'Générer le fichier de virements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Générer le fichier de virements ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});

describe('Générer les virements SEPA: files generated (R-PAY-07)', () => {
  it('cancels a file only once confirmed, then shows it cancelled', async () => {
    let current = batch;
    const cancel = vi.fn(() => {
      current = { ...batch, annuleLe: '2026-11-21T08:00:00.000Z' };
      return jsonResponse(current);
    });
    renderSection({
      'GET /api/exports/sepa/virements': () => jsonResponse([current]),
      'POST /api/exports/sepa/virements/5/annulation': cancel,
    });
    const history = await screen.findByRole('table', { name: 'Fichiers de virements générés' });
    const line = (await within(history).findByText('virements-sepa-5.xml')).closest('tr')!;
    expect(flat(line)).toContain('24/11/2026');
    expect(within(line).getByText('Généré')).toBeInTheDocument();
    const cancelButton = within(line).getByRole('button', { name: 'Annuler le lot virements-sepa-5.xml' });

    await userEvent.click(cancelButton);
    let dialog = await screen.findByRole('dialog', { name: 'Annuler ce fichier de virements ?' });
    expect(flat(dialog)).toContain('2 virements pour 1 234,56 €');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancel).not.toHaveBeenCalled();

    await userEvent.click(cancelButton);
    dialog = await screen.findByRole('dialog', { name: 'Annuler ce fichier de virements ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler le lot' }));
    expect(await screen.findByText(/Fichier virements-sepa-5\.xml annulé/)).toBeInTheDocument();
    expect(cancel).toHaveBeenCalledTimes(1);
    const cancelled = await within(history).findByText(/^Annulé le 21\/11\/2026/);
    expect(within(cancelled.closest('tr')!).queryByRole('button')).toBeNull();
  });

  it('shows the server’s refusal of a cancellation', async () => {
    const refusal = 'Ce fichier ne peut plus être annulé.';
    renderSection({
      'GET /api/exports/sepa/virements': () => jsonResponse([batch]),
      'POST /api/exports/sepa/virements/5/annulation': () => jsonResponse({ message: refusal }, 409),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler le lot virements-sepa-5.xml' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler ce fichier de virements ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler le lot' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
