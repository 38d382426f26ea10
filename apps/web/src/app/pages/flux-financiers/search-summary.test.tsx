import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { stubFluxApi } from './flux-api-stub';

const PATH = '/gestion-des-finances/flux-financiers';
/** fr-FR money (narrow no-break spaces) compared as plain text. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

// R-SEARCH-14, R-BAL-03: count, total facturé, total réglé, avoirs and reste dû of the current search.
describe('flux search summary', () => {
  it('under the cap: the totals come with the count, named by the balance rule (facturé 120,00 €, avoirs 1 234,50 €, reste dû)', async () => {
    const { totals } = stubFluxApi();
    renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const summary = await screen.findByRole('group', { name: 'Totaux de la recherche' });
    await waitFor(() => expect(plain(summary.textContent)).toContain('Total facturé : 120,00 €'));
    expect(plain(summary.textContent)).toContain('Total réglé : 0,00 €');
    expect(plain(summary.textContent)).toContain('Total avoirs et remboursements : 1 234,50 €');
    // Positive when the structures owe: 120,00 € owed, 1 234,50 € owed to them.
    expect(plain(summary.textContent)).toContain('Reste dû : -1 114,50 €');
    expect(screen.getByRole('status')).toHaveTextContent('3 flux');
    expect(screen.queryByRole('button', { name: 'Calculer les totaux' })).toBeNull();
    // The totals ask for the same where as the search, split by EST_Debit.
    const asked = totals()[0]?.variables as { debit: { _and: unknown[] } };
    expect(asked.debit._and[1]).toEqual({ EST_Debit: { _eq: true } });
  });

  it("above the cap: no totals request until 'Calculer les totaux'", async () => {
    const { totals } = stubFluxApi({ total: 10_001 });
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const button = await screen.findByRole('button', { name: 'Calculer les totaux' });
    expect(screen.getByRole('status')).toHaveTextContent('plus de 10 000 flux');
    expect(totals()).toHaveLength(0);
    await user.click(button);
    const summary = screen.getByRole('group', { name: 'Totaux de la recherche' });
    await waitFor(() => expect(plain(summary.textContent)).toContain('Reste dû : -1 114,50 €'));
    expect(totals()).toHaveLength(1);
  });

  it('a totals failure says so in French with Réessayer, the rows stay', async () => {
    stubFluxApi({ totalsFail: true });
    renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const alert = await screen.findByText('Les totaux n’ont pas pu être calculés.');
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Réessayer' }),
    ).toBeVisible();
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('the chart is folded by default and unfolds on demand', async () => {
    const { calls } = stubFluxApi();
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const toggle = await screen.findByRole('button', { name: 'Afficher le graphique' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls.some((call) => call.query.includes('FluxBreakdown'))).toBe(false);
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Masquer le graphique' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Débit et crédit par catégorie')).toBeInTheDocument();
    expect(screen.getByText('Débit et crédit par mois')).toBeInTheDocument();
    expect(calls.some((call) => call.query.includes('FluxBreakdown'))).toBe(true);
  });
});
