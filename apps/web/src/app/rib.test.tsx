import { ALL_MODULE_SLUGS } from '@gdf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi, type ApiHandler } from '@/test/stub-api';
import { headOfficeMembership, meWith, statusApi } from '@/test/access-fixtures';
import { renderApp } from '@/test/render-app';

const rib = (overrides: object) => ({
  id: 1,
  ID_Structure: 1318,
  IBAN: 'FR7630006000011234567890189',
  IBANMasque: false,
  BIC: 'AGRIFRPPXXX',
  Titulaire: 'FFME Siège',
  Banque: 'Crédit Agricole',
  MandatRUM: null,
  MandatDateSignature: null,
  EST_Valide: true,
  ibanValide: true,
  ...overrides,
});

function openRib(ribs: ApiHandler) {
  stubApi({
    'GET /api/me': () => jsonResponse(meWith(headOfficeMembership, ALL_MODULE_SLUGS)),
    ...statusApi(headOfficeMembership),
    'GET /api/structure_ribs/structure/1318': ribs,
  });
  return renderApp('/gestion-des-finances/rib', { token: 'jwt' });
}

describe("RIB page: the head office's bank accounts", () => {
  it('lists them with IBANs in groups of four and a validity mark', async () => {
    openRib(() =>
      jsonResponse([
        rib({}),
        rib({ id: 2, IBAN: 'FR7630006000011234567890188', ibanValide: false, BIC: null, Banque: null }),
        rib({ id: 3, IBAN: 'FR76 1020 7000 0123 4567 8901 234', EST_Valide: false }),
      ]),
    );
    const table = await screen.findByRole('table', { name: 'RIB du siège fédéral' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('FR76 3000 6000 0112 3456 7890 189')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Valide')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('IBAN invalide')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getAllByText('—')).toHaveLength(3);
    expect(within(rows[2] as HTMLElement).getByText('FR76 1020 7000 0123 4567 8901 234')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Inactif')).toBeInTheDocument();
  });

  it('says when the IBANs are masked for the role', async () => {
    openRib(() => jsonResponse([rib({ IBAN: '•••••••••••••••••••••••0189', IBANMasque: true })]));
    expect(await screen.findByText('•••• •••• •••• •••• •••• •••0 189')).toBeInTheDocument();
    expect(screen.getByText(/seuls les 4 derniers caractères/)).toBeInTheDocument();
  });

  it('shows a loading state, then the empty state in French', async () => {
    let answer: (response: Response) => void = () => {};
    openRib(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(await screen.findByRole('progressbar', { name: 'Chargement des RIB du siège…' })).toBeInTheDocument();
    answer(jsonResponse([]));
    expect(await screen.findByText('Aucun RIB n’est enregistré pour le siège fédéral.')).toBeInTheDocument();
  });

  it('ignores a failure silently, with no message (R-API-02)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    openRib(() => (++calls, jsonResponse({ message: 'boom' }, 500)));
    await waitFor(() => expect(calls).toBe(1));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/boom|erreur|Aucun RIB/i)).toBeNull();
    expect(warn).toHaveBeenCalledWith('GET /api/structure_ribs/structure/1318 : échec ignoré', expect.anything());
    warn.mockRestore();
  });
});
