import { screen, within } from '@testing-library/react';
import { FLUX_RELAUNCH } from '@gdf/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { DESKTOP, PHONE, setViewport } from '@/test/viewport';
import { stubFluxApi } from './flux-api-stub';

const PATH = '/gestion-des-finances/flux-financiers';

afterEach(() => setViewport(DESKTOP.width, DESKTOP.height));

describe('flux search on a phone (R-SEARCH-19)', () => {
  it('lists the results as cards, and opens the detail full-screen with every action', async () => {
    setViewport(PHONE.width, PHONE.height);
    stubFluxApi({ grants: [FLUX_RELAUNCH] });
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });

    const list = await screen.findByRole('list', { name: 'Résultats de la recherche de flux' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    await user.click(within(list).getByRole('button', { name: 'Voir le détail du flux 501' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
    // The detail lines as a list too (the seven columns would not fit), same labels.
    const lines = await within(dialog).findByRole('list', { name: 'Lignes de détail du flux' });
    expect(within(lines).getByText('Quantité')).toBeInTheDocument();
    expect(within(lines).getByText('Licence adulte')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Relancer le prélèvement' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Télécharger la facture (PDF)' })).toBeInTheDocument();
  });

  it('keeps the table and a centred modal on a wider screen', async () => {
    stubFluxApi();
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const table = await screen.findByRole('table', { name: 'Résultats de la recherche de flux' });
    await user.click(within(table).getByRole('button', { name: 'Voir le détail du flux 501' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).not.toHaveClass('MuiDialog-paperFullScreen');
    expect(await within(dialog).findByRole('table', { name: 'Lignes de détail du flux' })).toBeInTheDocument();
  });
});
