import { screen, waitFor, within } from '@testing-library/react';
import { FLUX_RELAUNCH } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '@/test/render-app';
import { directDebitDetail, fluxRow, stubFluxApi } from './flux-api-stub';

const PATH = '/gestion-des-finances/flux-financiers';
const rejection = { CodeRaison: 'AM04', DateRetour: '2026-03-10', TypeRetour: 'rejet' };

// R-RET-04: the flux a bank report rejected show in the search and in the detail.
describe('rejected direct debits in the flux search', () => {
  it('shows a Rejeté badge in the label cell, the ten columns unchanged', async () => {
    stubFluxApi({
      rows: [fluxRow({ MKP_RetourPrelevement: rejection }), fluxRow({ id: 502, ID_FluxFinancierRelance: 900 })],
    });
    renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(10);
    const [rejected, other] = within(table).getAllByRole('row').slice(1);
    const badge = within(rejected as HTMLElement).getByLabelText(
      'Prélèvement rejeté par la banque : AM04 - Provision insuffisante',
    );
    expect(badge).toHaveTextContent('Rejeté');
    expect(within(rejected as HTMLElement).getAllByRole('cell')[5]).toHaveTextContent('Licence adulte DupontRejeté');
    expect(within(other as HTMLElement).queryByText('Rejeté')).toBeNull();
    // Relaunched since: the return no longer makes it 'Rejeté' (fluxPaymentStatus).
    expect(within(other as HTMLElement).getByLabelText('Statut du flux : Relancé')).toHaveTextContent('Relancé');
  });

  it('every row carries its payment status in the label cell: payé, impayé', async () => {
    stubFluxApi({ rows: [fluxRow({ EST_Reglement: true }), fluxRow({ id: 502 })] });
    renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(10);
    const [paid, unpaid] = within(table).getAllByRole('row').slice(1);
    expect(within(paid as HTMLElement).getAllByRole('cell')[5]).toHaveTextContent('Licence adulte DupontPayé');
    expect(within(unpaid as HTMLElement).getAllByRole('cell')[5]).toHaveTextContent('Licence adulte DupontImpayé');
  });

  it('filters on the status: the where asks for a bank return not paid nor relaunched, the URL says statut=rejete', async () => {
    const { searches } = stubFluxApi();
    const { user, router } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Plus de filtres' }));
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByRole('option', { name: 'Rejeté' }));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(currentUrl(router)).toContain('statut=rejete'));
    await waitFor(() =>
      expect(JSON.stringify(searches().at(-1)?.variables.where)).toContain(
        '{"ID_FluxFinancierRelance":{"_is_null":true}},{"MKP_RetourPrelevement":{"id":{"_is_null":false}}}',
      ),
    );
  });

  it('the status alone is a search (no other filter needed)', async () => {
    const { searches } = stubFluxApi();
    renderApp(`${PATH}?statut=rejete`, { token: 'jwt' });
    await screen.findByRole('table');
    expect(searches()[0]?.variables.where).toEqual({
      _and: [
        expect.anything(),
        expect.objectContaining({
          _and: expect.arrayContaining([{ MKP_RetourPrelevement: { id: { _is_null: false } } }]),
        }),
      ],
    });
  });

  it('shows the reason in the detail and offers the relaunch of the rejected debit', async () => {
    const { calls } = stubFluxApi({
      grants: [FLUX_RELAUNCH],
      rows: [fluxRow({ MKP_RetourPrelevement: rejection })],
      detail: directDebitDetail({ MKP_RetourPrelevement: rejection }),
    });
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Voir le détail du flux 501' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        /Prélèvement rejeté par la banque le 10\/03\/2026 : AM04 - Provision insuffisante\. Il peut être relancé/,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Relancer le prélèvement' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Flux de prélèvement relancé')).toBeInTheDocument();
    expect(calls.some((call) => call.query.includes('Relaunch') && call.variables.id === 501)).toBe(true);
  });

  it('a returned debit already relaunched says so without the relaunch', async () => {
    stubFluxApi({
      grants: [FLUX_RELAUNCH],
      detail: directDebitDetail({
        ID_FluxFinancierRelance: 900,
        MKP_RetourPrelevement: { CodeRaison: 'MD06', DateRetour: '2026-03-16', TypeRetour: 'retour' },
      }),
    });
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Voir le détail du flux 501' }));
    const dialog = await screen.findByRole('dialog');
    const notice = await within(dialog).findByText(/Prélèvement retourné par la banque le 16\/03\/2026/);
    expect(notice).toHaveTextContent('MD06 - Remboursement demandé par le débiteur.');
    expect(notice).not.toHaveTextContent('Il peut être relancé');
    expect(within(dialog).queryByRole('button', { name: 'Relancer le prélèvement' })).toBeNull();
  });
});
