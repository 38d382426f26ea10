import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/app/testing/render-app';
import { stubFluxApi } from './flux-api-stub';

const PATH = '/gestion-des-finances/flux-financiers';

// R-SEARCH-13: the page first, its capped count after, once per filter set.
describe('the count of a flux search', { timeout: 20_000 }, () => {
  it('shows the table before its count, then the count', async () => {
    let release: (value?: unknown) => void = () => undefined;
    const { searches, counts, calls } = stubFluxApi({ countGate: new Promise((resolve) => (release = resolve)) });
    renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('status')).toHaveTextContent('Comptage des flux…');
    // The range shows no "sur …" until the count is there.
    expect(screen.getByText('1–3')).toBeInTheDocument();
    // Asked after the page answered, for the page's where, capped, estimate allowed.
    await waitFor(() => expect(counts()).toHaveLength(1));
    expect(calls.indexOf(counts()[0]!)).toBeGreaterThan(calls.indexOf(searches()[0]!));
    expect(counts()[0]?.variables).toEqual({ where: searches()[0]?.variables.where, cap: 10_001 });
    expect(counts()[0]?.query).toContain('estimate: true');
    release();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 flux'));
    expect(screen.getByText('1–3 sur 3')).toBeInTheDocument();
  });

  it('says when the count could not be had, and keeps the rows', async () => {
    const { counts } = stubFluxApi({ countFails: true });
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Nombre de flux indisponible'), {
      timeout: 15_000,
    });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
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
