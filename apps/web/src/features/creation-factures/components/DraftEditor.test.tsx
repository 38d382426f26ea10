import type { DraftView } from '@gdf/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { invoicingMe } from '@/test/draft-fixtures';
import { DraftEditor } from './DraftEditor';

const CLUB = { id: 101, NomStructure: 'Club Alpin de Lyon', ID_CodeFederal: '069001' };

/** The GraphQL structure reads: the `where` of each, and the club for any of them. */
function structuresApi(wheres: unknown[], draftBody: { current?: unknown }) {
  return stubApi({
    'POST /v1/graphql': async (request) => {
      const { variables } = (await request.json()) as { variables: { where: unknown } };
      wheres.push(variables.where);
      return jsonResponse({ data: { STR_Structure: [CLUB] } });
    },
    'POST /api/creation-factures/brouillons': async (request) => {
      draftBody.current = await request.json();
      return jsonResponse({ id: 9 }, 201);
    },
  });
}

describe('the draft editor (R-INV-01, R-SCOPE-02)', () => {
  it('bills a structure picked by its name among the federation’s, never a typed id', async () => {
    const wheres: unknown[] = [];
    const sent: { current?: unknown } = {};
    structuresApi(wheres, sent);
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithSession(
      <DraftEditor structureId={1318} draft={null} tarifs={[]} onSaved={onSaved} onCancel={() => {}} />,
      invoicingMe(true),
    );
    const picker = screen.getByRole('combobox', { name: 'Structure facturée' });
    // Pasted rather than typed key by key: the form is large, and the machine often loaded.
    await user.click(picker);
    await user.paste('Alpin');
    await user.click(await screen.findByRole('option', { name: 'Club Alpin de Lyon (069001)' }));
    expect(picker).toHaveValue('Club Alpin de Lyon (069001)');
    const search = JSON.stringify(wheres.find((where) => JSON.stringify(where).includes('_ilike')));
    expect(search).toContain('{"ID_Federation":{"_eq":1318}}');
    expect(search).toContain('%Alpin%');
    await user.click(screen.getByRole('textbox', { name: 'Libellé de la facture' }));
    await user.paste('Stage');
    await user.click(screen.getByRole('textbox', { name: 'Désignation' }));
    await user.paste('Journée');
    await user.click(screen.getByRole('textbox', { name: 'Prix unitaire (€)' }));
    await user.paste('45,00');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent.current).toMatchObject({
      structureId: 101,
      libelle: 'Stage',
      lignes: [{ libelle: 'Journée', prixUnitaireCentimes: 4_500, quantite: 1 }],
    });
  });

  it('names the structure of a saved draft in the picker', async () => {
    structuresApi([], {});
    const saved: DraftView = {
      id: 7,
      structureId: 101,
      structure: 'Club Alpin de Lyon',
      libelle: 'Stage',
      categorie: 4,
      echeance: '2026-12-20',
      note: '',
      lignes: [{ rang: 1, libelle: 'Journée', tarifId: null, prixUnitaireCentimes: 4_500, quantite: 2 }],
      totalCentimes: 9_000,
      version: 1,
      creeLe: '2026-11-23T10:00:00.000Z',
      modifieLe: '2026-11-23T10:00:00.000Z',
      fluxId: null,
      numero: null,
    };
    renderWithSession(
      <DraftEditor structureId={1318} draft={saved} tarifs={[]} onSaved={() => {}} onCancel={() => {}} />,
      invoicingMe(true),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Structure facturée' })).toHaveValue('Club Alpin de Lyon (069001)'),
    );
  });
});
