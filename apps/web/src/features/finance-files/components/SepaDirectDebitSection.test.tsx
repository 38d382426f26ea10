import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
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

/** The server's TARGET calendar on Monday 23 November 2026 with SEPA_MIN_LEAD_DAYS=1. */
const calendar = { today: '2026-11-23', minLeadDays: 1, earliestDate: '2026-11-24' };

const renderSection = () => renderWithSession(<SepaDirectDebitSection />, me);

/** The SEPA routes answering `previewAnswer` (and `handlers` on top), rendered until the preview shows. */
async function renderPreviewed(previewAnswer: unknown = preview, handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({
    'GET /api/exports/sepa/prelevements/preview': () => jsonResponse(previewAnswer),
    'GET /api/exports/sepa/batches': () => jsonResponse([]),
    'GET /api/exports/sepa/calendar': () => jsonResponse(calendar),
    ...handlers,
  });
  renderSection();
  const table = await screen.findByRole('table', { name: 'Prélèvements à générer par structure' });
  const previewUrls = () =>
    fetchMock.mock.calls.map((call) => String(call[0])).filter((url) => url.includes('preview'));
  return { table, previewUrls };
}

/** Types a date into the picker's field as a user would paste it (DD/MM/YYYY). */
function typeDate(value: string) {
  const input = document.querySelector<HTMLInputElement>('input[name="dateEcheance"]');
  if (!input) throw new Error('no collection date field');
  fireEvent.change(input, { target: { value } });
  return input;
}

afterEach(() => vi.unstubAllGlobals());

