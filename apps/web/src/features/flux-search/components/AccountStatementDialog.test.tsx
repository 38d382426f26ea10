import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meFixture } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { AccountStatementDialog } from './AccountStatementDialog';

const SEASONS = [{ id: 2027, NomSaison: '2026-2027', EST_SaisonCourante: true }];
const refusal = 'la période demandée dépasse ce que le serveur accepte';

afterEach(() => vi.unstubAllGlobals());

async function openCustomPeriod() {
  stubApi({
    'GET /api/structures/42/releve-de-compte': () =>
      jsonResponse({ message: `Requête invalide : au : ${refusal}`, issues: [{ path: 'au', message: refusal }] }, 400),
    'GET /api/structures/42/releves-de-compte': () => jsonResponse({ statements: [] }),
  });
  renderWithSession(
    <AccountStatementDialog
      statementStructureId={42}
      structureId={42}
      seasons={SEASONS}
      defaultSeason={2027}
      onClose={() => undefined}
    />,
    meFixture,
  );
  await userEvent.click(screen.getByRole('combobox', { name: 'Période' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Dates personnalisées' }));
}

describe('account statement period (R-STMT-03)', () => {
  it("checks the days with the query's contract before asking the server", async () => {
    await openCustomPeriod();
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-03-01' } });
    expect(
      screen.getByText('Période invalide : la date de début (du) doit précéder la date de fin (au).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /PDF/ })).toBeDisabled();
  });

  it("puts the server's refusal of a day beside that day", async () => {
    await openCustomPeriod();
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(screen.getByLabelText('Au')).toHaveAccessibleDescription(refusal));
    expect(screen.getByLabelText('Du')).not.toHaveAccessibleDescription(refusal);
  });
});
