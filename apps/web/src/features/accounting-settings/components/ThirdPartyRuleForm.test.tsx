import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { ThirdPartyRuleForm } from './ThirdPartyRuleForm';

const me = headOfficeMe(['parametrages_comptables__flux_financier']);

const parametres = {
  CompteCollectif: '411',
  TiersPrefixe: '411',
  TiersCompteFixe: null,
  TiersLibelleFixe: null,
  SIREN: '775672272',
};

afterEach(() => vi.unstubAllGlobals());

describe('Compte de tiers: the third-party account rule', () => {
  it('shows no form over settings that failed to load, then retries and saves what was edited', async () => {
    let loads = 0;
    const saved: unknown[] = [];
    stubApi({
      'GET /api/parametrages-comptables/parametres': () =>
        ++loads === 1 ? jsonResponse({ message: 'boom' }, 500) : jsonResponse({ parametres }),
      'PUT /api/parametrages-comptables/parametres': async (request) => {
        saved.push(await request.json());
        return jsonResponse(parametres);
      },
    });
    renderWithSession(<ThirdPartyRuleForm />, me);
    expect(await screen.findByText('Les paramétrages n’ont pas pu être chargés.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    const siren = await screen.findByRole('textbox', { name: 'SIREN (nom du fichier FEC)' });
    expect(siren).toHaveValue('775672272');
    await userEvent.clear(siren);
    await userEvent.type(siren, '123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Modifications enregistrées.')).toBeInTheDocument();
    expect(saved).toEqual([{ ...parametres, SIREN: '123456789' }]);
  });
});
