import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FLUX_RELAUNCH, SEPA_WRITE, type SepaReturnImportResult, type SepaReturnReport } from '@gdf/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { SepaReturnImport } from './SepaReturnImport';

const withGrant = { ...headOfficeMe(['export__sepa']), grants: { '1318': [SEPA_WRITE] } };

const line = {
  endToEndId: 'GDF-7-501',
  ID_FluxFinancier: 501,
  NomFluxFinancier: 'Prélèvement licences mars',
  ID_Structure: 10,
  NomStructure: 'ASPTT Lyon montagne',
  montantCents: 4_500,
  montantFichierCents: 4_500,
  code: 'AM04',
  motif: 'Provision insuffisante',
  dateRetour: '2026-03-10',
  type: 'rejet',
  etaitRegle: false,
  anomalies: [],
} as const;

const preview: SepaReturnReport = {
  format: 'pain.002.001.03',
  nomFichier: 'rejets mars.xml',
  sha256: 'ab'.repeat(32),
  nbTransactions: 4,
  nbIgnorees: 1,
  dejaImporte: false,
  flux: [
    line,
    {
      ...line,
      ID_FluxFinancier: 502,
      NomStructure: 'Club de Grenoble',
      code: 'AC04',
      motif: 'Compte clos',
      etaitRegle: true,
    },
  ],
  dejaRejetes: [
    {
      ...line,
      ID_FluxFinancier: 503,
      code: 'MS02',
      motif: 'Refus du débiteur',
      codeExistant: 'MD06',
      motifExistant: 'Remboursement demandé par le débiteur',
      dateExistante: '2026-03-01',
    },
  ],
  inconnus: [{ endToEndId: 'GDF-999999-999999', code: 'AC01', motif: 'IBAN incorrect', montantFichierCents: 9_999 }],
};

const xml = () => new File(['<Document/>'], 'rejets mars.xml', { type: 'text/xml' });

afterEach(() => vi.unstubAllGlobals());

