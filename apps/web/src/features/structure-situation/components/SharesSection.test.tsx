import type { SituationStructure, StructureSharesAnswer } from '@gdf/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { LIGUE_SITUATION } from '@/test/situation-fixtures';
import { fetchStructureShares } from '../api/fetch-structure-shares';
import { SharesSection } from './SharesSection';

vi.mock('../api/fetch-structure-shares', () => ({ fetchStructureShares: vi.fn() }));
const fetchShares = vi.mocked(fetchStructureShares);

afterEach(() => vi.resetAllMocks());

const CLUB: SituationStructure = {
  id: 110,
  name: 'ASPTT Lyon montagne',
  federalCode: '069110',
  typeId: 1,
  typeName: 'Club',
};

const SHARES: StructureSharesAnswer = {
  structureId: 202,
  niveau: 'ligue',
  du: '2026-01-01',
  au: '2026-11-28',
  acquisCentimes: 123_456,
  cumulCentimes: 234_567,
  recuCentimes: 100_000,
  cumulRecuCentimes: 200_000,
  mouvements: [
    {
      jour: '2026-10-05',
      fluxId: 49758,
      facture: '2027-FFME-49758',
      club: 'ASPTT Lyon montagne',
      baseCentimes: -14_280,
      partCentimes: -1_428,
    },
    {
      jour: '2026-09-02',
      fluxId: 49758,
      facture: '2027-FFME-49758',
      club: 'ASPTT Lyon montagne',
      baseCentimes: 14_280,
      partCentimes: 1_428,
    },
  ],
  tronque: false,
};

/** The input of a JJ/MM/AAAA picker, where a day is pasted in. */
function dateInput(name: 'du' | 'au') {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no ${name} date field`);
  return input;
}

const me = headOfficeMe(['gestion_des_finances__flux_financiers']);
const open = (structure: SituationStructure) => renderWithSession(<SharesSection structure={structure} />, me);

describe('R-PAY-03: a ligue’s or a comité’s shares on its page', () => {
  it('shows a ligue its totals over the period and since the first share, and a reversal as such', async () => {
    fetchShares.mockResolvedValue(SHARES);
    open(LIGUE_SITUATION);
    const section = await screen.findByRole('region', { name: 'Quotes-parts acquises' });
    await within(section).findByRole('table');
    expect(fetchShares).toHaveBeenCalledWith(202, 1318, {}, expect.anything());
    expect(within(section).getByText('Acquis sur la période').nextSibling).toHaveTextContent(/^1\s234,56\s€$/);
    expect(within(section).getByText('Cumul acquis au 28/11/2026').nextSibling).toHaveTextContent(/^2\s345,67\s€$/);
    // What it received, and what it still waits for (earned since the first share less received).
    expect(within(section).getByText('Reçu sur la période').nextSibling).toHaveTextContent(/^1\s000,00\s€$/);
    expect(within(section).getByText('Reste à recevoir au 28/11/2026').nextSibling).toHaveTextContent(/^345,67\s€$/);
    const table = within(section).getByRole('table', { name: 'Mouvements de quotes-parts sur la période' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('JourFactureClubMouvementMontant encaisséQuote-part');
    expect(rows[1]).toHaveTextContent(/^05\/10\/20262027-FFME-49758ASPTT Lyon montagneAnnulation-142,80\s€-14,28\s€$/);
    expect(rows[2]).toHaveTextContent(/^02\/09\/20262027-FFME-49758ASPTT Lyon montagneAcquisition142,80\s€14,28\s€$/);
    expect(within(section).getByRole('group', { name: 'Du' })).toBeInTheDocument();
    expect(dateInput('du')).toHaveValue('01/01/2026');
    expect(dateInput('au')).toHaveValue('28/11/2026');
    expect(within(section).queryByText(/Liste limitée/)).toBeNull();
  });

  it('asks the period typed, JJ/MM/AAAA, and says when the list is cut', async () => {
    fetchShares.mockResolvedValue(SHARES);
    open(LIGUE_SITUATION);
    const section = await screen.findByRole('region', { name: 'Quotes-parts acquises' });
    await within(section).findByRole('table');
    fetchShares.mockResolvedValue({ ...SHARES, du: '2026-09-01', tronque: true });
    fireEvent.change(dateInput('du'), { target: { value: '01/09/2026' } });
    await waitFor(() =>
      expect(fetchShares).toHaveBeenLastCalledWith(
        202,
        1318,
        { du: '2026-09-01', au: '2026-11-28' },
        expect.anything(),
      ),
    );
    expect(
      await within(section).findByText(
        'Liste limitée : 2 mouvements affichés, les plus récents ; les totaux comptent tous les mouvements de la période.',
      ),
    ).toBeInTheDocument();
  });

  it('asks nothing while the period ends before it starts, and says so under the field', async () => {
    fetchShares.mockResolvedValue(SHARES);
    open(LIGUE_SITUATION);
    const section = await screen.findByRole('region', { name: 'Quotes-parts acquises' });
    await within(section).findByRole('table');
    fireEvent.change(dateInput('du'), { target: { value: '01/12/2026' } });
    expect(within(section).getByRole('group', { name: 'Au' })).toHaveAccessibleDescription(
      'La période finit avant de commencer.',
    );
    expect(fetchShares).toHaveBeenCalledTimes(1);
    // The figures of the last period asked stay.
    expect(
      within(section).getByRole('table', { name: 'Mouvements de quotes-parts sur la période' }),
    ).toBeInTheDocument();
  });

  it('shows nothing for a club, and asks nothing', () => {
    const view = open(CLUB);
    expect(view.container).toBeEmptyDOMElement();
    expect(fetchShares).not.toHaveBeenCalled();
  });

  it('shows nothing when the server says the structure earns no share', async () => {
    fetchShares.mockResolvedValue({ ...SHARES, niveau: null, mouvements: [], acquisCentimes: 0, cumulCentimes: 0 });
    const view = open(LIGUE_SITUATION);
    await waitFor(() => expect(fetchShares).toHaveBeenCalled());
    await waitFor(() => expect(view.container).toBeEmptyDOMElement());
  });
});
