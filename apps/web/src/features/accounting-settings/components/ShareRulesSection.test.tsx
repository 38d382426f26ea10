import type { MeResponse, ShareRulesAnswer } from '@gdf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe, meFixture } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi, type ApiHandler } from '@/test/stub-api';
import { ShareRulesSection } from './ShareRulesSection';

const MODULE = 'parametrages_comptables__flux_financier';
const reader = headOfficeMe([MODULE]);
const writer: MeResponse = { ...reader, grants: { '1318': [`${MODULE}:ecriture`] } };

const ANSWER: ShareRulesAnswer = {
  regles: [
    {
      id: 1,
      categorie: 1,
      tarif: null,
      cible: 'Licence',
      niveau: 'ligue',
      mode: 'taux',
      valeur: 1_000,
      saisonDebut: 2026,
      creeLe: '2026-09-01T08:00:00.000Z',
    },
    {
      id: 2,
      categorie: null,
      tarif: 12,
      cible: 'Licence adulte',
      niveau: 'comite',
      mode: 'montant',
      valeur: 700,
      saisonDebut: 2027,
      creeLe: '2026-09-01T08:00:00.000Z',
    },
  ],
  categories: [
    { id: 1, nom: 'Licence' },
    { id: 2, nom: 'Assurance' },
  ],
  tarifs: [{ id: 12, nom: 'Licence adulte', prixCentimes: 5_650, saison: 2027 }],
  saisons: [
    { id: 2027, nom: '2026-2027' },
    { id: 2026, nom: '2025-2026' },
  ],
};

/** The seasons the app knows: 2026 flagged current, though 2027 is the latest. */
const seasons: ApiHandler = () =>
  jsonResponse({
    data: {
      FEDE_Saison: [
        { id: 2027, NomSaison: '2026-2027', EST_SaisonCourante: false },
        { id: 2026, NomSaison: '2025-2026', EST_SaisonCourante: true },
      ],
    },
  });

/** The API of the section: the rules (GET, counted) and what PUT answers, the bodies it got kept. */
function stubRules(put: ApiHandler = () => jsonResponse(ANSWER.regles[0])) {
  const sent: unknown[] = [];
  let reads = 0;
  stubApi({
    'GET /api/quotes-parts/regles': () => {
      reads += 1;
      return jsonResponse(ANSWER);
    },
    'PUT /api/quotes-parts/regles': async (request) => {
      sent.push(await request.json());
      return put(request);
    },
    'POST /v1/graphql': seasons,
  });
  return { sent, reads: () => reads };
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => vi.unstubAllGlobals());

