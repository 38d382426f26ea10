import type { OverdueRow } from '@gdf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import {
  downloadOverdueXlsx,
  downloadReminders,
  fetchOverdueList,
  issueReminders,
  issueStatementBatch,
} from '../api/impayes-api';
import { ROWS, job, row } from './impayes-test-fixtures';
import { serveOverdue } from './impayes-test-server';
import { ImpayesPage } from './ImpayesPage';

vi.mock('../api/impayes-api', () => ({
  fetchOverdueList: vi.fn(),
  downloadOverdueXlsx: vi.fn(),
  issueReminders: vi.fn(),
  downloadReminders: vi.fn(),
  issueStatementBatch: vi.fn(),
}));
const fetchList = vi.mocked(fetchOverdueList);
const exportXlsx = vi.mocked(downloadOverdueXlsx);
const issue = vi.mocked(issueReminders);
const download = vi.mocked(downloadReminders);
const statementBatch = vi.mocked(issueStatementBatch);

afterEach(() => {
  vi.resetAllMocks();
  vi.unstubAllGlobals();
});

function openPage() {
  return renderWithSession(
    <ImpayesPage backHref="/gestion-des-finances/flux-financiers" />,
    headOfficeMe(['gestion_des_finances__flux_financiers']),
  );
}
/** The server's answers over `rows`: searched, filtered, sorted and paged as asked (R-UI-20). */
const serve = (rows: readonly OverdueRow[]) => fetchList.mockImplementation(serveOverdue(rows));
/** The list open, Club Alpin and Vertical Nice selected, then 'Relancer la sélection': its dialog opens. */
async function remindClubAlpinAndVerticalNice() {
  const user = userEvent.setup();
  openPage();
  await screen.findByRole('table');
  await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Club Alpin' }));
  await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Vertical Nice' }));
  await user.click(screen.getByRole('button', { name: 'Relancer la sélection' }));
  return user;
}
const names = () =>
  screen
    .getAllByRole('rowheader')
    .map((cell) => cell.firstChild?.textContent ?? '')
    .filter(Boolean);

