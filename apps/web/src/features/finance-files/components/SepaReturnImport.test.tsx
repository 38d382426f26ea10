import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEPA_WRITE, type SepaReturnImportResult, type SepaReturnReport } from '@gdf/domain';
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
    const result: SepaReturnImportResult = { ...preview, idImport: 3 };
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
    expect(screen.getByText(/1 autre transaction sans rejet/)).toBeInTheDocument();
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
});
