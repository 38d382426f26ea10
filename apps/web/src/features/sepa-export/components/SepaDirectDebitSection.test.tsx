import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { SepaDirectDebitSection } from './SepaDirectDebitSection';

const me = headOfficeMe(['export__sepa']);

const preview = {
  dateEcheance: '2026-11-27',
  nbFlux: 1,
  totalCents: 4_250,
  structures: [{ ID_Structure: 10, NomStructure: 'ASPTT Lyon montagne', nbFlux: 1, totalCents: 4_250 }],
  exclues: [
    {
      ID_Structure: 13,
      NomStructure: 'Club sans RIB',
      nbFlux: 1,
      totalCents: 100,
      code: 'sans_rib',
      motif: 'Aucun RIB enregistré',
    },
  ],
};

const renderSection = () => renderWithSession(<SepaDirectDebitSection />, me);

afterEach(() => vi.unstubAllGlobals());

describe('Prélèvements SEPA section', () => {
  it('previews, then generates the file and shows the server message when nothing is left', async () => {
    const generate = vi.fn(() =>
      jsonResponse({ message: 'Aucun prélèvement à générer : aucun flux à prélever pour cette sélection.' }, 409),
    );
    const fetchMock = stubApi({
      'GET /api/exports/sepa/prelevements/preview': () => jsonResponse(preview),
      'GET /api/exports/sepa/batches': () => jsonResponse([]),
      'POST /api/exports/sepa/prelevements': generate,
    });
    renderSection();
    const table = await screen.findByRole('table', { name: 'Prélèvements à générer par structure' });
    expect(within(table).getByText('ASPTT Lyon montagne')).toBeInTheDocument();
    expect(screen.getByText('Aucun RIB enregistré')).toBeInTheDocument();
    expect(await screen.findByText('Aucun fichier généré pour l’instant.')).toBeInTheDocument();
    const previewUrl = fetchMock.mock.calls.map((call) => String(call[0])).find((url) => url.includes('preview'));
    expect(previewUrl).toMatch(/dateEcheance=\d{4}-\d{2}-\d{2}/);
    expect(previewUrl).toContain('categories=5');

    // Generating assigns the flux to the file for good: it asks first, with what it will do.
    await userEvent.click(screen.getByRole('button', { name: 'Générer et télécharger le fichier' }));
    let dialog = await screen.findByRole('dialog', { name: 'Générer le fichier de prélèvements ?' });
    expect(dialog.textContent?.replace(/\s/g, ' ')).toContain('1 flux pour 42,50 €');
    expect(dialog).toHaveTextContent('pain.008.001.08');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(generate).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Générer et télécharger le fichier' }));
    dialog = await screen.findByRole('dialog', { name: 'Générer le fichier de prélèvements ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));
    expect(await screen.findByText(/Aucun prélèvement à générer/)).toBeInTheDocument();
    expect(generate).toHaveBeenCalledTimes(1);
  });

  it('previews one season when the user picks it from the federation seasons', async () => {
    const fetchMock = stubApi({
      'GET /api/exports/sepa/prelevements/preview': () => jsonResponse(preview),
      'GET /api/exports/sepa/batches': () => jsonResponse([]),
      'POST /v1/graphql': () =>
        jsonResponse({
          data: {
            FEDE_Saison: [
              { id: 2027, NomSaison: '2026-2027', EST_SaisonCourante: true },
              { id: 2026, NomSaison: '2025-2026', EST_SaisonCourante: false },
            ],
          },
        }),
    });
    renderSection();
    const season = await screen.findByRole('combobox', { name: 'Saison' });
    expect(season).toHaveTextContent('Toutes les saisons');
    await userEvent.click(season);
    await userEvent.click(await screen.findByRole('option', { name: '2025-2026' }));
    expect(season).toHaveTextContent('2025-2026');
    await vi.waitFor(() => {
      const previews = fetchMock.mock.calls.map((call) => String(call[0])).filter((url) => url.includes('preview'));
      expect(previews.at(-1)).toContain('saison=2026');
    });
  });

  it('offers no generation on the numbers of a previous selection while the new preview loads', async () => {
    let previews = 0;
    const generate = vi.fn(() => jsonResponse({ message: 'x' }, 409));
    stubApi({
      'GET /api/exports/sepa/prelevements/preview': () =>
        ++previews === 1 ? jsonResponse(preview) : new Promise<Response>(() => undefined),
      'GET /api/exports/sepa/batches': () => jsonResponse([]),
      'POST /api/exports/sepa/prelevements': generate,
    });
    renderSection();
    await screen.findByRole('table', { name: 'Prélèvements à générer par structure' });
    fireEvent.change(screen.getByLabelText('Date d’échéance (prélèvement)'), { target: { value: '2099-01-15' } });
    await vi.waitFor(() => expect(previews).toBe(2));
    expect(screen.getByRole('button', { name: 'Générer et télécharger le fichier' })).toBeDisabled();
  });

  it('keeps a typed past date, says it is past, and neither previews nor generates it', async () => {
    const fetchMock = stubApi({
      'GET /api/exports/sepa/prelevements/preview': () => jsonResponse(preview),
      'GET /api/exports/sepa/batches': () => jsonResponse([]),
    });
    renderSection();
    await screen.findByRole('table', { name: 'Prélèvements à générer par structure' });
    const previews = () => fetchMock.mock.calls.filter((call) => String(call[0]).includes('preview')).length;
    const before = previews();
    const date = screen.getByLabelText('Date d’échéance (prélèvement)');
    fireEvent.change(date, { target: { value: '2020-01-15' } });
    expect(date).toHaveValue('2020-01-15');
    expect(screen.getByText('La date d’échéance ne peut pas être passée.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Générer et télécharger le fichier' })).toBeDisabled();
    expect(previews()).toBe(before);
  });

  it('offers past files for download, and says which ones were not kept', async () => {
    const batch = (id: number, fichierDisponible: boolean) => ({
      id,
      NomFichier: `SEPA_2026-0${id}.xml`,
      Z_DateCreation: '2026-10-31T06:00:00.000Z',
      auteur: 'Anne Martin',
      nbFlux: 12,
      totalCents: 123_400,
      fichierDisponible,
      annuleLe: null,
      annulePar: null,
      annulable: false,
    });
    stubApi({
      'GET /api/exports/sepa/prelevements/preview': () => jsonResponse(preview),
      'GET /api/exports/sepa/batches': () => jsonResponse([batch(2, true), batch(1, false)]),
    });
    renderSection();
    const table = await screen.findByRole('table', { name: 'Fichiers SEPA déjà générés' });
    const [, kept, notKept] = within(table).getAllByRole('row');
    expect(within(kept as HTMLElement).getByRole('button', { name: 'Télécharger' })).toBeEnabled();
    expect(within(notKept as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(notKept as HTMLElement).getByText('Fichier non conservé')).toBeInTheDocument();
  });
});
