import type { FiscalYearsResponse, FiscalYearView, JobView, ValidationResult } from '@gdf/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe, jobFixture } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { FiscalYearsSection } from './FiscalYearsSection';

const me = headOfficeMe(['parametrages_comptables__flux_financier']);
const BASE = '/api/parametrages-comptables/exercices';

// Today is 23 November 2026: 2024-2025 is closed, 2025-2026 is over but open, 2026-2027 runs.
const closed: FiscalYearView = {
  id: 1,
  debut: '2024-09-01',
  fin: '2025-08-31',
  libelle: '2024-2025',
  statut: 'cloture',
  valideJusquau: '2025-08-31',
  dateCloture: '2025-10-02T08:00:00.000Z',
  validations: [
    { id: 11, jusquau: '2025-08-31', date: '2025-10-02T08:00:00.000Z', utilisateur: 'Anne Martin', nbEcritures: 268 },
  ],
};
const ended: FiscalYearView = {
  id: 2,
  debut: '2025-09-01',
  fin: '2026-08-31',
  libelle: '2025-2026',
  statut: 'ouvert',
  valideJusquau: '2026-03-31',
  dateCloture: null,
  validations: [
    { id: 21, jusquau: '2025-12-31', date: '2026-01-15T13:45:00.000Z', utilisateur: 'Anne Martin', nbEcritures: 1204 },
    { id: 22, jusquau: '2026-03-31', date: '2026-04-10T07:05:00.000Z', utilisateur: 'Paul Durand', nbEcritures: 87 },
  ],
};
const current: FiscalYearView = {
  id: 3,
  debut: '2026-09-01',
  fin: '2027-08-31',
  libelle: '2026-2027',
  statut: 'ouvert',
  valideJusquau: null,
  dateCloture: null,
  validations: [],
};
const settings = (patch: Partial<FiscalYearsResponse> = {}): FiscalYearsResponse => ({
  moisDebut: 9,
  moisDebutModifiable: false,
  peutValider: true,
  exercices: [closed, ended, current],
  ...patch,
});
const result = (exercice: FiscalYearView, nbEcritures: number): ValidationResult => ({
  exercice,
  nbEcritures,
  journaux: { VE: nbEcritures },
});

const renderSection = () => renderWithSession(<FiscalYearsSection />, me);
const findTable = () => screen.findByRole('table', { name: 'Exercices comptables' });
const rowOf = (table: HTMLElement, libelle: string) =>
  within(table).getByRole('cell', { name: libelle }).closest('tr') as HTMLElement;
/** The JJ/MM/AAAA picker's input of 'Valider jusqu’au' (R-UI-18), typed as a user pastes a day. */
function dateInput(dialog: HTMLElement) {
  expect(within(dialog).getByRole('group', { name: 'Valider jusqu’au' })).toBeInTheDocument();
  const input = dialog.querySelector<HTMLInputElement>('input[name="jusquau"]');
  if (!input) throw new Error('no validation date field');
  return input;
}
/** A POST handler that answers only when the test says so. */
function deferred() {
  let answer: (response: Response) => void = () => undefined;
  const bodies: unknown[] = [];
  const handler = async (request: Request) => {
    bodies.push(request.headers.get('content-type') ? await request.json() : undefined);
    return new Promise<Response>((resolve) => (answer = resolve));
  };
  return { handler, bodies, answer: (response: Response) => answer(response) };
}

