import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { stubFluxApi } from './flux-api-stub';

const PATH = '/gestion-des-finances/flux-financiers';

// R-SEARCH-13: the page first, its capped count after, once per filter set, and only when neither the
// page (fewer rows than asked) nor the planner (far above the cap) settled it.
describe('the count of a flux search', { timeout: 45_000 }, () => {
  it('shows the table before its count, then the count', async () => {
    let release: (value?: unknown) => void = () => undefined;
    const { searches, counts, calls } = stubFluxApi({
      total: 65,
      countGate: new Promise((resolve) => (release = resolve)),
    });
    renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(screen.getByRole('status')).toHaveTextContent('Comptage des flux…');
    // The range shows no "sur …" until the count is there.
    expect(screen.getByText('1–30')).toBeInTheDocument();
    // The page brought the planner's word (not conclusive here): the count is asked after
    // the page answered, for the page's where, capped, counted (the page asked the planner).
    expect(searches()[0]?.query).toContain('estimateOnly: true');
    expect(searches()[0]?.variables).toMatchObject({ cap: 10_001, limit: 30, offset: 0 });
    await waitFor(() => expect(counts()).toHaveLength(1));
    expect(calls.indexOf(counts()[0]!)).toBeGreaterThan(calls.indexOf(searches()[0]!));
    expect(counts()[0]?.variables).toEqual({ where: searches()[0]?.variables.where, cap: 10_001 });
    expect(counts()[0]?.query).not.toContain('estimate');
    release();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('65 flux'));
    expect(screen.getByText('1–30 sur 65')).toBeInTheDocument();
  });

  it('takes the exact total from a first page shorter than the page size: no count asked', async () => {
    const { searches, counts } = stubFluxApi();
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 flux'));
    expect(screen.getByText('1–3 sur 3')).toBeInTheDocument();
    // A sort reuses it; a refresh settles it again from its page.
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Structure' }));
    await waitFor(() => expect(searches()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(searches()).toHaveLength(3));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 flux'));
    expect(counts()).toHaveLength(0);
  });

  it("says 'plus de 10 000' from the estimate brought with the page: no count asked", async () => {
    const { counts } = stubFluxApi({ total: 50_000 });
    renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('plus de 10 000 flux'));
    expect(counts()).toHaveLength(0);
  });

  it('shows the total the server counted with the page (few rows expected): no count asked', async () => {
    const { counts } = stubFluxApi({ total: 65, countedWithPage: true });
    renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('65 flux'));
    expect(screen.getByText('1–30 sur 65')).toBeInTheDocument();
    expect(counts()).toHaveLength(0);
  });

  it('counts when the estimate is not conclusive, even above the cap', async () => {
    const { counts } = stubFluxApi({ total: 10_001, estimateAboveCap: false });
    renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('plus de 10 000 flux'));
    expect(counts()).toHaveLength(1);
  });

  it('says when the count could not be had, and keeps the rows', async () => {
    const { counts } = stubFluxApi({ total: 65, countFails: true });
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Nombre de flux indisponible'), {
      timeout: 15_000,
    });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    // 'Rechercher' again asks for the count again.
    const asked = counts().length;
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(counts().length).toBeGreaterThan(asked));
  });

  it('is asked once per filter set: page turns and sorts reuse it, new filters and a refresh ask again', async () => {
    const { searches, counts } = stubFluxApi({ total: 65 });
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('65 flux'));
    expect(counts()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(searches().at(-1)?.variables.offset).toBe(30));
    await user.click(within(table).getByRole('button', { name: 'Structure' }));
    await waitFor(() => expect(searches()).toHaveLength(3));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('65 flux'));
    expect(counts()).toHaveLength(1);

    // 'Rechercher' with the same filters is a refresh: the count too.
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(counts()).toHaveLength(2));

    await user.type(screen.getByRole('textbox', { name: 'Libellé' }), ' jeune{Enter}');
    await waitFor(() => expect(counts()).toHaveLength(3));
    expect(JSON.stringify(counts().at(-1)?.variables.where)).toContain('Licence jeune');
  });
});
