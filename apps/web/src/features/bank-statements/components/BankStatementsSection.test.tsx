import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEPA_WRITE, type BankStatementImportResult, type MeResponse } from '@gdf/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi, type ApiHandler } from '@/test/stub-api';
import { BankStatementsSection } from './BankStatementsSection';
import { creditToProcess, entryPage, reconciledCredit, statement } from './test-data';

const withGrant: MeResponse = { ...headOfficeMe(['export__sepa']), grants: { '1318': [SEPA_WRITE] } };
const LIST = 'GET /api/exports/sepa/releves';
const ENTRIES = 'GET /api/exports/sepa/releves/7/ecritures';
const CONFIRM = 'POST /api/exports/sepa/releves/ecritures/41/rapprochement';
const UNDO = 'DELETE /api/exports/sepa/releves/ecritures/41/rapprochement';

afterEach(() => vi.unstubAllGlobals());

/** The section with the statement list answering `handlers` on top of one statement. */
function renderSection(handlers: Record<string, ApiHandler> = {}, me: MeResponse = withGrant) {
  const fetchMock = stubApi({ [LIST]: () => jsonResponse([statement]), ...handlers });
  const user = userEvent.setup();
  renderWithSession(<BankStatementsSection />, me);
  return { fetchMock, user };
}

const importResult: BankStatementImportResult = {
  format: 'camt.053.001.08',
  nomFichier: 'releve mars.xml',
  releves: [
    {
      id: 7,
      identifiant: 'STMT-2026-03',
      dateDebut: '2026-03-01',
      dateFin: '2026-03-31',
      nouveau: true,
      nbEcritures: 3,
      nbEcrituresAjoutees: 3,
    },
    {
      id: 6,
      identifiant: 'STMT-2026-02',
      dateDebut: '2026-02-01',
      dateFin: '2026-02-28',
      nouveau: false,
      nbEcritures: 5,
      nbEcrituresAjoutees: 0,
    },
  ],
  nbPropositionsSures: 2,
};

