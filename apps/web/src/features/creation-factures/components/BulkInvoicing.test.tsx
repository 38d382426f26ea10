import type { BulkLotView } from '@gdf/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { bulkJob, invoicingMe } from '@/test/draft-fixtures';
import { BulkInvoicing } from './BulkInvoicing';

/** Structures by type, as the GraphQL search answers the pickers. */
const STRUCTURES: Record<number, Array<{ id: number; NomStructure: string; ID_CodeFederal: string | null }>> = {
  4: [{ id: 202, NomStructure: 'Ligue Auvergne-Rhône-Alpes', ID_CodeFederal: '084000' }],
  5: [{ id: 303, NomStructure: 'Comité du Rhône', ID_CodeFederal: '069000' }],
  0: [{ id: 101, NomStructure: 'Club Alpin de Lyon', ID_CodeFederal: '069001' }],
};

const LOT: BulkLotView = {
  id: 5,
  cle: 'lot-x',
  libelle: 'Cotisation',
  traitementId: 61,
  nombre: 2,
  emises: [{ structureId: 101, structure: 'Club Alpin de Lyon', fluxId: 900, numero: '2027-FFME-900' }],
  ignorees: [{ structureId: 104, structure: 'Club Bloqué', raison: 'Structure bloquée' }],
};

function bulkApi() {
  const searches: string[] = [];
  const bodies: Record<string, unknown> = {};
  let reads = 0;
  const fetchMock = stubApi({
    'POST /v1/graphql': async (request) => {
      const where = JSON.stringify(((await request.json()) as { variables: { where: unknown } }).variables.where);
      searches.push(where);
      const type = /"ID_TypeStructure":\{"_in":\[(\d)\]\}/.exec(where)?.[1];
      const byId = /^\{"id":\{"_eq":(\d+)\}\}$/.exec(where)?.[1];
      const all = Object.values(STRUCTURES).flat();
      const rows = byId ? all.filter((s) => s.id === Number(byId)) : STRUCTURES[Number(type ?? 0)]!;
      return jsonResponse({ data: { STR_Structure: rows } });
    },
    'POST /api/creation-factures/lots/apercu': async (request) => {
      bodies.preview = await request.json();
      return jsonResponse({
        nombre: 1,
        totalCentimes: 5_000,
        structures: [{ structureId: 101, structure: 'Club Alpin de Lyon', codeFederal: '069001' }],
        ignorees: [{ structureId: 104, structure: 'Club Bloqué', raison: 'Structure bloquée' }],
      });
    },
    'POST /api/creation-factures/lots': async (request) => {
      bodies.issue = await request.json();
      return jsonResponse({ lotId: 5, traitement: bulkJob() }, 202);
    },
    // The job moves on the first read, then is over with its summary.
    'GET /api/traitements/61': () =>
      jsonResponse(
        reads++ === 0
          ? bulkJob({ fait: 2 })
          : bulkJob({
              statut: 'termine',
              fait: 3,
              annulable: false,
              resultat: { lotId: 5, emises: 1, totalCentimes: 5_000, ignorees: LOT.ignorees },
            }),
      ),
    'GET /api/creation-factures/lots/5': () => jsonResponse(LOT),
  });
  return { searches, bodies, fetchMock };
}

type User = ReturnType<typeof userEvent.setup>;

/** Pasted rather than typed key by key: the form is large, and the machine often loaded. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function pick(user: User, label: string, text: string, option: string) {
  await fill(user, screen.getByRole('combobox', { name: label }), text);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The invoice's label and one free line of 50 €. */
async function fillInvoice(user: User) {
  await fill(user, screen.getByRole('textbox', { name: 'Libellé de la facture' }), 'Cotisation');
  await fill(user, screen.getByRole('textbox', { name: 'Désignation' }), 'Cotisation annuelle');
  await fill(user, screen.getByRole('textbox', { name: 'Prix unitaire (€)' }), '50');
}