describe('R-PAY-01: the levels’ share rules in Paramétrages comptables', () => {
  it('lists each rule in French: target, level, a rate or an amount per unit, its first season', async () => {
    stubRules();
    renderWithSession(<ShareRulesSection />, reader);
    const table = await screen.findByRole('table', { name: 'Quotes-parts des ligues et comités' });
    expect(screen.getByRole('heading', { level: 3, name: 'Quotes-parts des ligues et comités' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^Catégorie : LicenceLigue10\s%2025-2026$/);
    expect(rows[2]).toHaveTextContent(
      /^Tarif : Licence adulte · 56,50\s€ · saison 2026-2027Comité7,00\s€ par unité2026-2027$/,
    );
    // R-PAY-03: the rounding, said once.
    expect(screen.getByText('Arrondi au centime inférieur ; le reste revient à la fédération.')).toBeInTheDocument();
  });

  it('says when there is no rule, and offers Réessayer when the rules failed to load', async () => {
    stubApi({ 'GET /api/quotes-parts/regles': () => jsonResponse({ ...ANSWER, regles: [] }) });
    const view = renderWithSession(<ShareRulesSection />, reader);
    expect(
      await screen.findByText('Aucune quote-part : la fédération garde tout ce qu’elle encaisse.'),
    ).toBeInTheDocument();
    view.unmount();

    stubApi({ 'GET /api/quotes-parts/regles': () => jsonResponse({ message: 'boom' }, 500) });
    renderWithSession(<ShareRulesSection />, reader);
    expect(await screen.findByText('Les quotes-parts n’ont pas pu être chargées.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('sends a rate typed in % as basis points, from the current season, then reads the list again', async () => {
    const api = stubRules();
    const user = userEvent.setup();
    renderWithSession(<ShareRulesSection />, writer);
    await screen.findByRole('table', { name: 'Quotes-parts des ligues et comités' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'À partir de la saison' })).toHaveTextContent('2025-2026'),
    );
    await choose(user, 'Catégorie ou tarif', 'Assurance');
    await choose(user, 'Niveau', 'Comité');
    await user.type(screen.getByRole('textbox', { name: 'Taux (%)' }), '12,5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la quote-part' }));
    expect(await screen.findByText('Quote-part enregistrée.')).toBeInTheDocument();
    expect(api.sent).toEqual([{ categorie: 2, niveau: 'comite', mode: 'taux', valeur: 1_250, saisonDebut: 2026 }]);
    await waitFor(() => expect(api.reads()).toBe(2));
    expect(screen.getByRole('textbox', { name: 'Taux (%)' })).toHaveValue('');
  });

  it('sends an amount typed in € as cents, exactly, for a tarif and the season chosen', async () => {
    const api = stubRules();
    const user = userEvent.setup();
    renderWithSession(<ShareRulesSection />, writer);
    await screen.findByRole('table', { name: 'Quotes-parts des ligues et comités' });
    await choose(user, 'Catégorie ou tarif', /^Licence adulte · 56,50\s€ · saison 2026-2027$/);
    await choose(user, 'Mode', 'Montant par unité');
    await choose(user, 'À partir de la saison', '2026-2027');
    await user.type(screen.getByRole('textbox', { name: 'Montant par unité (€)' }), '7,05');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la quote-part' }));
    await waitFor(() =>
      expect(api.sent).toEqual([{ tarif: 12, niveau: 'ligue', mode: 'montant', valeur: 705, saisonDebut: 2027 }]),
    );
  });

  it('refuses a value it cannot read or a rate above 100 % beside the field, without asking the server', async () => {
    const api = stubRules();
    const user = userEvent.setup();
    renderWithSession(<ShareRulesSection />, writer);
    await screen.findByRole('table', { name: 'Quotes-parts des ligues et comités' });
    const submit = screen.getByRole('button', { name: 'Enregistrer la quote-part' });
    await user.click(submit);
    expect(screen.getByRole('combobox', { name: 'Catégorie ou tarif' })).toHaveAccessibleDescription(
      'Choisissez une catégorie ou un tarif.',
    );
    await choose(user, 'Catégorie ou tarif', 'Licence');
    // A category's share is a rate: the amount per unit is not offered.
    await user.click(screen.getByRole('combobox', { name: 'Mode' }));
    expect(await screen.findByRole('option', { name: 'Montant par unité' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    const rate = screen.getByRole('textbox', { name: 'Taux (%)' });
    await user.type(rate, '12,345');
    await user.click(submit);
    expect(rate).toHaveAccessibleDescription('Taux invalide : un pourcentage, deux décimales au plus (ex. 12,5).');
    await user.clear(rate);
    await user.type(rate, '100,01');
    await user.click(submit);
    expect(rate).toHaveAccessibleDescription('Un taux ne peut dépasser 100 %.');
    expect(api.sent).toEqual([]);
  });

  it('shows the server’s French refusal under the form', async () => {
    const refusal =
      'Les quotes-parts de la ligue et du comité dépassent ensemble le prix : la part de la fédération serait négative.';
    const api = stubRules(() => jsonResponse({ message: refusal }, 400));
    const user = userEvent.setup();
    renderWithSession(<ShareRulesSection />, writer);
    await screen.findByRole('table', { name: 'Quotes-parts des ligues et comités' });
    await choose(user, 'Catégorie ou tarif', 'Licence');
    await user.type(screen.getByRole('textbox', { name: 'Taux (%)' }), '95');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la quote-part' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(api.sent).toHaveLength(1);
    expect(api.reads()).toBe(1);
  });

  it('shows a reader without the write grant the rules and no form', async () => {
    stubRules();
    renderWithSession(<ShareRulesSection />, reader);
    await screen.findByRole('table', { name: 'Quotes-parts des ligues et comités' });
    expect(screen.queryByRole('button', { name: 'Enregistrer la quote-part' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Catégorie ou tarif' })).toBeNull();
  });

  it('shows a structure other than the head office nothing of the section, no error either', async () => {
    const fetchMock = stubApi({
      'GET /api/quotes-parts/regles': () =>
        jsonResponse({ message: 'Les quotes-parts et leurs reversements sont fixés par le siège fédéral.' }, 403),
    });
    const view = renderWithSession(<ShareRulesSection />, meFixture);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(view.container).toBeEmptyDOMElement();
  });
});
