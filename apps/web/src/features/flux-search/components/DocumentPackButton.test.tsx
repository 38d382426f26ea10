import { EMPTY_FLUX_FILTERS, type JobView } from '@gdf/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { downloadDocumentPack, type PackProgress } from '../api/download-document-pack';
import { DocumentPackButton } from './DocumentPackButton';

vi.mock('../api/download-document-pack', () => ({ downloadDocumentPack: vi.fn() }));
const download = vi.mocked(downloadDocumentPack);

const filters = { ...EMPTY_FLUX_FILTERS, season: 2026, label: 'licence' };

afterEach(() => {
  vi.resetAllMocks();
  vi.unstubAllGlobals();
});

async function openAndStart(user: ReturnType<typeof userEvent.setup>) {
  render(<DocumentPackButton filters={filters} structureId={12} disabled={false} />);
  await user.click(screen.getByRole('button', { name: 'Télécharger les documents' }));
  await user.click(screen.getByRole('checkbox', { name: 'Relevés d’opération' }));
  await user.click(screen.getByRole('button', { name: 'Télécharger' }));
}

describe('document pack button (R-DOC-08)', () => {
  it('sends the search filters and the chosen kinds, shows progress, and cancels with Annuler', async () => {
    const user = userEvent.setup();
    let signal: AbortSignal | undefined;
    let report: ((progress: PackProgress) => void) | undefined;
    download.mockImplementation(
      (_request, _structureId, abortSignal, onProgress) =>
        new Promise<JobView | null>((_resolve, reject) => {
          signal = abortSignal;
          report = onProgress;
          abortSignal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await openAndStart(user);
    expect(download).toHaveBeenCalledWith(
      { filters, kinds: ['facture', 'releve'] },
      12,
      expect.any(AbortSignal),
      expect.any(Function),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Préparation du lot…');
    report!({ bytes: 2_500_000, documents: 1234 });
    expect(await screen.findByText('2,5 Mo reçus (1 234 documents)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(signal!.aborted).toBe(true);
    expect(await screen.findByText('Téléchargement annulé.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the server's French refusal (over the cap)", async () => {
    const user = userEvent.setup();
    const message = 'Ces filtres retiennent 6 200 documents : un lot en contient au plus 5 000.';
    download.mockRejectedValue(new ApiError(422, message, { message }));
    await openAndStart(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('needs at least one kind of document', async () => {
    const user = userEvent.setup();
    render(<DocumentPackButton filters={filters} structureId={12} disabled={false} />);
    await user.click(screen.getByRole('button', { name: 'Télécharger les documents' }));
    await user.click(screen.getByRole('checkbox', { name: 'Factures' }));
    expect(screen.getByText('Choisissez au moins un type de document.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Télécharger' })).toBeDisabled());
  });

  it('R-JOB-05: asked in the background, the pack is a job: its progress and Mes traitements shown, nothing saved', async () => {
    const user = userEvent.setup();
    const job: JobView = {
      id: 21,
      type: 'lot_documents',
      libelle: 'Lot de 8 documents (factures)',
      statut: 'en_attente',
      annulationDemandee: false,
      fait: 0,
      total: 8,
      etape: null,
      creeLe: '2026-11-24T09:00:00.000Z',
      debuteLe: null,
      termineLe: null,
      erreur: null,
      resultat: null,
      fichier: null,
      annulable: true,
    };
    download.mockResolvedValue(job);
    stubApi({ 'GET /api/traitements/21': () => jsonResponse({ ...job, statut: 'en_cours', fait: 4 }) });
    renderWithSession(<DocumentPackButton filters={filters} structureId={12} disabled={false} />, headOfficeMe([]));
    await user.click(screen.getByRole('button', { name: 'Télécharger les documents' }));
    await user.click(screen.getByRole('checkbox', { name: /Préparer en arrière-plan/ }));
    await user.click(screen.getByRole('button', { name: 'Télécharger' }));
    expect(download).toHaveBeenCalledWith(
      { filters, kinds: ['facture'], arrierePlan: true },
      12,
      expect.any(AbortSignal),
      expect.any(Function),
    );
    expect(await screen.findByText(/Le lot est préparé en arrière-plan/)).toBeInTheDocument();
    expect(await screen.findByText('4 sur 8')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Suivre dans « Mes traitements »' })).toHaveAttribute(
      'href',
      '/mes-traitements',
    );
    expect(screen.queryByText('Le fichier ZIP a été téléchargé.')).toBeNull();
  });
});
