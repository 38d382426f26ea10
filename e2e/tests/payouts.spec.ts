import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { camt053Xml } from '../../apps/server/test/integration/support/statement-writer';
import { expectNoAxeViolations } from './support/accessibility';
import { graphql, licenceFlux, type Licensee } from './support/bank-flux';
import { signIn } from './support/session';

test.describe.configure({ timeout: 180_000 });

/** The official schemas, copied unmodified in the repository's test-fixtures (its README). */
const XSD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'test-fixtures',
  'xsd',
  'pain.001.001.09.xsd',
);

/** What this spec reads of /api/me and of a structure's shares (R-PAY-03). */
interface Me {
  memberships: Array<{ structureId: number }>;
}
interface StructureShares {
  mouvements: Array<{ fluxId: number }>;
}

/** An API answer as JSON, its status checked. */
async function apiJson<T>(page: Page, token: string, url: string): Promise<T> {
  const response = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

const parisDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() + offsetDays * 86_400_000));

/** A licence of 142,80 € for a club of the ligue, its licensee taken from one of the ligue's earning sales. */
async function ligueClubLicence(
  page: Page,
  token: string,
  ligueId: number,
): Promise<{ fluxId: number; invoice: string }> {
  const shares = await apiJson<StructureShares>(page, token, `/api/structures/${ligueId}/quotes-parts?du=2000-01-01`);
  const earning = shares.mouvements[0];
  expect(earning, 'the ligue earns on a settled licence of one of its clubs').toBeDefined();
  const { MKP_FluxFinancier: sold } = await graphql<{ MKP_FluxFinancier: Array<Licensee & { ID_Structure: number }> }>(
    page,
    token,
    `{ MKP_FluxFinancier(where: { id: { _eq: ${earning!.fluxId} } }) { ID_Structure ID_Utilisateur ID_Saison UTI_Utilisateur { CT_Nom } } }`,
  );
  const licensee = sold[0]!;
  const fluxId = await licenceFlux(page, token, licensee.ID_Structure, licensee, `${parisDay(-7)}T10:00:00Z`);
  return { fluxId, invoice: `${licensee.ID_Saison}-FFME-${fluxId}` };
}