describe('Impayés page', () => {
  it('shows loading, then the structures by total (largest first) with ageing columns and the last reminder', async () => {
    serve(ROWS);
    openPage();
    expect(screen.getByRole('progressbar', { name: 'Chargement des impayés…' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Structures ayant des impayés' });
    expect(names()).toEqual(['Escalade Bretagne', 'Club Alpin', 'Vertical Nice']);
    expect(screen.getByText('Flux échus non réglés au 24/11/2026, par ancienneté de retard.')).toBeInTheDocument();
    expect(screen.getByText('Niveau 1 · Rappel amiable · 01/11/2026')).toBeInTheDocument();
    for (const header of [
      '0 à 30 jours',
      '31 à 60 jours',
      '61 à 90 jours',
      'Plus de 90 jours',
      'Total échu',
      'Reste dû',
    ])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
  });

  it('R-UI-20: sorts on the server by a column with the keyboard, then the other way; the export follows the sort', async () => {
    serve(ROWS);
    exportXlsx.mockResolvedValue();
    const user = userEvent.setup();
    openPage();
    await screen.findByRole('table');
    const sortByName = screen.getByRole('button', { name: 'Structure' });
    sortByName.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(names()).toEqual(['Club Alpin', 'Escalade Bretagne', 'Vertical Nice']));
    expect(fetchList).toHaveBeenLastCalledWith(1318, { tri: 'structure', ordre: 'asc' }, expect.anything());
    expect(screen.getByRole('columnheader', { name: 'Structure' })).toHaveAttribute('aria-sort', 'ascending');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(names()).toEqual(['Vertical Nice', 'Escalade Bretagne', 'Club Alpin']));
    await user.click(screen.getByRole('button', { name: 'Exporter (Excel)' }));
    expect(exportXlsx).toHaveBeenCalledWith(1318, { tri: 'structure', ordre: 'desc' });
  });

  it('lists its own structure among the rows but never offers to remind it', async () => {
    serve([...ROWS, row(1318, 'Siège fédéral', 1_000)]);
    const user = userEvent.setup();
    openPage();
    await screen.findByRole('table');
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Siège fédéral' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Relancer Siège fédéral' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les structures de la page' }));
    expect(screen.getByRole('status')).toHaveTextContent('3 structures sélectionnées');
    expect(screen.getByRole('checkbox', { name: 'Sélectionner toutes les structures de la page' })).toBeChecked();
  });

  it('says when no structure owes anything, and offers Réessayer on a server failure', async () => {
    fetchList.mockImplementationOnce(serveOverdue([]));
    const empty = openPage();
    expect(await screen.findByText('Aucune structure n’a de flux échu non réglé.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter (Excel)' })).toBeDisabled();
    empty.unmount();

    fetchList.mockRejectedValueOnce(new ApiError(500, undefined, {}));
    fetchList.mockImplementationOnce(serveOverdue(ROWS));
    const user = userEvent.setup();
    openPage();
    expect(await screen.findByText('Les impayés n’ont pas pu être chargés.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('issues letters for a selection at a chosen level, downloads them, and reloads the list', async () => {
    serve(ROWS);
    issue.mockResolvedValue({
      issued: [
        {
          id: 90,
          structureId: 1,
          structureName: 'Club Alpin',
          level: 3,
          date: '2026-11-24',
          total: 1,
          fileName: 'a.pdf',
          sha256: 'x',
        },
        {
          id: 91,
          structureId: 3,
          structureName: 'Vertical Nice',
          level: 3,
          date: '2026-11-24',
          total: 1,
          fileName: 'b.pdf',
          sha256: 'y',
        },
      ],
    });
    download.mockResolvedValue();
    const user = userEvent.setup();
    openPage();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Club Alpin' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Vertical Nice' }));
    expect(screen.getByText('2 structures sélectionnées')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Relancer la sélection' }));
    const dialog = screen.getByRole('dialog', { name: 'Émettre 2 lettres de relance' });
    expect(within(dialog).getByText('Club Alpin : niveau 1 proposé')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Niveau proposé/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Niveau 3 · Mise en demeure' }));
    await user.click(within(dialog).getByRole('button', { name: 'Émettre et télécharger' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith([90, 91], 1318));
    expect(issue).toHaveBeenCalledWith(1318, { structureIds: [1, 3], level: 3, lastReminderIds: [null, null] });
    expect(await screen.findByText('2 lettres de relance émises et téléchargées (ZIP).')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(fetchList).toHaveBeenCalledTimes(2));
  });

  it("one structure at its proposed level; the server's French refusal stays in the dialog", async () => {
    serve(ROWS);
    const message = 'Aucun impayé échu pour Club Alpin : il n’y a rien à relancer.';
    issue.mockRejectedValue(new ApiError(400, message, { message }));
    const user = userEvent.setup();
    openPage();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Relancer Escalade Bretagne' }));
    const dialog = screen.getByRole('dialog', { name: 'Émettre une lettre de relance' });
    await user.click(within(dialog).getByRole('button', { name: 'Émettre et télécharger' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    // The letter follows the last one the list showed (R-DUE-05).
    expect(issue).toHaveBeenCalledWith(1318, { structureIds: [2], lastReminderIds: [77] });
    expect(download).not.toHaveBeenCalled();
  });

  it('downloads the last letter of a structure again', async () => {
    serve(ROWS);
    download.mockResolvedValue();
    const user = userEvent.setup();
    openPage();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Télécharger la dernière relance de Escalade Bretagne' }));
    expect(download).toHaveBeenCalledWith([77], 1318);
  });

  it('R-JOB-09: a selection the server issues in the background: nothing downloaded, its progress and Mes traitements shown', async () => {
    serve(ROWS);
    issue.mockResolvedValue({ job: job() });
    stubApi({ 'GET /api/traitements/12': () => jsonResponse(job({ statut: 'termine', fait: 2 })) });
    const user = await remindClubAlpinAndVerticalNice();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Émettre et télécharger' }));
    expect(
      await screen.findByText(/Les 2 lettres de relance sont émises en arrière-plan : vous pouvez continuer/),
    ).toBeInTheDocument();
    // Found once the dialog has closed (the page is hidden from assistive technologies meanwhile).
    expect(await screen.findByRole('link', { name: 'Suivre dans « Mes traitements »' })).toHaveAttribute(
      'href',
      '/mes-traitements',
    );
    expect(download).not.toHaveBeenCalled();
    // Once the job ends, the list is read again (its last letters changed).
    await waitFor(() => expect(fetchList).toHaveBeenCalledTimes(2));
  });

  it('R-JOB-06: the selection’s relevés de compte go to a job, confirmed in French', async () => {
    serve(ROWS);
    statementBatch.mockResolvedValue(
      job({ id: 13, type: 'releves_en_lot', libelle: 'Relevés de compte de 2 structures', fait: 0, total: 2 }),
    );
    stubApi({ 'GET /api/traitements/13': () => jsonResponse(job({ id: 13, type: 'releves_en_lot', fait: 1 })) });
    const user = userEvent.setup();
    openPage();
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Relevés de compte de la sélection' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Club Alpin' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Escalade Bretagne' }));
    await user.click(screen.getByRole('button', { name: 'Relevés de compte de la sélection' }));
    // In the order picked (the selection may span pages).
    expect(statementBatch).toHaveBeenCalledWith(1318, [1, 2]);
    expect(
      await screen.findByText(/Les relevés de compte des 2 structures sélectionnées sont émis en arrière-plan/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Suivre dans « Mes traitements »' })).toBeInTheDocument();
  });
});