describe('Relevés bancaires (R-BANK-01): import', () => {
  it('sends the raw file with its name, says what was imported and opens the first statement', async () => {
    const sent: Request[] = [];
    const { user } = renderSection({
      'POST /api/exports/sepa/releves': (request) => {
        sent.push(request);
        return jsonResponse(importResult);
      },
      [ENTRIES]: () => jsonResponse(entryPage([creditToProcess()])),
    });
    const file = new File(['0120...'], 'relevé mars.120', { type: '' });
    // Keyboard: the file chooser is a real button reached by Tab.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Importer un relevé…' })).toHaveFocus();
    await user.upload(screen.getByLabelText('Fichier de relevé bancaire (camt.053 ou CFONB 120)'), file);

    expect(await screen.findByRole('status', { name: 'Résultat de l’import' })).toHaveTextContent(
      'releve mars.xml (camt.053.001.08) : 1 relevé importé · 1 relevé déjà importé · 3 écritures ajoutées · 2 propositions sûres.',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get('X-File-Name')).toBe(encodeURIComponent('relevé mars.120'));
    expect(new URL(sent[0]!.url).searchParams.get('structureId')).toBe('1318');
    expect(await sent[0]!.text()).toBe('0120...');
    expect(await screen.findByRole('heading', { name: /Écritures du relevé STMT-2026-03/ })).toBeInTheDocument();
  });

  it('R-JOB-07: a large file is imported in the background: confirmed in French, its progress, the list read again at its end', async () => {
    let listReads = 0;
    let readsAtEnd: number | undefined;
    const job = {
      id: 31,
      type: 'import_releve_bancaire',
      libelle: 'Import du relevé bancaire gros.xml (2 500 écritures)',
      statut: 'en_cours',
      annulationDemandee: false,
      fait: 500,
      total: 2_500,
      etape: 'Écritures enregistrées (relevé STMT-9)',
      creeLe: '2026-11-24T09:00:00.000Z',
      debuteLe: '2026-11-24T09:00:01.000Z',
      termineLe: null,
      erreur: null,
      resultat: null,
      fichier: null,
      annulable: true,
    };
    const { user } = renderSection({
      [LIST]: () => {
        listReads++;
        return jsonResponse([statement]);
      },
      'POST /api/exports/sepa/releves': () => jsonResponse({ traitement: job }, 202),
      'GET /api/traitements/31': () => {
        readsAtEnd ??= listReads;
        return jsonResponse({ ...job, statut: 'termine', fait: 2_500 });
      },
    });
    await user.upload(
      screen.getByLabelText('Fichier de relevé bancaire (camt.053 ou CFONB 120)'),
      new File(['<Document/>'], 'gros.xml'),
    );
    expect(await screen.findByText(/Ce relevé est volumineux : il est importé en arrière-plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Suivre dans « Mes traitements »' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Résultat de l’import' })).toBeNull();
    // Read again once the job said it had ended.
    await waitFor(() => expect(listReads).toBeGreaterThan(readsAtEnd!));
  });

  it("shows the server's French refusal as it is", async () => {
    const refusal =
      'Le relevé porte sur le compte FR76 •••• 0000, qui n’est pas un compte du siège (RIB du siège ou compte créancier SEPA) : import refusé.';
    const { user } = renderSection({
      'POST /api/exports/sepa/releves': () => jsonResponse({ message: refusal }, 422),
    });
    await user.upload(
      screen.getByLabelText('Fichier de relevé bancaire (camt.053 ou CFONB 120)'),
      new File(['<Document/>'], 'autre.xml'),
    );
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('is read-only without the SEPA write grant: no import, no Rapprocher', async () => {
    renderSection({ [ENTRIES]: () => jsonResponse(entryPage([creditToProcess()])) }, headOfficeMe(['export__sepa']));
    await user_open();
    expect(screen.queryByRole('button', { name: 'Importer un relevé…' })).toBeNull();
    expect(
      await screen.findByText('Facture 2026-FFME-501 · Club alpin de Lyon · Licences mars · reste dû 1 234,56 €', {
        normalizer: spaces,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rapprocher/ })).toBeNull();
  });
});

/** Testing-library's default normaliser keeps the narrow no-break spaces of fr-FR amounts. */
const spaces = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

async function user_open() {
  const table = await screen.findByRole('table', { name: 'Relevés bancaires importés' });
  await userEvent.click(within(table).getByRole('button', { name: 'Voir les écritures du relevé STMT-2026-03' }));
}

describe('Relevés bancaires (R-BANK-07): statements and entries', () => {
  it('lists the statements with period, account, balances in euros and the counts', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: 'Relevés bancaires importés' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => spaces(cell.textContent ?? '')),
    ).toEqual([
      'du 01/03/2026 au 31/03/2026',
      'STMT-2026-03',
      'FR76 •••• 0189',
      '10 000,00 €',
      '11 234,56 €',
      '1',
      '2',
      'Voir les écritures',
    ]);
    expect(screen.getByText('Choisissez un relevé pour voir ses écritures.')).toBeInTheDocument();
  });

  it("confirms the best proposal in one click with the domain's default parts, then says so and refreshes", async () => {
    const bodies: unknown[] = [];
    let reconciled = false;
    const { fetchMock } = renderSection({
      [ENTRIES]: (request) => {
        const filter = new URL(request.url).searchParams.get('filtre');
        expect(filter).toBe('a_traiter');
        return jsonResponse(entryPage(reconciled ? [] : [creditToProcess()]));
      },
      [CONFIRM]: async (request) => {
        bodies.push(await request.json());
        reconciled = true;
        return jsonResponse(reconciledCredit());
      },
    });
    await user_open();
    const proposals = await screen.findByRole('list', { name: /^Propositions pour le crédit de 1.234,56.€$/ });
    const [best, other] = within(proposals).getAllByRole('listitem');
    expect(within(best!).getByLabelText('Confiance : Sûre')).toHaveTextContent('Sûre');
    expect(within(best!).getByText('N° de facture')).toBeInTheDocument();
    expect(within(best!).getByText('Montant identique')).toBeInTheDocument();
    expect(within(other!).getByText('Possible')).toBeInTheDocument();
    expect(within(other!).getByText('Montant différent')).toBeInTheDocument();

    const listCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/exports/sepa/releves?')).length;
    const before = listCalls();
    await userEvent.click(within(best!).getByRole('button', { name: 'Rapprocher de Facture 2026-FFME-501' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Crédit de 1.234,56.€ rapproché : 1 flux réglé\.$/);
    expect(bodies).toEqual([{ parts: [{ ID_FluxFinancier: 501, montantCents: 123_456 }] }]);
    // The list and its counts are fetched again; the entry left 'À traiter'.
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    expect(await screen.findByText('Aucune écriture à traiter.')).toBeInTheDocument();
  });

  it('caps the parts of a proposal at the credit: a partial payment settles part of the flux', async () => {
    const bodies: unknown[] = [];
    renderSection({
      [ENTRIES]: () =>
        jsonResponse(
          entryPage([
            creditToProcess({
              montantCents: 5_000,
              propositions: [
                {
                  flux: [
                    { ...creditToProcess().propositions[0]!.flux[0]!, resteDuCents: 3_000 },
                    { ...creditToProcess().propositions[1]!.flux[0]!, resteDuCents: 4_000 },
                  ],
                  resteDuCents: 7_000,
                  score: 80,
                  confiance: 'probable',
                  raisons: ['iban', 'montant_structure'],
                  autreStructure: false,
                  debitRejets: null,
                },
              ],
            }),
          ]),
        ),
      [CONFIRM]: async (request) => {
        bodies.push(await request.json());
        return jsonResponse({ message: 'Le flux 502 a été modifié.' }, 409);
      },
    });
    await user_open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Rapprocher de Facture 2026-FFME-501, Facture 2026-FFME-502' }),
    );
    expect(await screen.findByText('Le flux 502 a été modifié.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        parts: [
          { ID_FluxFinancier: 501, montantCents: 3_000 },
          { ID_FluxFinancier: 502, montantCents: 2_000 },
        ],
      },
    ]);
  });

  it("shows a reconciled entry's parts and undoes it after confirmation", async () => {
    let undone = false;
    const { fetchMock } = renderSection({
      [ENTRIES]: (request) => {
        const filter = new URL(request.url).searchParams.get('filtre');
        return jsonResponse(entryPage(filter === 'rapprochees' && !undone ? [reconciledCredit()] : []));
      },
      [UNDO]: () => {
        undone = true;
        return jsonResponse(creditToProcess());
      },
    });
    await user_open();
    expect(await screen.findByText('Aucune écriture à traiter.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rapprochées' }));
    const parts = await screen.findByRole('list', { name: 'Flux rapprochés' });
    expect(spaces(parts.textContent ?? '')).toBe(
      'Facture 2026-FFME-501 · Club alpin de Lyon · Licences mars : 1 234,56 €réglé',
    );
    expect(screen.getByText('Rapprochée le 02/04/2026 par Siège Démo')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Annuler le rapprochement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler ce rapprochement ?' });
    // Closing the dialog keeps the reconciliation.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Garder' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler le rapprochement' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuler le rapprochement' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(/Rapprochement du crédit de 1.234,56.€ annulé\./);
    expect(await screen.findByText('Aucune écriture rapprochée.')).toBeInTheDocument();
  });

  it('pages the entries with the server', async () => {
    const pages: (string | null)[] = [];
    renderSection({
      [ENTRIES]: (request) => {
        pages.push(new URL(request.url).searchParams.get('page'));
        return jsonResponse(entryPage([creditToProcess()], 45));
      },
    });
    await user_open();
    expect(await screen.findByText('45 écritures')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(pages).toEqual(['1', '2']));
    expect(screen.getByRole('button', { name: 'Page actuelle, page 2' })).toBeInTheDocument();
  });
});
