import type { JobView } from '@gdf/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe, jobFixture } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { MyJobsPage } from './MyJobsPage';

const me = headOfficeMe([]);
const job = (patch: Partial<JobView>): JobView =>
  jobFixture({
    id: 1,
    type: 'validation_ecritures',
    libelle: 'Validation des écritures 2025-2026 jusqu’au 31/08/2026',
    fait: 250,
    total: 1_000,
    etape: 'Écritures validées jusqu’au 15/10/2025',
    creeLe: '2026-11-23T09:00:00.000Z',
    debuteLe: '2026-11-23T09:00:01.000Z',
    ...patch,
  });
const running = job({ id: 3 });
const done = job({
  id: 2,
  libelle: 'Clôture de l’exercice 2024-2025',
  statut: 'termine',
  fait: 5_000,
  total: 5_000,
  etape: null,
  termineLe: '2026-11-22T18:30:00.000Z',
  resultat: { nbEcritures: 5_000 },
  annulable: false,
});
const failed = job({
  id: 1,
  statut: 'echoue',
  etape: null,
  termineLe: '2026-11-21T08:00:00.000Z',
  erreur: '3 flux sans mapping comptable jusqu’à cette date : complétez les mappings.',
  annulable: false,
});

afterEach(() => vi.unstubAllGlobals());

describe('Mes traitements (R-JOB-03, R-JOB-04)', () => {
  it('lists running and finished jobs with their progress, outcome and dates', async () => {
    stubApi({ 'GET /api/traitements': () => jsonResponse({ traitements: [running, done, failed] }) });
    renderWithSession(<MyJobsPage />, me);
    expect(screen.getByRole('progressbar', { name: 'Chargement des traitements…' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Traitements, du plus récent au plus ancien' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('progressbar', { name: /Validation des écritures/ })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(items[0]).toHaveTextContent('250 sur 1 000 · Écritures validées jusqu’au 15/10/2025');
    expect(within(items[0]!).getByRole('button', { name: 'Annuler le traitement' })).toBeEnabled();
    expect(items[1]).toHaveTextContent('Clôture de l’exercice 2024-2025 — Terminé');
    expect(items[1]).toHaveTextContent('5 000 écriture(s) validée(s)');
    expect(items[1]).toHaveTextContent('terminé le 22/11/2026 19:30');
    expect(within(items[1]!).queryByRole('button', { name: 'Annuler le traitement' })).toBeNull();
    expect(within(items[2]!).getByRole('alert')).toHaveTextContent('3 flux sans mapping comptable');
    expect(within(items[2]!).queryByRole('button', { name: 'Télécharger le résultat' })).toBeNull();
  });

  it('cancels a running job and shows it asked to stop', async () => {
    let asked = false;
    stubApi({
      'GET /api/traitements': () =>
        jsonResponse({ traitements: [asked ? job({ id: 3, annulationDemandee: true, annulable: false }) : running] }),
      'POST /api/traitements/3/annulation': () => {
        asked = true;
        return jsonResponse(job({ id: 3, annulationDemandee: true, annulable: false }));
      },
    });
    renderWithSession(<MyJobsPage />, me);
    const cancel = await screen.findByRole('button', { name: 'Annuler le traitement' });
    cancel.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(/Annulation demandée : arrêt après l’étape en cours/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuler le traitement' })).toBeNull();
  });

  it('downloads a finished job’s result', async () => {
    const fetchMock = stubApi({
      'GET /api/traitements': () => jsonResponse({ traitements: [done] }),
      'GET /api/traitements/2/resultat': () =>
        new Response('{"nbEcritures":5000}', {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="traitement-2.json"',
          },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:resultat');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithSession(<MyJobsPage />, me);
    await userEvent.click(await screen.findByRole('button', { name: 'Télécharger le résultat' }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain('/api/traitements/2/resultat');
  });

  it('says when there is nothing yet, and offers to retry a failed load', async () => {
    let loads = 0;
    stubApi({
      'GET /api/traitements': () =>
        ++loads === 1 ? jsonResponse({ message: 'Service indisponible' }, 503) : jsonResponse({ traitements: [] }),
    });
    renderWithSession(<MyJobsPage />, me);
    expect(await screen.findByText('Service indisponible')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText(/Aucun traitement pour l’instant/)).toBeInTheDocument();
  });

  it('R-JOB-05 to R-JOB-09: each kind says what it left, and which structures a batch left out', async () => {
    const finished = {
      statut: 'termine' as const,
      etape: null,
      annulable: false,
      termineLe: '2026-11-23T10:00:00.000Z',
    };
    stubApi({
      'GET /api/traitements': () =>
        jsonResponse({
          traitements: [
            job({
              ...finished,
              id: 14,
              type: 'lot_documents',
              libelle: 'Lot de 1 234 documents (factures)',
              fait: 1_234,
              total: 1_234,
              resultat: { documents: 1_234, demandes: 1_234, fichier: 'documents-2026-11-23.zip' },
              fichier: { nom: 'documents-2026-11-23.zip' },
            }),
            job({
              ...finished,
              id: 13,
              type: 'releves_en_lot',
              libelle: 'Relevés de compte de 3 structures du 01/09/2025 au 31/08/2026',
              resultat: {
                emis: [{ structureId: 1 }, { structureId: 2 }],
                ignores: [{ structureId: 3, structure: 'Vertical Nice', raison: 'Nombre maximal de relevés atteint' }],
              },
            }),
            job({
              ...finished,
              id: 12,
              type: 'import_releve_bancaire',
              libelle: 'Import du relevé bancaire gros.xml (2 500 écritures)',
              resultat: {
                releves: [{ nbEcrituresAjoutees: 2_000 }, { nbEcrituresAjoutees: 500 }],
                nbPropositionsSures: 40,
              },
            }),
            job({
              ...finished,
              id: 11,
              type: 'relances_en_lot',
              libelle: 'Lettres de relance à 25 structures',
              resultat: { emises: Array.from({ length: 25 }, (_, i) => ({ id: i })), ignorees: [] },
            }),
          ],
        }),
    });
    renderWithSession(<MyJobsPage />, me);
    const list = await screen.findByRole('list', { name: /Traitements/ });
    // The jobs, not the lines of a batch's list of structures left out.
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent(/1\s234 document\(s\) dans l’archive/);
    expect(within(items[0]!).getByRole('button', { name: 'Télécharger le résultat' })).toBeEnabled();
    expect(items[1]).toHaveTextContent('2 relevé(s) de compte, 1 structure(s) sans relevé');
    expect(items[1]).toHaveTextContent('Vertical Nice : Nombre maximal de relevés atteint');
    expect(items[2]).toHaveTextContent(/2\s500 écriture\(s\) ajoutée\(s\), 40 proposition\(s\) sûre\(s\)/);
    expect(items[3]).toHaveTextContent('25 lettre(s) émise(s), 0 structure(s) non relancée(s)');
  });
});
