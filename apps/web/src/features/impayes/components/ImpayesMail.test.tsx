import { MAIL_NO_ADDRESS, REMINDERS_BACKGROUND_ABOVE, type OverdueRow } from '@gdf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { downloadReminders, fetchOverdueList, issueReminders } from '../api/impayes-api';
import { ROWS, job, row } from './impayes-test-fixtures';
import { serveOverdue } from './impayes-test-server';
import { ImpayesPage } from './ImpayesPage';
import { IssueReminderDialog } from './IssueReminderDialog';

vi.mock('../api/impayes-api', () => ({
  fetchOverdueList: vi.fn(),
  downloadOverdueXlsx: vi.fn(),
  issueReminders: vi.fn(),
  downloadReminders: vi.fn(),
  issueStatementBatch: vi.fn(),
}));
const fetchList = vi.mocked(fetchOverdueList);
const issue = vi.mocked(issueReminders);
const download = vi.mocked(downloadReminders);

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

describe("Impayés: 'Émettre et envoyer' (R-MAIL-08)", () => {
  const letter = (id: number, structureId: number, structureName: string) => ({
    id,
    structureId,
    structureName,
    level: 1 as const,
    date: '2026-11-24',
    total: 10_000,
    fileName: `relance-${id}.pdf`,
    sha256: 'x',
  });

  it('asks envoyer with the issue, then shows the e-mail job and the structures left out with their reason', async () => {
    serve(ROWS);
    const mailJob = job({ id: 44, type: 'envoi_email', libelle: 'Envoi par e-mail : 2 documents', fait: 0, total: 1 });
    issue.mockResolvedValue({
      issued: [letter(90, 1, 'Club Alpin'), letter(91, 3, 'Vertical Nice')],
      sent: {
        job: mailJob,
        leftOut: [
          {
            type: 'relance',
            id: 91,
            structureId: 3,
            structure: 'Vertical Nice',
            raison: MAIL_NO_ADDRESS.noCorrespondent,
          },
        ],
      },
    });
    download.mockResolvedValue();
    stubApi({ 'GET /api/traitements/44': () => jsonResponse(mailJob) });
    const user = await remindClubAlpinAndVerticalNice();
    const dialog = screen.getByRole('dialog', { name: 'Émettre 2 lettres de relance' });
    const box = within(dialog).getByRole('checkbox', { name: /^Émettre et envoyer/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Émettre, télécharger et envoyer' }));
    await waitFor(() =>
      expect(issue).toHaveBeenCalledWith(1318, { structureIds: [1, 3], lastReminderIds: [null, null], envoyer: true }),
    );
    expect(await screen.findByText('1 lettre de relance en file d’envoi par e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Non envoyée (1 structure sans adresse) :')).toBeInTheDocument();
    expect(screen.getByText(`Vertical Nice : ${MAIL_NO_ADDRESS.noCorrespondent}`)).toBeInTheDocument();
    expect(download).toHaveBeenCalledWith([90, 91], 1318);
  });

  it('without the box ticked, the request does not ask envoyer and nothing about e-mail is shown', async () => {
    serve(ROWS);
    issue.mockResolvedValue({ issued: [letter(90, 1, 'Club Alpin')] });
    download.mockResolvedValue();
    const user = userEvent.setup();
    openPage();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Relancer Club Alpin' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Émettre et télécharger' }));
    await waitFor(() => expect(issue).toHaveBeenCalledWith(1318, { structureIds: [1], lastReminderIds: [null] }));
    expect(await screen.findByText('Lettre de relance émise et téléchargée.')).toBeInTheDocument();
    expect(screen.queryByText(/file d’envoi par e-mail/)).toBeNull();
  });

  it.each([
    { count: REMINDERS_BACKGROUND_ABOVE, allowed: true },
    { count: REMINDERS_BACKGROUND_ABOVE + 1, allowed: false },
  ])(
    '$count structures: the box can be ticked ($allowed), above the limit it is disabled and names it',
    async ({ count, allowed }) => {
      const rows = Array.from({ length: count }, (_, i) => row(i + 1, `Club ${i + 1}`, 10_000));
      const onSubmit = vi.fn();
      const user = userEvent.setup();
      renderWithSession(
        <IssueReminderDialog rows={rows} pending={false} error={null} onCancel={() => {}} onSubmit={onSubmit} />,
        headOfficeMe(['gestion_des_finances__flux_financiers']),
      );
      const dialog = screen.getByRole('dialog');
      const box = within(dialog).getByRole('checkbox', { name: /^Émettre et envoyer/ });
      if (allowed) await user.click(box);
      else expect(box).toBeDisabled();
      expect(dialog.textContent?.includes(`au plus ${REMINDERS_BACKGROUND_ABOVE} structures à la fois`)).toBe(!allowed);
      const submit = allowed ? 'Émettre, télécharger et envoyer' : 'Émettre et télécharger';
      await user.click(within(dialog).getByRole('button', { name: submit }));
      await waitFor(() =>
        expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ level: 'propose' }), allowed),
      );
    },
  );
});