/** 'Relevés bancaires': a camt.053 whose credit pays the invoice, reconciled by one click on its proposal. */
async function settleByTransfer(page: Page, token: string, invoice: string): Promise<void> {
  const ribs = await apiJson<Array<{ IBAN: string; IBANMasque: boolean; EST_Valide: boolean }>>(
    page,
    token,
    '/api/structure_ribs/structure/1318?structureId=1318',
  );
  const rib = ribs.find((item) => item.EST_Valide && !item.IBANMasque);
  if (!rib) throw new Error('the head office has no readable valid RIB');
  // A day of its own: one statement per account and day, and the other bank specs use theirs.
  const day = parisDay(-6);
  const statementId = `E2E-REVERSEMENT-${Date.now()}`;
  const file = camt053Xml([
    {
      id: statementId,
      iban: rib.IBAN.replace(/\s/g, ''),
      fromDate: day,
      toDate: day,
      openingCents: 2_000_000,
      entries: [
        {
          reference: `${statementId}-1`,
          bookingDate: day,
          amountCents: 14_280,
          direction: 'credit',
          label: 'VIR SEPA RECU',
          remittance: [`REGLEMENT FACTURE ${invoice}`],
          debtorName: 'CLUB E2E',
        },
      ],
    },
  ]);
  await page.goto('/export-fichiers/sepa?onglet=releves');
  await page.getByLabel('Fichier de relevé bancaire (camt.053 ou CFONB 120)').setInputFiles({
    name: `${statementId}.xml`,
    mimeType: 'application/xml',
    buffer: file,
  });
  await expect(page.getByRole('status', { name: 'Résultat de l’import' })).toContainText('1 écriture ajoutée');
  const proposals = page.getByRole('list', { name: /^Propositions pour le crédit de/ });
  await proposals.getByRole('button', { name: `Rapprocher de Facture ${invoice}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'rapproché : 1 flux réglé.' })).toBeVisible();
}

/** 'Générer le fichier de virements', its download, and the file checked against its official schema. */
async function generateAndDownloadPayouts(page: Page): Promise<string> {
  await page.goto('/export-fichiers/sepa');
  await expect(page.getByRole('heading', { name: 'Générer les virements SEPA' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Structures à payer et montants dus' })).toBeVisible();
  await expectNoAxeViolations(page, 'Générer les virements SEPA');
  await page.getByRole('button', { name: 'Générer le fichier de virements' }).click();
  const dialog = page.getByRole('dialog', { name: 'Générer le fichier de virements ?' });
  await dialog.getByRole('button', { name: 'Générer', exact: true }).click();
  const result = page.getByRole('alert').filter({ hasText: /Fichier .* généré/ });
  await expect(result).toBeVisible();
  const download = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Télécharger' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^virements-sepa-\d+-\d{4}-\d{2}-\d{2}\.xml$/);
  const saved = path.join(await mkdtemp(path.join(tmpdir(), 'gdf-e2e-')), file.suggestedFilename());
  await file.saveAs(saved);
  await promisify(execFile)('xmllint', ['--noout', '--schema', XSD, saved]);
  await expect(page.getByRole('table', { name: 'Fichiers de virements générés' })).toContainText(
    file.suggestedFilename(),
  );
  return saved;
}

// R-PAY-01, R-PAY-03, R-PAY-05 to R-PAY-09: the head office sets the ligues' share of the
// licences in its settings; a club's licence settled by a reconciled transfer earns its ligue
// 10 %, shown on the ligue's page; 'Générer les virements SEPA' previews, generates and
// downloads a pain.001 file its official schema accepts; the ligue downloads its relevé de
// reversements, which lists that share.
test('a ligue’s share of a settled licence, seen on its page, paid by a credit-transfer file, in its relevé', async ({
  page,
  browser,
}) => {
  const token = await signIn(page, 'siege@demo.fr');
  await page.goto('/gestion-comptabilite/parametrages/flux-financier');
  const shares = page.getByRole('region', { name: 'Quotes-parts des ligues et comités' });
  await shares.getByRole('combobox', { name: 'Catégorie ou tarif' }).click();
  await page.getByRole('option', { name: 'Licence', exact: true }).click();
  await shares.getByRole('combobox', { name: 'Niveau' }).click();
  await page.getByRole('option', { name: 'Ligue', exact: true }).click();
  await shares.getByRole('textbox', { name: 'Taux (%)' }).fill('10');
  await shares.getByRole('button', { name: 'Enregistrer la quote-part' }).click();
  await expect(shares.getByRole('table', { name: 'Quotes-parts des ligues et comités' })).toContainText('10 %');
  await expectNoAxeViolations(page, 'Quotes-parts');

  // The demo ligue's administrator, in a browser of their own.
  const ligueContext = await browser.newContext();
  const liguePage = await ligueContext.newPage();
  const ligueToken = await signIn(liguePage, 'ligue@demo.fr');
  const me = await apiJson<Me>(liguePage, ligueToken, '/api/me');
  const ligueId = me.memberships[0]!.structureId;

  // One of its clubs' licences, settled by a transfer the head office reconciles.
  const { invoice } = await ligueClubLicence(page, token, ligueId);
  await settleByTransfer(page, token, invoice);
  await page.goto(`/gestion-des-finances/structures/${ligueId}/situation`);
  const earned = page.getByRole('region', { name: 'Quotes-parts acquises' });
  await expect(earned).toContainText('Cumul acquis');
  const row = earned.getByRole('row').filter({ hasText: invoice });
  await expect(row).toContainText('Acquisition');
  await expect(row).toContainText('14,28');

  await generateAndDownloadPayouts(page);

  // The ligue's own page: its relevé de reversements lists the share.
  await liguePage.goto(`/gestion-des-finances/structures/${ligueId}/situation`);
  const statement = liguePage.getByRole('group', { name: 'Relevé de reversements' });
  const pdf = liguePage.waitForEvent('download');
  await statement.getByRole('button', { name: 'Télécharger le relevé (PDF)' }).click();
  const pdfFile = await pdf;
  const pdfPath = path.join(await mkdtemp(path.join(tmpdir(), 'gdf-e2e-')), pdfFile.suggestedFilename());
  await pdfFile.saveAs(pdfPath);
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', pdfPath, '-']);
  expect(stdout).toContain('Relevé de reversements');
  expect(stdout).toContain(invoice);
  const xlsx = liguePage.waitForEvent('download');
  await statement.getByRole('button', { name: 'Télécharger le tableur (xlsx)' }).click();
  expect((await xlsx).suggestedFilename()).toMatch(/\.xlsx$/);
  await expectNoAxeViolations(liguePage, 'Relevé de reversements');
  await ligueContext.close();
});
