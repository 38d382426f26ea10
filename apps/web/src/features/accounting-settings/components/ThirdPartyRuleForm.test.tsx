import { screen, waitFor } from '@testing-library/react';
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

  it('refuses what the contract refuses beside the field, without asking the server', async () => {
    const saved: unknown[] = [];
    stubApi({
      'GET /api/parametrages-comptables/parametres': () => jsonResponse({ parametres }),
      'PUT /api/parametrages-comptables/parametres': async (request) => {
        saved.push(await request.json());
        return jsonResponse(parametres);
      },
    });
    renderWithSession(<ThirdPartyRuleForm />, me);
    const siren = await screen.findByRole('textbox', { name: 'SIREN (nom du fichier FEC)' });
    await userEvent.clear(siren);
    await userEvent.type(siren, '12345');
    await userEvent.type(screen.getByRole('textbox', { name: 'Compte fixe' }), '411000');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('SIREN invalide : 9 chiffres')).toBeInTheDocument();
    expect(siren).toHaveAccessibleDescription('SIREN invalide : 9 chiffres');
    expect(siren).toHaveAttribute('aria-invalid', 'true');
    expect(siren).toHaveFocus();
    expect(saved).toEqual([]);

    // A rule across fields (a prefix or a fixed account, not both) is said above the button.
    await userEvent.clear(siren);
    await userEvent.type(siren, '123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Règle de compte tiers invalide : un préfixe ou un compte fixe (un seul)'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("puts the server's field messages beside the fields", async () => {
    stubApi({
      'GET /api/parametrages-comptables/parametres': () => jsonResponse({ parametres }),
      'PUT /api/parametrages-comptables/parametres': () =>
        jsonResponse(
          {
            message: 'Requête invalide : CompteCollectif : Compte inconnu du plan comptable',
            issues: [{ path: 'CompteCollectif', message: 'Compte inconnu du plan comptable' }],
          },
          400,
        ),
    });
    renderWithSession(<ThirdPartyRuleForm />, me);
    await screen.findByRole('textbox', { name: 'SIREN (nom du fichier FEC)' });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const account = screen.getByRole('textbox', { name: 'Compte collectif' });
    await waitFor(() => expect(account).toHaveAccessibleDescription('Compte inconnu du plan comptable'));
    expect(screen.getByText('Compte collectif : Compte inconnu du plan comptable')).toBeInTheDocument();
  });

  it('R-PAY-10: sets the class-4 account of the shares due to ligues and comités, refused beside the field otherwise', async () => {
    const saved: unknown[] = [];
    const withShares = { ...parametres, CompteQuotesParts: '467000', LibelleQuotesParts: 'Quotes-parts dues' };
    stubApi({
      'GET /api/parametrages-comptables/parametres': () => jsonResponse({ parametres: withShares }),
      'PUT /api/parametrages-comptables/parametres': async (request) => {
        saved.push(await request.json());
        return jsonResponse(withShares);
      },
    });
    renderWithSession(<ThirdPartyRuleForm />, me);
    const account = await screen.findByRole('textbox', { name: 'Compte des quotes-parts dues (classe 4)' });
    expect(account).toHaveValue('467000');
    await userEvent.clear(account);
    await userEvent.type(account, '706000');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const refusal = 'Compte des quotes-parts invalide : un compte de classe 4 (467000 par exemple)';
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(account).toHaveAccessibleDescription(refusal);
    expect(saved).toEqual([]);

    await userEvent.clear(account);
    await userEvent.type(account, '467100');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Modifications enregistrées.')).toBeInTheDocument();
    expect(saved).toEqual([{ ...withShares, CompteQuotesParts: '467100' }]);
  });
});