beforeEach(() => {
  // Only Date: timers stay real for Testing Library and the MUI transitions.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Exercices comptables (R-LEDG-06): the fiscal years table', () => {
  it('lists the years newest first with their dates, status and last validated day', async () => {
    stubApi({ [`GET ${BASE}`]: () => jsonResponse(settings()) });
    renderSection();
    expect(screen.getByRole('progressbar', { name: 'Chargement des exercices comptables…' })).toBeInTheDocument();
    const table = await findTable();
    const cells = (libelle: string) =>
      within(rowOf(table, libelle))
        .getAllByRole('cell')
        .slice(1, 6)
        .map((cell) => cell.textContent);
    expect(cells('2026-2027')).toEqual(['2026-2027', '01/09/2026', '31/08/2027', 'Ouvert', '—']);
    expect(cells('2025-2026')).toEqual(['2025-2026', '01/09/2025', '31/08/2026', 'Ouvert', '31/03/2026']);
    expect(cells('2024-2025')).toEqual(['2024-2025', '01/09/2024', '31/08/2025', 'Clôturé', '31/08/2025']);
    const order = within(table)
      .getAllByRole('cell', { name: /^\d{4}-\d{4}$/ })
      .map((cell) => cell.textContent);
    expect(order).toEqual(['2026-2027', '2025-2026', '2024-2025']);
  });

  it('offers validation on open years only, and closing only on an open year that has ended', async () => {
    stubApi({ [`GET ${BASE}`]: () => jsonResponse(settings()) });
    renderSection();
    const table = await findTable();
    expect(within(table).getAllByRole('button', { name: /^Valider les écritures/ })).toHaveLength(2);
    expect(within(table).getAllByRole('button', { name: /^Clôturer/ })).toHaveLength(1);
    expect(
      within(rowOf(table, '2025-2026')).getByRole('button', { name: 'Clôturer l’exercice 2025-2026' }),
    ).toBeVisible();
    expect(within(rowOf(table, '2026-2027')).queryByRole('button', { name: /Clôturer/ })).toBeNull();
    expect(within(rowOf(table, '2024-2025')).queryByRole('button', { name: /Valider|Clôturer/ })).toBeNull();
  });

  it('offers neither action to a user the server does not let validate', async () => {
    stubApi({ [`GET ${BASE}`]: () => jsonResponse(settings({ peutValider: false })) });
    renderSection();
    const table = await findTable();
    expect(within(table).queryByRole('button', { name: /Valider|Clôturer/ })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('says when there is no fiscal year, and offers to retry a failed load', async () => {
    let loads = 0;
    stubApi({
      [`GET ${BASE}`]: () =>
        ++loads === 1
          ? jsonResponse({ message: 'Service indisponible' }, 503)
          : jsonResponse(settings({ exercices: [] })),
    });
    renderSection();
    expect(await screen.findByText('Service indisponible')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    const table = await findTable();
    expect(within(table).getByText('Aucun exercice comptable.')).toBeInTheDocument();
  });

  it('shows a year’s validations when its row is expanded', async () => {
    stubApi({ [`GET ${BASE}`]: () => jsonResponse(settings()) });
    renderSection();
    const table = await findTable();
    const toggle = within(rowOf(table, '2025-2026')).getByRole('button', {
      name: 'Validations de l’exercice 2025-2026',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Validations de l’exercice 2025-2026' })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const validations = await screen.findByRole('table', { name: 'Validations de l’exercice 2025-2026' });
    const rows = within(validations).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['31/12/2025', '15/01/2026 14:45', 'Anne Martin', '1\u202f204'],
      ['31/03/2026', '10/04/2026 09:05', 'Paul Durand', '87'],
    ]);
    await userEvent.click(within(rowOf(table, '2026-2027')).getByRole('button', { name: /Validations/ }));
    expect(await screen.findByText('Aucune validation sur cet exercice.')).toBeInTheDocument();
  });
});

describe('Exercices comptables: the start month', () => {
  it('saves the chosen month and shows the years the server cut again', async () => {
    const sent: unknown[] = [];
    const january: FiscalYearView = { ...current, id: 9, debut: '2026-01-01', fin: '2026-12-31', libelle: '2026' };
    stubApi({
      [`GET ${BASE}`]: () => jsonResponse(settings({ moisDebutModifiable: true, exercices: [current] })),
      [`PUT ${BASE}`]: async (request) => {
        sent.push(await request.json());
        return jsonResponse(settings({ moisDebut: 1, moisDebutModifiable: true, exercices: [january] }));
      },
    });
    renderSection();
    const month = await screen.findByRole('combobox', { name: 'Mois de début de l’exercice' });
    expect(month).toHaveTextContent('Septembre');
    await userEvent.click(month);
    await userEvent.click(await screen.findByRole('option', { name: 'Janvier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Mois de début enregistré.')).toBeInTheDocument();
    expect(sent).toEqual([{ moisDebut: 1 }]);
    expect(within(await findTable()).getByRole('cell', { name: '2026' })).toBeInTheDocument();
  });

  it('cannot be changed once entries are validated, and says why', async () => {
    stubApi({ [`GET ${BASE}`]: () => jsonResponse(settings({ moisDebutModifiable: false })) });
    renderSection();
    const month = await screen.findByRole('combobox', { name: 'Mois de début de l’exercice' });
    expect(month).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(month).toHaveAccessibleDescription(
      'Le mois de début ne peut plus changer : des écritures ont déjà été validées.',
    );
  });
});

describe('Exercices comptables: validating and closing', () => {
  it('validates up to the chosen date, then confirms with the count and refreshes the years', async () => {
    let years = settings();
    const sent: Array<{ path: string; body: unknown }> = [];
    const fetchMock = stubApi({
      [`GET ${BASE}`]: () => jsonResponse(years),
      [`POST ${BASE}/3/validation`]: async (request) => {
        sent.push({ path: new URL(request.url).pathname, body: await request.json() });
        const validated = { ...current, valideJusquau: '2026-11-15' };
        years = settings({ exercices: [closed, ended, validated] });
        return jsonResponse(result(validated, 57));
      },
    });
    renderSection();
    const table = await findTable();
    await userEvent.click(within(rowOf(table, '2026-2027')).getByRole('button', { name: /^Valider les écritures/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider les écritures de l’exercice 2026-2027' });
    expect(dialog).toHaveTextContent('Une écriture validée ne pourra plus jamais être modifiée.');
    expect(dialog).toHaveTextContent('numérotées');
    const date = dateInput(dialog);
    expect(date).toHaveValue('23/11/2026'); // today: the year is not over, JJ/MM/AAAA (R-UI-18)
    fireEvent.change(date, { target: { value: '15/11/2026' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider les écritures' }));

    expect(await screen.findByText('Exercice 2026-2027 : 57 écritures validées.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([{ path: `${BASE}/3/validation`, body: { jusquau: '2026-11-15' } }]);
    await waitFor(() => expect(within(rowOf(table, '2026-2027')).getByText('15/11/2026')).toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith(`${BASE}?`))).toHaveLength(2);
  });

  it('proposes the last day of a year that is over', async () => {
    stubApi({ [`GET ${BASE}`]: () => jsonResponse(settings()) });
    renderSection();
    const table = await findTable();
    await userEvent.click(within(rowOf(table, '2025-2026')).getByRole('button', { name: /^Valider les écritures/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider les écritures de l’exercice 2025-2026' });
    expect(dateInput(dialog)).toHaveValue('31/08/2026');
  });

  it('refuses a date outside the year or already validated before asking the server', async () => {
    const validate = vi.fn(() => jsonResponse(result(ended, 1)));
    stubApi({ [`GET ${BASE}`]: () => jsonResponse(settings()), [`POST ${BASE}/2/validation`]: validate });
    renderSection();
    const table = await findTable();
    await userEvent.click(within(rowOf(table, '2025-2026')).getByRole('button', { name: /^Valider les écritures/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider les écritures de l’exercice 2025-2026' });
    const date = dateInput(dialog);
    const confirm = within(dialog).getByRole('button', { name: 'Valider les écritures' });
    fireEvent.change(date, { target: { value: '01/09/2026' } });
    expect(dialog).toHaveTextContent('La date doit être comprise entre le 01/09/2025 et le 31/08/2026.');
    expect(confirm).toBeDisabled();
    fireEvent.change(date, { target: { value: '31/03/2026' } });
    expect(dialog).toHaveTextContent('Les écritures sont déjà validées jusqu’au 31/03/2026.');
    expect(confirm).toBeDisabled();
    fireEvent.submit(confirm.closest('form') as HTMLFormElement);
    expect(validate).not.toHaveBeenCalled();
  });

  it('keeps the dialog open with a busy, disabled button while it runs, then shows the refusal inside it', async () => {
    const pending = deferred();
    stubApi({ [`GET ${BASE}`]: () => jsonResponse(settings()), [`POST ${BASE}/3/validation`]: pending.handler });
    renderSection();
    const table = await findTable();
    await userEvent.click(within(rowOf(table, '2026-2027')).getByRole('button', { name: /^Valider les écritures/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider les écritures de l’exercice 2026-2027' });
    const confirm = within(dialog).getByRole('button', { name: /Valider les écritures/ });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    expect(within(confirm).getByRole('progressbar')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeDisabled();
    // Escape does not hide a request under way.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(pending.bodies).toEqual([{ jusquau: '2026-11-23' }]);

    const refusal = 'Des flux de la période n’ont pas de paramétrage comptable : 3 flux à mapper avant de valider.';
    pending.answer(jsonResponse({ statusCode: 409, error: 'Conflict', message: refusal }, 409));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBe(dialog);
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(screen.queryByText(/écritures? validées?\./)).toBeNull();
  });

  it('puts the server’s word on the date beside the date field', async () => {
    const message = 'Date de validation invalide : au-delà de la fin de l’exercice';
    stubApi({
      [`GET ${BASE}`]: () => jsonResponse(settings()),
      [`POST ${BASE}/3/validation`]: () =>
        jsonResponse(
          { message: `Requête invalide : jusquau : ${message}`, issues: [{ path: 'jusquau', message }] },
          400,
        ),
    });
    renderSection();
    const table = await findTable();
    await userEvent.click(within(rowOf(table, '2026-2027')).getByRole('button', { name: /^Valider les écritures/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider les écritures de l’exercice 2026-2027' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Valider les écritures/ }));
    const date = within(dialog).getByRole('group', { name: 'Valider jusqu’au' });
    await waitFor(() => expect(date).toHaveAccessibleDescription(message));
    expect(date).toHaveAttribute('aria-invalid', 'true');
  });

  it('closes an ended year after a confirmation that says no entry can be added any more', async () => {
    let years = settings();
    const close = vi.fn(() => {
      const done: FiscalYearView = {
        ...ended,
        statut: 'cloture',
        valideJusquau: ended.fin,
        dateCloture: '2026-11-23T10:00:00Z',
      };
      years = settings({ exercices: [closed, done, current] });
      return jsonResponse(result(done, 12));
    });
    stubApi({ [`GET ${BASE}`]: () => jsonResponse(years), [`POST ${BASE}/2/cloture`]: close });
    renderSection();
    const table = await findTable();
    await userEvent.click(
      within(rowOf(table, '2025-2026')).getByRole('button', { name: 'Clôturer l’exercice 2025-2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Clôturer l’exercice 2025-2026 ?' });
    expect(dialog).toHaveTextContent('Les écritures restantes jusqu’au 31/08/2026 seront validées');
    expect(dialog).toHaveTextContent('reportés en à-nouveaux (journal AN)'); // R-LEDG-13
    expect(dialog).toHaveTextContent('plus aucune écriture ne pourra être ajoutée à cet exercice');
    expect(within(dialog).queryByRole('group', { name: 'Valider jusqu’au' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(close).not.toHaveBeenCalled();

    await userEvent.click(
      within(rowOf(table, '2025-2026')).getByRole('button', { name: 'Clôturer l’exercice 2025-2026' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clôturer l’exercice' }),
    );
    expect(await screen.findByText('Exercice 2025-2026 clôturé : 12 écritures validées.')).toBeInTheDocument();
    expect(close).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(rowOf(table, '2025-2026')).getByText('Clôturé')).toBeInTheDocument());
    expect(within(table).queryByRole('button', { name: /Clôturer/ })).toBeNull();
  });
});

describe('Exercices comptables: a long validation runs as a job (R-JOB-01)', () => {
  const job = (patch: Partial<JobView> = {}): JobView =>
    jobFixture({
      id: 7,
      type: 'validation_ecritures',
      libelle: 'Validation des écritures 2025-2026 jusqu’au 31/08/2026',
      fait: 1_200,
      total: 4_800,
      etape: 'Écritures validées jusqu’au 30/09/2025',
      creeLe: '2026-11-23T09:59:00.000Z',
      debuteLe: '2026-11-23T09:59:01.000Z',
      ...patch,
    });

  it('follows the job the server answers with: its progress, then its result', async () => {
    let reads = 0;
    const done = result({ ...ended, valideJusquau: '2026-08-31' }, 4_800);
    stubApi({
      [`GET ${BASE}`]: () => jsonResponse(settings()),
      [`POST ${BASE}/2/validation`]: () =>
        jsonResponse({ traitement: job({ statut: 'en_attente', fait: 0, total: null }) }, 202),
      'GET /api/traitements/7': () =>
        jsonResponse(
          ++reads < 2
            ? job()
            : job({ statut: 'termine', fait: 4_800, resultat: done as unknown as Record<string, unknown> }),
        ),
    });
    renderSection();
    const table = await findTable();
    await userEvent.click(within(rowOf(table, '2025-2026')).getByRole('button', { name: /^Valider les écritures/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider les écritures de l’exercice 2025-2026' });
    fireEvent.change(dateInput(dialog), { target: { value: '31/08/2026' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider les écritures' }));
    expect(await within(dialog).findByText(/1\s200 sur 4\s800/)).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: /Validation des écritures 2025-2026/ })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(within(dialog).getByRole('link', { name: 'Voir dans Mes traitements' })).toHaveAttribute(
      'href',
      '/mes-traitements',
    );
    expect(await screen.findByText(/^Exercice 2025-2026 : 4\s800 écritures validées\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels the job from the dialog and says what stays validated', async () => {
    let cancelled = false;
    stubApi({
      [`GET ${BASE}`]: () => jsonResponse(settings()),
      [`POST ${BASE}/2/cloture`]: () =>
        jsonResponse({ traitement: job({ libelle: 'Clôture de l’exercice 2025-2026' }) }, 202),
      'GET /api/traitements/7': () =>
        jsonResponse(
          cancelled
            ? job({ libelle: 'Clôture de l’exercice 2025-2026', statut: 'annule', annulable: false })
            : job({ libelle: 'Clôture de l’exercice 2025-2026' }),
        ),
      'POST /api/traitements/7/annulation': () => {
        cancelled = true;
        return jsonResponse(job({ annulationDemandee: true, annulable: false }));
      },
    });
    renderSection();
    const table = await findTable();
    await userEvent.click(within(rowOf(table, '2025-2026')).getByRole('button', { name: /^Clôturer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Clôturer l’exercice 2025-2026 ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clôturer l’exercice' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Annuler le traitement' }));
    expect(
      await within(dialog).findByText(
        'Traitement annulé : ce qui était déjà validé le reste, le reste pourra être validé plus tard.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
