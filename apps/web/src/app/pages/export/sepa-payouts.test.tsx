import { ALL_MODULE_SLUGS, PAYOUT_WRITE, SEPA_WRITE, type ModuleSlugValue } from '@gdf/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { headOfficeMembership, meWith, statusApi } from '@/test/access-fixtures';
import { renderApp } from '@/test/render-app';
import { emptySepaPageApi } from '@/test/sepa-page-api';
import { jsonResponse, stubApi } from '@/test/stub-api';

const modules = ALL_MODULE_SLUGS as readonly ModuleSlugValue[];

function open(user: ReturnType<typeof meWith>) {
  stubApi({
    'GET /api/me': () => jsonResponse(user),
    ...statusApi(headOfficeMembership),
    ...emptySepaPageApi(),
  });
  return renderApp('/export-fichiers/sepa', { token: 'jwt' });
}

// R-SEPA-09, R-PAY-08: below the SEPA tabs, the payout module for the holders of its grant only.
describe("SEPA page: 'Générer les virements SEPA'", () => {
  it('keeps the specification’s placeholder without the payout grant (the SEPA write grant is not it)', async () => {
    open(meWith(headOfficeMembership, modules, false, [SEPA_WRITE]));
    const heading = await screen.findByRole('heading', { name: 'Générer les virements SEPA', level: 2 });
    expect(heading.parentElement).toHaveTextContent('Module en dévelopement');
    expect(screen.queryByText('Quotes-parts acquises jusqu’au')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Fichiers de virements générés' })).toBeNull();
  });

  it('shows the module to a holder of the payout grant', async () => {
    open(meWith(headOfficeMembership, modules, false, [PAYOUT_WRITE]));
    const heading = await screen.findByRole('heading', { name: 'Générer les virements SEPA', level: 2 });
    expect(await screen.findByText('Aucune quote-part ni aucun remboursement à verser.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fichiers de virements générés', level: 3 })).toBeInTheDocument();
    expect(heading.parentElement).not.toHaveTextContent('Module en dévelopement');
  });

  it('shows the module to a super administrateur', async () => {
    open(meWith(headOfficeMembership, modules, true));
    expect(await screen.findByText('Aucune quote-part ni aucun remboursement à verser.')).toBeInTheDocument();
    expect(screen.queryByText('Module en dévelopement')).toBeNull();
  });
});
