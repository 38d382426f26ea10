import type { StructureSharesAnswer } from '@gdf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { LIGUE_SITUATION } from '@/test/situation-fixtures';
import { jsonResponse, sentRequest, stubApi } from '@/test/stub-api';
import { SharesSection } from './SharesSection';

const { saveBlob } = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('@/lib/save-file', () => ({ saveBlob }));

const SHARES: StructureSharesAnswer = {
  structureId: 202,
  niveau: 'ligue',
  du: '2026-01-01',
  au: '2026-11-28',
  acquisCentimes: 1_428,
  cumulCentimes: 1_428,
  recuCentimes: 0,
  cumulRecuCentimes: 0,
  mouvements: [],
  tronque: false,
};

const FILE_NAME = 'releve-de-reversements-202-2026-01-01-2026-11-28-RR-2026-000007.pdf';
const pdfResponse = () =>
  new Response(new Blob(['%PDF-1.7']), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${FILE_NAME}"` },
  });

const me = headOfficeMe(['gestion_des_finances__flux_financiers']);

/** The section of the ligue's page, once its shares are shown, and its relevé's group. */
async function openSection(statement: () => Response | Promise<Response>) {
  const fetchMock = stubApi({
    'GET /api/structures/202/quotes-parts': () => jsonResponse(SHARES),
    'GET /api/structures/202/releve-de-reversements': statement,
  });
  renderWithSession(<SharesSection structure={LIGUE_SITUATION} />, me);
  const section = await screen.findByRole('region', { name: 'Quotes-parts acquises' });
  await within(section).findByText('Acquis sur la période');
  return { fetchMock, group: within(section).getByRole('group', { name: 'Relevé de reversements' }) };
}

beforeEach(() => saveBlob.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('R-PAY-09: a ligue downloads its relevé de reversements from its page', () => {
  it('asks the server to issue the PDF of the period shown, and saves it under the server’s name', async () => {
    const { fetchMock, group } = await openSection(pdfResponse);
    await userEvent.click(within(group).getByRole('button', { name: 'Télécharger le relevé (PDF)' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(saveBlob.mock.calls[0]![1]).toBe(FILE_NAME);
    const request = sentRequest(fetchMock, fetchMock.mock.calls.length - 1);
    const query = new URL(request.url).searchParams;
    expect(new URL(request.url).pathname).toBe('/api/structures/202/releve-de-reversements');
    expect(Object.fromEntries(query)).toMatchObject({ du: '2026-01-01', au: '2026-11-28', format: 'pdf' });
  });

  it('asks the xlsx with the same period', async () => {
    const { fetchMock, group } = await openSection(pdfResponse);
    await userEvent.click(within(group).getByRole('button', { name: 'Télécharger le tableur (xlsx)' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    const request = sentRequest(fetchMock, fetchMock.mock.calls.length - 1);
    expect(new URL(request.url).searchParams.get('format')).toBe('xlsx');
  });

  it('shows the download under way, buttons disabled, then the server’s French refusal', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { group } = await openSection(() => new Promise<Response>((resolve) => (answer = resolve)));
    await userEvent.click(within(group).getByRole('button', { name: 'Télécharger le relevé (PDF)' }));
    expect(
      await within(group).findByRole('progressbar', { name: 'Émission du relevé de reversements…' }),
    ).toBeVisible();
    expect(within(group).getByRole('button', { name: 'Télécharger le tableur (xlsx)' })).toBeDisabled();
    const refusal = 'Vous avez déjà émis 50 relevés de reversements aujourd’hui pour cette structure.';
    answer(jsonResponse({ message: refusal }, 429));
    expect(await within(group).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(group).queryByRole('progressbar')).toBeNull();
    expect(within(group).getByRole('button', { name: 'Télécharger le relevé (PDF)' })).toBeEnabled();
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
