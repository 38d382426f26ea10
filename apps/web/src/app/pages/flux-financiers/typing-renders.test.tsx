import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import type * as FiltersModule from '@/features/flux-search/components/FluxFilterFields';
import type * as TableModule from '@/features/flux-search/components/FluxResultsTable';
import { stubFluxApi } from './flux-api-stub';

const PATH = '/gestion-des-finances/flux-financiers';
const renders = vi.hoisted(() => ({ table: 0, fields: 0 }));

// Counts the renders of the results table and of the filter fields, through their modules.
vi.mock('@/features/flux-search/components/FluxResultsTable', async (importOriginal) => {
  const original = await importOriginal<typeof TableModule>();
  return {
    ...original,
    FluxResultsTable: (props: Parameters<typeof original.FluxResultsTable>[0]) => {
      renders.table += 1;
      return original.FluxResultsTable(props);
    },
  };
});
vi.mock('@/features/flux-search/components/FluxFilterFields', async (importOriginal) => {
  const original = await importOriginal<typeof FiltersModule>();
  return {
    ...original,
    FluxFilterFields: (props: Parameters<typeof original.FluxFilterFields>[0]) => {
      renders.fields += 1;
      return original.FluxFilterFields(props);
    },
  };
});

// The page must stay fast while filters are typed over a page of results (R-SEARCH-10).
describe('typing a filter over the results', () => {
  it('re-renders neither the results table nor the other filters, key after key', async () => {
    stubFluxApi();
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await screen.findByRole('table');
    const label = screen.getByRole('textbox', { name: 'Libellé' });
    await user.click(label);
    const before = { ...renders };
    // The counters are live: both components have rendered through the wrappers above.
    expect(before.table).toBeGreaterThan(0);
    expect(before.fields).toBeGreaterThan(0);
    await user.type(label, ' annuelle');
    expect(label).toHaveValue('Licence annuelle');
    expect(renders.table - before.table).toBe(0);
    expect(renders.fields - before.fields).toBe(0);
  });
});