describe('bulk invoicing (R-INV-08, R-INV-09)', () => {
  it('selects by ligue and comité, each picker offering only its type', async () => {
    const { searches, bodies } = bulkApi();
    const user = userEvent.setup();
    renderWithSession(<BulkInvoicing structureId={1318} tarifs={[]} mayWrite />, invoicingMe(true));
    await pick(user, 'Ligue (la ligue et ses structures)', 'Ligue', 'Ligue Auvergne-Rhône-Alpes (084000)');
    await pick(user, 'Comité (le comité et ses structures)', 'Rhône', 'Comité du Rhône (069000)');
    expect(searches.some((w) => w.includes('"ID_TypeStructure":{"_in":[4]}') && w.includes('%Ligue%'))).toBe(true);
    expect(searches.some((w) => w.includes('"ID_TypeStructure":{"_in":[5]}') && w.includes('%Rhône%'))).toBe(true);
    await fillInvoice(user);
    await user.click(screen.getByRole('button', { name: 'Aperçu du lot' }));
    expect(await screen.findByText(/1 facture\(s\), total 50,00/)).toBeInTheDocument();
    expect(bodies.preview).toMatchObject({ selection: { ligueId: 202, comiteId: 303 } });
  });

  it('makes a list of structures picked by name, each one removable', async () => {
    const { bodies } = bulkApi();
    const user = userEvent.setup();
    renderWithSession(<BulkInvoicing structureId={1318} tarifs={[]} mayWrite />, invoicingMe(true));
    await pick(user, 'Ajouter une structure à la liste', 'Alpin', 'Club Alpin de Lyon (069001)');
    // The list picker empties itself once a structure is added; the list names it.
    expect(screen.getByRole('combobox', { name: 'Ajouter une structure à la liste' })).toHaveValue('');
    const list = screen.getByRole('list', { name: 'Liste de structures' });
    expect(within(list).getByText('Club Alpin de Lyon (069001)')).toBeInTheDocument();
    await fillInvoice(user);
    await user.click(screen.getByRole('button', { name: 'Aperçu du lot' }));
    expect(await screen.findByText(/1 facture\(s\), total 50,00/)).toBeInTheDocument();
    expect(bodies.preview).toMatchObject({ selection: { structureIds: [101] } });
    await user.click(screen.getByRole('button', { name: 'Retirer Club Alpin de Lyon de la liste' }));
    expect(screen.queryByRole('list', { name: 'Liste de structures' })).not.toBeInTheDocument();
    expect(screen.queryByText(/1 facture\(s\), total/)).not.toBeInTheDocument();
  });

  it('issues the previewed lot, shows its job moving, then its report on the page', async () => {
    const { bodies } = bulkApi();
    const user = userEvent.setup();
    renderWithSession(<BulkInvoicing structureId={1318} tarifs={[]} mayWrite />, invoicingMe(true));
    await user.click(screen.getByRole('combobox', { name: 'Affiliation sur la saison en cours' }));
    await user.click(await screen.findByRole('option', { name: 'Affiliées' }));
    await fillInvoice(user);
    const issue = screen.getByRole('button', { name: 'Émettre le lot' });
    expect(issue).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Aperçu du lot' }));
    expect(await screen.findByText(/1 facture\(s\), total 50,00/)).toBeInTheDocument();
    await user.click(issue);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Émettre le lot' }));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    const report = await screen.findByRole('region', { name: 'Compte rendu du lot' });
    expect(within(report).getByText(/1 facture\(s\) émise\(s\), total 50,00/)).toBeInTheDocument();
    expect(within(report).getByRole('link', { name: 'Facture 2027-FFME-900 de Club Alpin de Lyon' })).toHaveAttribute(
      'href',
      '/gestion-des-finances/flux-financiers/900/facture',
    );
    expect(within(report).getByText('Club Bloqué : Structure bloquée')).toBeInTheDocument();
    expect(bodies.issue).toMatchObject({ cle: expect.stringMatching(/^lot-/), selection: { affiliation: 'affiliee' } });
  });

  it('asks for a criterion before any preview, and for a new preview when the selection changes', async () => {
    bulkApi();
    const user = userEvent.setup();
    renderWithSession(<BulkInvoicing structureId={1318} tarifs={[]} mayWrite />, invoicingMe(true));
    await fill(user, screen.getByRole('textbox', { name: 'Prix unitaire (€)' }), '50');
    await user.click(screen.getByRole('button', { name: 'Aperçu du lot' }));
    expect(
      await screen.findByText('Choisissez au moins un critère : type, ligue, comité, affiliation ou liste.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Type de structure' }));
    await user.click(await screen.findByRole('option', { name: 'Club' }));
    await user.click(screen.getByRole('button', { name: 'Aperçu du lot' }));
    expect(await screen.findByText(/1 facture\(s\), total/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Émettre le lot' })).toBeEnabled();
    await user.click(screen.getByRole('combobox', { name: 'Affiliation sur la saison en cours' }));
    await user.click(await screen.findByRole('option', { name: 'Non affiliées' }));
    expect(screen.queryByText(/1 facture\(s\), total/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Émettre le lot' })).toBeDisabled();
  });
});