describe('Prélèvements SEPA section', () => {
  it('previews, then generates the file and shows the server message when nothing is left', async () => {
    const generate = vi.fn(() =>
      jsonResponse({ message: 'Aucun prélèvement à générer : aucun flux à prélever pour cette sélection.' }, 409),
    );
    const fetchMock = stubApi({
      'GET /api/exports/sepa/prelevements/preview': () => jsonResponse(preview),
      'GET /api/exports/sepa/batches': () => jsonResponse([]),
      'GET /api/exports/sepa/calendar': () => jsonResponse(calendar),
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
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(generate).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Générer et télécharger le fichier' }));
    dialog = await screen.findByRole('dialog', { name: 'Générer le fichier de prélèvements ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));
    expect(await screen.findByText(/Aucun prélèvement à générer/)).toBeInTheDocument();
    expect(generate).toHaveBeenCalledTimes(1);
  });

  it("puts the server's refusal of the collection date beside the date field (R-SEPA-06)", async () => {
    const refusal = 'Date d’échéance refusée par le serveur';
    await renderPreviewed(preview, {
      'POST /api/exports/sepa/prelevements': () =>
        jsonResponse(
          {
            message: `Requête invalide : dateEcheance : ${refusal}`,
            issues: [{ path: 'dateEcheance', message: refusal }],
          },
          400,
        ),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Générer et télécharger le fichier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Générer le fichier de prélèvements ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));
    const helper = await screen.findByText(refusal, { selector: '.MuiFormHelperText-root' });
    // Beside the field: in the date field's own form control.
    expect(helper.closest('.MuiFormControl-root')?.querySelector('input[name="dateEcheance"]')).not.toBeNull();
  });

  it('saves the generated file and lists the structures the pre-flight gate left out, with their reason', async () => {
    // jsdom has no object URLs: record the saved Blob instead.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:sepa');
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<Document/>';
    const generate = vi.fn(() =>
      jsonResponse({
        batchId: 42,
        fileName: 'prelevements-sepa-42-2026-11-27.xml',
        nbFlux: 1,
        totalCents: 4_250,
        xml,
        exclues: [
          {
            ID_Structure: 14,
            NomStructure: 'Club d’Istanbul',
            nbFlux: 2,
            totalCents: 3_000,
            code: 'iban_hors_sepa',
            motif: 'IBAN hors zone SEPA (TR)',
          },
        ],
      }),
    );
    stubApi({
      'GET /api/exports/sepa/prelevements/preview': () => jsonResponse(preview),
      'GET /api/exports/sepa/batches': () => jsonResponse([]),
      'GET /api/exports/sepa/calendar': () => jsonResponse(calendar),
      'POST /api/exports/sepa/prelevements': generate,
    });
    renderSection();
    await screen.findByRole('table', { name: 'Prélèvements à générer par structure' });
    await userEvent.click(screen.getByRole('button', { name: 'Générer et télécharger le fichier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Générer le fichier de prélèvements ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));
    expect(
      await screen.findByText(
        'Fichier prelevements-sepa-42-2026-11-27.xml généré. 1 structure laissée hors du fichier : voir les motifs ci-dessous.',
      ),
    ).toBeInTheDocument();
    // findByRole: the confirmation dialog hides the page (aria-hidden) until it has closed.
    const excluded = await screen.findByRole('table', { name: 'Structures laissées hors du fichier généré et motif' });
    expect(within(excluded).getByText('Club d’Istanbul')).toBeInTheDocument();
    expect(within(excluded).getByText('IBAN hors zone SEPA (TR)')).toBeInTheDocument();
    const saved = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(await saved.text()).toBe(xml);
    expect(saved.type).toBe('application/xml');
  });

  it('previews the current season by default, and another one when the user picks it', async () => {
    const fetchMock = stubApi({
      'GET /api/exports/sepa/prelevements/preview': () => jsonResponse(preview),
      'GET /api/exports/sepa/batches': () => jsonResponse([]),
      'GET /api/exports/sepa/calendar': () => jsonResponse(calendar),
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
    await screen.findByRole('table', { name: 'Prélèvements à générer par structure' });
    expect(season).toHaveTextContent('2026-2027');
    // Never 'every season' first: the first preview is already the current season's.
    const previewUrls = () =>
      fetchMock.mock.calls.map((call) => String(call[0])).filter((url) => url.includes('preview'));
    expect(previewUrls()[0]).toContain('saison=2027');
    await userEvent.click(season);
    await userEvent.click(await screen.findByRole('option', { name: '2025-2026' }));
    expect(season).toHaveTextContent('2025-2026');
    await waitFor(() => expect(previewUrls().at(-1)).toContain('saison=2026'));
    await userEvent.click(season);
    await userEvent.click(await screen.findByRole('option', { name: 'Toutes les saisons' }));
    await waitFor(() => expect(previewUrls().at(-1)).not.toContain('saison='));
  });

  it('previews every season when the seasons cannot be read (no current one to default to)', async () => {
    const { previewUrls } = await renderPreviewed();
    expect(previewUrls()[0]).not.toContain('saison=');
    expect(screen.getByRole('combobox', { name: 'Saison' })).toHaveTextContent('Toutes les saisons');
  });

  it('puts the totals and the generate button above the list, in a sticky bar', async () => {
    const { table } = await renderPreviewed();
    const bar = screen.getByRole('region', { name: 'Fichier à générer' });
    expect(bar.textContent?.replace(/\s/g, ' ')).toContain('Total : 1 flux pour 42,50 € · 1 structure');
    const generate = within(bar).getByRole('button', { name: 'Générer et télécharger le fichier' });
    expect(generate).toBeEnabled();
    // Before the list in the page's order, and stuck under the app bar while it scrolls.
    expect(bar.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(getComputedStyle(bar).position).toBe('sticky');
  });

  it('searches the structures by name or federal code, a page at a time', async () => {
    const structures = Array.from({ length: 60 }, (_, index) => ({
      ID_Structure: 100 + index,
      NomStructure: `Club ${String(index + 1).padStart(2, '0')}${index === 41 ? ' de Grenoble' : ''}`,
      ID_CodeFederal: `0380${String(index).padStart(2, '0')}`,
      nbFlux: 1,
      totalCents: 1_000,
    }));
    const { table } = await renderPreviewed({ ...preview, nbFlux: 60, totalCents: 60_000, structures });
    const bodyNames = () =>
      within(table)
        .getAllByRole('row')
        .slice(1, -1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    // 25 rows a page, the total of the whole file below them.
    expect(bodyNames()).toHaveLength(25);
    expect(bodyNames()[0]).toBe('Club 01');
    expect(within(table).getAllByRole('row').at(-1)?.textContent?.replace(/\s/g, ' ')).toBe('Total60600,00 €');
    // (French in the app, whose theme carries MUI's frFR; this test renders without the theme.)
    expect(screen.getByText(/^1–25 (sur|of) 60$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /page suivante|next page/i }));
    expect(bodyNames()[0]).toBe('Club 26');

    const search = screen.getByRole('searchbox', { name: 'Rechercher une structure' });
    await userEvent.type(search, 'grenoble');
    expect(bodyNames()).toEqual(['Club 42 de Grenoble']);
    await userEvent.clear(search);
    await userEvent.type(search, '038007');
    expect(bodyNames()).toEqual(['Club 08']);
    await userEvent.clear(search);
    await userEvent.type(search, 'Annecy');
    expect(within(table).getByText('Aucune structure ne correspond à « Annecy ».')).toBeInTheDocument();
    // The file stays what it is: the search only narrows the list.
    expect(screen.getByRole('region', { name: 'Fichier à générer' }).textContent).toContain('60 flux');
  });

  it('offers no generation on the numbers of a previous selection while the new preview loads', async () => {
    let previews = 0;
    const generate = vi.fn(() => jsonResponse({ message: 'x' }, 409));
    stubApi({
      'GET /api/exports/sepa/prelevements/preview': () =>
        ++previews === 1 ? jsonResponse(preview) : new Promise<Response>(() => undefined),
      'GET /api/exports/sepa/batches': () => jsonResponse([]),
      'GET /api/exports/sepa/calendar': () => jsonResponse(calendar),
      'POST /api/exports/sepa/prelevements': generate,
    });
    renderSection();
    await screen.findByRole('table', { name: 'Prélèvements à générer par structure' });
    typeDate('15/01/2099');
    await waitFor(() => expect(previews).toBe(2));
    expect(screen.getByRole('button', { name: 'Générer et télécharger le fichier' })).toBeDisabled();
  });

  it('keeps a typed past date, says it is past, and neither previews nor generates it', async () => {
    const fetchMock = stubApi({
      'GET /api/exports/sepa/prelevements/preview': () => jsonResponse(preview),
      'GET /api/exports/sepa/batches': () => jsonResponse([]),
      'GET /api/exports/sepa/calendar': () => jsonResponse(calendar),
    });
    renderSection();
    await screen.findByRole('table', { name: 'Prélèvements à générer par structure' });
    const previews = () => fetchMock.mock.calls.filter((call) => String(call[0]).includes('preview')).length;
    const before = previews();
    expect(typeDate('15/01/2020')).toHaveValue('15/01/2020');
    expect(screen.getByText('La date d’échéance ne peut pas être passée.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Générer et télécharger le fichier' })).toBeDisabled();
    expect(previews()).toBe(before);
  });

  it('defaults to the first allowed collection date (EPC SDD Core D-1 TARGET day) and previews it', async () => {
    const { previewUrls } = await renderPreviewed();
    expect(previewUrls()[0]).toContain('dateEcheance=2026-11-24');
    expect(document.querySelector('input[name="dateEcheance"]')).toHaveValue('24/11/2026');
    expect(screen.getByText(/Un jour ouvré TARGET .* au plus tôt le 24\/11\/2026\./)).toBeInTheDocument();
  });

  it('flags a typed TARGET holiday, a weekend or today, and previews none of them', async () => {
    const fetchMock = stubApi({
      'GET /api/exports/sepa/prelevements/preview': () => jsonResponse(preview),
      'GET /api/exports/sepa/batches': () => jsonResponse([]),
      'GET /api/exports/sepa/calendar': () => jsonResponse(calendar),
    });
    renderSection();
    await screen.findByRole('table', { name: 'Prélèvements à générer par structure' });
    const previews = () => fetchMock.mock.calls.filter((call) => String(call[0]).includes('preview')).length;
    const before = previews();
    const generate = screen.getByRole('button', { name: 'Générer et télécharger le fichier' });
    typeDate('25/12/2026');
    expect(
      screen.getByText('Le 25/12/2026 (Noël) n’est pas un jour ouvré TARGET : aucun prélèvement n’y est réglé.'),
    ).toBeInTheDocument();
    expect(generate).toBeDisabled();
    typeDate('28/11/2026');
    expect(screen.getByText(/Le 28\/11\/2026 \(samedi\) n’est pas un jour ouvré TARGET/)).toBeInTheDocument();
    typeDate('23/11/2026');
    expect(
      screen.getByText(
        'Trop proche : la banque doit recevoir le fichier 1 jour ouvré TARGET avant l’échéance ; au plus tôt le 24/11/2026.',
      ),
    ).toBeInTheDocument();
    expect(generate).toBeDisabled();
    expect(previews()).toBe(before);
  });

  it('disables TARGET closing days and the days before the first allowed one in the calendar', async () => {
    const fetchMock = stubApi({
      'GET /api/exports/sepa/prelevements/preview': () => jsonResponse(preview),
      'GET /api/exports/sepa/batches': () => jsonResponse([]),
      'GET /api/exports/sepa/calendar': () => jsonResponse(calendar),
    });
    renderSection();
    await screen.findByRole('table', { name: 'Prélèvements à générer par structure' });
    await userEvent.click(screen.getByRole('button', { name: /Choisir la date/ }));
    const day = async (label: string) => within(await screen.findByRole('grid')).getByRole('gridcell', { name: label });
    expect(await day('23')).toBeDisabled(); // today: inside the lead time
    expect(await day('24')).toBeEnabled(); // the first allowed date
    expect(await day('28')).toBeDisabled(); // Saturday
    expect(await day('29')).toBeDisabled(); // Sunday
    expect(await day('30')).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Mois suivant' }));
    // The month slides in: until the old one has left, both are in the grid.
    await waitFor(async () => {
      expect(await day('31')).toBeEnabled();
      expect(within(await screen.findByRole('grid')).getAllByRole('gridcell', { name: '24' })).toHaveLength(1);
    });
    expect(await day('24')).toBeEnabled();
    expect(await day('25')).toBeDisabled(); // Christmas Day
    expect(await day('26')).toBeDisabled(); // 26 December
    await userEvent.click(await day('24'));
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map((call) => String(call[0])).filter((url) => url.includes('preview'));
      expect(urls.at(-1)).toContain('dateEcheance=2026-12-24');
    });
  }, 15_000); // the picker's month animation is slow on a shared 2-core machine

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
      etat: 'genere' as const,
      dateEcheance: null,
      preleves: { nb: 12, cents: 123_400 },
      rejetes: { nb: 0, cents: 0 },
      relances: { nb: 0, cents: 0 },
    });
    stubApi({
      'GET /api/exports/sepa/prelevements/preview': () => jsonResponse(preview),
      'GET /api/exports/sepa/batches': () => jsonResponse([batch(2, true), batch(1, false)]),
      'GET /api/exports/sepa/calendar': () => jsonResponse(calendar),
    });
    renderSection();
    const table = await screen.findByRole('table', { name: 'Fichiers SEPA déjà générés' });
    const [, kept, notKept] = within(table).getAllByRole('row');
    expect(within(kept as HTMLElement).getByRole('button', { name: 'Télécharger' })).toBeEnabled();
    expect(within(notKept as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(notKept as HTMLElement).getByText('Fichier non conservé')).toBeInTheDocument();
  });
});