describe('Importer un retour bancaire (R-RET-01, R-RET-03)', () => {
  it('is not offered without the SEPA write grant (the server refuses it too)', () => {
    stubApi({});
    renderWithSession(<SepaReturnImport />, headOfficeMe(['export__sepa']));
    expect(screen.queryByText('Importer un retour bancaire')).toBeNull();
  });

  it('previews the chosen file, then imports it after confirmation', async () => {
    const sent: Request[] = [];
    const result: SepaReturnImportResult = { ...preview, idImport: 3, nonAppliques: [] };
    const fetchMock = stubApi({
      'POST /api/exports/sepa/retours/preview': (request) => {
        sent.push(request);
        return jsonResponse(preview);
      },
      'POST /api/exports/sepa/retours': (request) => {
        sent.push(request);
        return jsonResponse(result);
      },
    });
    const user = userEvent.setup();
    renderWithSession(<SepaReturnImport />, withGrant);
    expect(screen.getByRole('heading', { name: 'Importer un retour bancaire' })).toBeInTheDocument();
    expect(screen.getByText(/Aucun fichier choisi/)).toBeInTheDocument();
    // Keyboard: the file chooser is a real button reached by Tab.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Choisir un fichier XML…' })).toHaveFocus();
    await user.upload(screen.getByLabelText('Fichier de retour bancaire (XML)'), xml());

    const table = await screen.findByRole('table', { name: 'Flux qui seront marqués rejetés' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
      ),
    ).toEqual([
      [
        '501',
        'ASPTT Lyon montagne',
        'Prélèvement licences mars',
        '45,00 €',
        'AM04 - Provision insuffisante',
        '10/03/2026',
      ],
      [
        '502',
        'Club de Grenoble',
        'Prélèvement licences mars (marqué réglé : redeviendra non réglé)',
        '45,00 €',
        'AC04 - Compte clos',
        '10/03/2026',
      ],
    ]);
    expect(
      screen.getByText(/rejets mars\.xml \(pain\.002\.001\.03\) : 4 transactions rejetées ou retournées\./),
    ).toBeInTheDocument();
    // R-UI-19: 1 takes the singular, through the whole sentence.
    expect(
      screen.getByText(/1 autre transaction sans rejet \(acceptée ou en attente\) : ignorée\./),
    ).toBeInTheDocument();
    const already = screen.getByRole('table', { name: 'Flux déjà rejetés par un retour précédent' });
    expect(within(already).getByText('MD06 - Remboursement demandé par le débiteur')).toBeInTheDocument();
    const unknown = screen.getByRole('table', { name: 'Références de bout en bout sans flux correspondant' });
    expect(within(unknown).getByText('GDF-999999-999999')).toBeInTheDocument();
    expect(within(unknown).getByText('AC01 - IBAN incorrect')).toBeInTheDocument();

    const request = sent[0] as Request;
    expect(request.headers.get('content-type')).toBe('application/xml');
    expect(request.headers.get('x-file-name')).toBe('rejets%20mars.xml');
    expect(await request.text()).toBe('<Document/>');
    expect(new URL(request.url).searchParams.get('structureId')).toBe('1318');

    await user.click(screen.getByRole('button', { name: 'Importer le retour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer le retour bancaire ?' });
    expect(dialog).toHaveTextContent('2 flux seront marqués rejetés');
    await user.click(within(dialog).getByRole('button', { name: 'Importer le retour' }));
    expect(await screen.findByText('Import terminé : 2 flux marqués rejetés.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('table', { name: 'Flux marqués rejetés' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importer le retour' })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says when the file was imported already, and offers no import', async () => {
    stubApi({
      'POST /api/exports/sepa/retours/preview': () =>
        jsonResponse({ ...preview, dejaImporte: true, flux: [] } satisfies SepaReturnReport),
    });
    const user = userEvent.setup();
    renderWithSession(<SepaReturnImport />, withGrant);
    await user.upload(screen.getByLabelText('Fichier de retour bancaire (XML)'), xml());
    expect(await screen.findByText(/Ce fichier a déjà été importé/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importer le retour' })).toBeDisabled();
  });

  it('shows the empty state when nothing in the file is ours to reject', async () => {
    stubApi({
      'POST /api/exports/sepa/retours/preview': () =>
        jsonResponse({ ...preview, flux: [], dejaRejetes: [] } satisfies SepaReturnReport),
    });
    const user = userEvent.setup();
    renderWithSession(<SepaReturnImport />, withGrant);
    await user.upload(screen.getByLabelText('Fichier de retour bancaire (XML)'), xml());
    expect(await screen.findByText('Aucun flux à marquer rejeté dans ce fichier.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importer le retour' })).toBeDisabled();
  });

  it("shows the server's French refusal (a DOCTYPE, a file too large)", async () => {
    stubApi({
      'POST /api/exports/sepa/retours/preview': () =>
        jsonResponse(
          {
            message:
              'Fichier refusé : il contient une déclaration DOCTYPE (DTD, entités externes), interdite dans un relevé bancaire.',
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderWithSession(<SepaReturnImport />, withGrant);
    await user.upload(screen.getByLabelText('Fichier de retour bancaire (XML)'), xml());
    expect(await screen.findByText(/il contient une déclaration DOCTYPE/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Importer le retour' })).toBeNull();
  });

  it('R-RET-05: a return that does not fit its debit is listed apart and sent only when ticked', async () => {
    const odd = {
      ...line,
      ID_FluxFinancier: 504,
      montantFichierCents: 4_000,
      anomalies: [
        { code: 'montant' as const, message: 'Montant du retour (40,00 €) différent du prélèvement (45,00 €)' },
      ],
    };
    const sent: Request[] = [];
    stubApi({
      'POST /api/exports/sepa/retours/preview': () => jsonResponse({ ...preview, flux: [line, odd] }),
      'POST /api/exports/sepa/retours': (request) => {
        sent.push(request);
        return jsonResponse({ ...preview, flux: [line, odd], idImport: 4, nonAppliques: [] });
      },
    });
    const user = userEvent.setup();
    renderWithSession(<SepaReturnImport />, withGrant);
    await user.upload(screen.getByLabelText('Fichier de retour bancaire (XML)'), xml());
    const fitting = await screen.findByRole('table', { name: 'Flux qui seront marqués rejetés' });
    expect(within(fitting).getAllByRole('row')).toHaveLength(2);
    const anomalies = screen.getByRole('table', { name: 'Retours qui ne correspondent pas à leur prélèvement' });
    expect(within(anomalies).getByText(/Montant du retour \(40,00/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Appliquer aussi ce retour en anomalie' }));
    await user.click(screen.getByRole('button', { name: 'Importer le retour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer le retour bancaire ?' });
    expect(dialog).toHaveTextContent('2 flux seront marqués rejetés');
    await user.click(within(dialog).getByRole('button', { name: 'Importer le retour' }));
    await screen.findByText('Import terminé : 2 flux marqués rejetés.');
    expect(new URL((sent[0] as Request).url).searchParams.get('confirmerAnomalies')).toBe('true');
  });

  it('R-RET-06: the result links to each flux and the search, and relaunches the selection for the grant holder', async () => {
    const relaunched: unknown[] = [];
    stubApi({
      'POST /api/exports/sepa/retours/preview': () => jsonResponse(preview),
      'POST /api/exports/sepa/retours': () => jsonResponse({ ...preview, idImport: 3, nonAppliques: [] }),
      'POST /api/exports/sepa/retours/relance': async (request) => {
        relaunched.push(await request.json());
        return jsonResponse({
          relances: [{ ID_FluxFinancier: 501, ID_FluxFinancierRelance: 901 }],
          dejaRelances: [{ ID_FluxFinancier: 502, ID_FluxFinancierRelance: 902 }],
        });
      },
    });
    const user = userEvent.setup();
    renderWithSession(<SepaReturnImport />, { ...withGrant, grants: { '1318': [SEPA_WRITE, FLUX_RELAUNCH] } });
    await user.upload(screen.getByLabelText('Fichier de retour bancaire (XML)'), xml());
    await user.click(await screen.findByRole('button', { name: 'Importer le retour' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Importer le retour' }));
    const link = await screen.findByRole('link', { name: 'Voir le flux 501 dans la recherche' });
    expect(link.getAttribute('href')).toContain('numero=501');
    const search = screen.getByRole('link', { name: 'Voir dans la recherche' });
    expect(new URL(search.getAttribute('href') as string, 'http://localhost').searchParams.get('flux')).toBe('501,502');
    await user.click(screen.getByRole('button', { name: 'Relancer la sélection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relancer ces prélèvements ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Relancer la sélection' }));
    expect(await screen.findByText('1 prélèvement relancé ; 1 l’était déjà.')).toBeInTheDocument();
    expect(relaunched).toEqual([{ ids: [501, 502] }]);
  });

  it('R-PERM-08: without the relaunch grant the result offers the search, not the relaunch', async () => {
    stubApi({
      'POST /api/exports/sepa/retours/preview': () => jsonResponse(preview),
      'POST /api/exports/sepa/retours': () => jsonResponse({ ...preview, idImport: 3, nonAppliques: [] }),
    });
    const user = userEvent.setup();
    renderWithSession(<SepaReturnImport />, withGrant);
    await user.upload(screen.getByLabelText('Fichier de retour bancaire (XML)'), xml());
    await user.click(await screen.findByRole('button', { name: 'Importer le retour' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Importer le retour' }));
    expect(await screen.findByRole('link', { name: 'Voir dans la recherche' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Relancer la sélection' })).toBeNull();
  });
});
